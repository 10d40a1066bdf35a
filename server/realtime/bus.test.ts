import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBus, type Bus } from './bus.ts';
import { redisTestUrl } from './redis-test-url.ts';

const redisUrl = await redisTestUrl();

const buses: Bus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

describe.each([
  { name: 'in-process', url: undefined, skip: false },
  { name: 'Redis', url: redisUrl, skip: !redisUrl },
])('$name bus', ({ url, skip }) => {
  // A channel per test, so parallel runs sharing one Redis do not hear each other.
  const channel = () => `pitchside-test:bus:${process.pid}:${Math.random()}`;
  const open = () => {
    const bus = createBus(url);
    buses.push(bus);
    return bus;
  };
  // In-process, one process shares one bus; over Redis, two buses stand for two server processes.
  const pair = (): [Bus, Bus] => {
    const first = open();
    return [first, url ? open() : first];
  };

  it.skipIf(skip)('delivers each message to every subscriber until it unsubscribes', async () => {
    const [publisher, listener] = pair();
    const name = channel();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = await listener.subscribe(name, first);
    await publisher.subscribe(name, second);

    await publisher.publish(name, { n: 1 });
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith({ n: 1 }));
    await vi.waitFor(() => expect(first).toHaveBeenCalledWith({ n: 1 }));

    await unsubscribeFirst();
    await publisher.publish(name, { n: 2 });
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith({ n: 2 }));
    expect(first).toHaveBeenCalledTimes(1);
  });

  it.skipIf(skip)('keeps delivering to the others when one subscriber throws', async () => {
    const bus = open();
    const name = channel();
    const after = vi.fn();
    await bus.subscribe(name, () => {
      throw new Error('subscriber bug');
    });
    await bus.subscribe(name, after);
    await bus.publish(name, 'hello');
    await vi.waitFor(() => expect(after).toHaveBeenCalledWith('hello'));
  });
});
