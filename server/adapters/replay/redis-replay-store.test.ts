import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestUrl } from '../../realtime/redis-test-url.ts';
import { RedisReplayStore } from './redis-replay-store.ts';

const redisUrl = await redisTestUrl();

const line = (seq: number, linked = true) => ({ stream: 'room-chat:live1', seq, companyId: null, frame: Buffer.from(`line ${String(seq)}`), ...(linked ? { prev: seq - 1 } : {}) });
const texts = (pushes: ReadonlyArray<{ frame: Buffer }> | null) => pushes?.map((push) => push.frame.toString()) ?? null;

describe.skipIf(!redisUrl)('the Redis replay store', () => {
  // A prefix of this run's own, so runs sharing a Redis never read each other's streams.
  const prefix = `pitchside-test:${randomUUID()}:`;
  const stores = [new RedisReplayStore(redisUrl!, undefined, { prefix }), new RedisReplayStore(redisUrl!, undefined, { prefix })];
  afterAll(() => Promise.all(stores.map((store) => store.close())));

  it('links pushes that name the one before, in whatever order two processes append them, each once', async () => {
    await stores[0]!.append([line(4), line(5)]);
    // The other process stored 7 after 6 but finished appending first; 5 is appended again (a send retried).
    await stores[1]!.append([line(7)]);
    await stores[0]!.append([line(6), line(5)]);
    expect(texts(await stores[1]!.after('room-chat:live1', 4))).toEqual(['line 5', 'line 6', 'line 7']);
    expect(texts(await stores[0]!.after('room-chat:live1', 6))).toEqual(['line 7']);
    expect(texts(await stores[0]!.after('room-chat:live1', 7))).toEqual([]);
  });

  it('answers null while a push in between is not held, and from before what it holds', async () => {
    const stream = 'room-chat:live2';
    await stores[0]!.append([{ ...line(10), stream }, { ...line(12), stream }]);
    // 11 is stored but not yet appended: a resume across it is not told 12 alone.
    expect(await stores[1]!.after(stream, 10)).toBeNull();
    await stores[1]!.append([{ ...line(11), stream }]);
    expect(texts(await stores[1]!.after(stream, 10))).toEqual(['line 11', 'line 12']);
    expect(await stores[1]!.after(stream, 8)).toBeNull();
  });
});
