import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SendCounter, SendLimit } from '../../ports/send-counter.ts';
import { MemorySendCounter } from './memory-send-counter.ts';

/**
 * A sliding log per key in a sorted set, trimmed, counted and added to in one script, so two processes counting
 * the same sender at once never both take the last place. Answers 0 when counted, else the ms until the oldest
 * send leaves the window.
 */
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + tonumber(ARGV[2]) - tonumber(ARGV[1]))
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

type CountingRedis = Redis & { takeSend(key: string, now: number, windowMs: number, messages: number, member: string): Promise<number> };

/**
 * The windows in Redis, shared by every process. While Redis does not answer, this process counts alone (as one
 * process would) rather than refusing every chat line or letting floods through.
 */
export class RedisSendCounter implements SendCounter {
  readonly #redis: Promise<CountingRedis>;
  readonly #fallback = new MemorySendCounter();

  constructor(
    url: string,
    private readonly log?: FastifyBaseLogger,
    private readonly prefix = 'pitchside:send:',
  ) {
    // ioredis is loaded only when there is a Redis: one process's start-up does not pay for it.
    this.#redis = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) as CountingRedis;
      redis.on('error', (error: Error) => log?.warn({ err: error }, 'send counter: redis connection error'));
      redis.defineCommand('takeSend', { numberOfKeys: 1, lua: takeScript });
      return redis;
    });
  }

  async take(key: string, limit: SendLimit, now: number): Promise<boolean> {
    return (await this.wait(key, limit, now)) === 0;
  }

  async wait(key: string, limit: SendLimit, now: number): Promise<number> {
    try {
      const redis = await this.#redis;
      return await redis.takeSend(this.prefix + key, now, limit.windowMs, limit.messages, `${String(now)}:${randomUUID()}`);
    } catch (error) {
      this.log?.warn({ err: error, key }, 'send counter: redis failed, counting in this process');
      return this.#fallback.waitNow(key, limit, now);
    }
  }

  async close(): Promise<void> {
    await this.#fallback.close();
    const redis = await this.#redis;
    await (redis.status === 'ready' ? redis.quit() : Promise.resolve(redis.disconnect()));
  }
}

export function sendCounterFor(redisUrl: string | undefined, log?: FastifyBaseLogger): SendCounter {
  return redisUrl ? new RedisSendCounter(redisUrl, log) : new MemorySendCounter();
}
