import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBus } from './bus.ts';
import type { Bus } from '../ports/bus.ts';
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

  it.skipIf(skip)('gives bytes as they are to byte subscribers, parsed to the others, and a JSON message as its text', async () => {
    const [publisher, listener] = pair();
    const name = channel();
    const bytes = vi.fn<(bytes: Buffer) => void>();
    const values = vi.fn();
    await listener.subscribeBytes(name, bytes);
    await listener.subscribe(name, values);

    await publisher.publishBytes(name, Buffer.from('{"n":"一"}'));
    await publisher.publish(name, { n: 2 });
    await publisher.publishBytes(name, Buffer.from([0xff, 0x00, 0x0a]));
    await vi.waitFor(() => expect(bytes).toHaveBeenCalledTimes(3));

    expect(bytes.mock.calls.map(([received]) => received.toString('hex'))).toEqual([
      Buffer.from('{"n":"一"}').toString('hex'),
      Buffer.from('{"n":2}').toString('hex'),
      'ff000a',
    ]);
    // Bytes that are not JSON reach the byte subscribers only.
    expect(values.mock.calls).toEqual([[{ n: '一' }], [{ n: 2 }]]);
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
