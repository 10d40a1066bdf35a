import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestUrl } from '../../realtime/redis-test-url.ts';
import { MemorySendCounter } from './memory-send-counter.ts';
import { RedisSendCounter } from './redis-send-counter.ts';

const limit = { messages: 5, windowMs: 10_000 };

describe('the memory send counter', () => {
  it('allows the limit in a window, then again once the window slid past', async () => {
    const counter = new MemorySendCounter();
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((step) => counter.take('room:1', limit, 1_000 + step)));
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(await counter.take('room:2', limit, 1_006)).toBe(true);
    expect(await counter.take('room:1', limit, 11_001)).toBe(true);
    await counter.close();
  });

  it('tells how long until the oldest send leaves the window', async () => {
    const counter = new MemorySendCounter();
    expect(await counter.wait('slow:1:2', { messages: 1, windowMs: 10_000 }, 1_000)).toBe(0);
    expect(await counter.wait('slow:1:2', { messages: 1, windowMs: 10_000 }, 4_000)).toBe(7_000);
    expect(await counter.wait('slow:1:2', { messages: 1, windowMs: 10_000 }, 11_001)).toBe(0);
    await counter.close();
  });
});

const redisUrl = await redisTestUrl();

describe.skipIf(!redisUrl)('the Redis send counter', () => {
  // A prefix of this run's own, so runs sharing a Redis never count each other's sends.
  const prefix = `pitchside-test:${randomUUID()}:`;
  const counters = [new RedisSendCounter(redisUrl!, undefined, prefix), new RedisSendCounter(redisUrl!, undefined, prefix)];
  afterAll(() => Promise.all(counters.map((counter) => counter.close())));

  it('holds one limit across two processes counting the same sender', async () => {
    const now = Date.now();
    const answers: boolean[] = [];
    for (let step = 0; step < 10; step++) answers.push(await counters[step % 2]!.take('room:7', limit, now + step));
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect(answers.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(await counters[0]!.take('room:8', limit, now + 11)).toBe(true);
    expect(await counters[1]!.take('room:7', limit, now + 10_005)).toBe(true);
  });

  it('tells how long a sender waits for its next place, counted by whichever process (slow mode)', async () => {
    const now = Date.now();
    const slow = { messages: 1, windowMs: 10_000 };
    expect(await counters[0]!.wait('slow:3:4', slow, now)).toBe(0);
    expect(await counters[1]!.wait('slow:3:4', slow, now + 2_500)).toBe(7_500);
    expect(await counters[1]!.wait('slow:3:4', slow, now + 10_001)).toBe(0);
  });

  it('never lets more through than the limit when both count at once', async () => {
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, step) => counters[step % 2]!.take('private:9', limit, now)));
    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});
