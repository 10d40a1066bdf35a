import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SocketCounter } from '../../ports/socket-counter.ts';
import { MemorySocketCounter } from './memory-socket-counter.ts';

/**
 * One hash per address, a field per process holding its count there. A process's counts are counted only while
 * its liveness key lives: a process killed without closing its sockets stops counting within `ttlMs`, and the
 * first count of that address after drops its field. Summed, checked and added to in one script, so two processes
 * taking the last place at once never both get it. The liveness keys are read by name from the script (a single
 * Redis, not a cluster's slots: the site's other Redis uses are the same).
 */
const acquireScript = `
redis.call('SET', KEYS[2], '1', 'PX', ARGV[4])
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local holder = fields[i]
  if holder == ARGV[1] or redis.call('EXISTS', ARGV[3] .. holder) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], holder)
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

const releaseScript = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
`;

type CountingRedis = Redis & {
  acquireSocket(hash: string, alive: string, holder: string, limit: number, alivePrefix: string, ttlMs: number): Promise<number>;
  releaseSocket(hash: string, holder: string): Promise<number>;
};

/**
 * The counts in Redis, shared by every process. Each process also keeps its own, which it writes again on every
 * heartbeat (its liveness and its fields renewed, drift from a failed call mended), and which limits it alone
 * while Redis does not answer, rather than refusing every socket or taking any number.
 */
export class RedisSocketCounter implements SocketCounter {
  readonly #redis: Promise<CountingRedis>;
  readonly #own = new MemorySocketCounter();
  readonly #holder = randomUUID();
  /** Addresses with an acquire or a release sent to Redis and not yet answered. */
  readonly #inFlight = new Map<string, number>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly log?: FastifyBaseLogger,
    private readonly ttlMs = 30_000,
    private readonly prefix = 'pitchside:sockets:',
  ) {
    this.#redis = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) as CountingRedis;
      redis.on('error', (error: Error) => log?.warn({ err: error }, 'socket counter: redis connection error'));
      redis.defineCommand('acquireSocket', { numberOfKeys: 2, lua: acquireScript });
      redis.defineCommand('releaseSocket', { numberOfKeys: 1, lua: releaseScript });
      return redis;
    });
    this.#heartbeat = setInterval(() => void this.beat(), Math.max(100, Math.floor(ttlMs / 3)));
    this.#heartbeat.unref();
  }

  get #alive(): string {
    return `${this.prefix}alive:${this.#holder}`;
  }

  #hash(key: string): string {
    return `${this.prefix}address:${key}`;
  }

  async acquire(key: string, limit: number): Promise<boolean> {
    this.#begin(key);
    try {
      const redis = await this.#redis;
      const taken = (await redis.acquireSocket(this.#hash(key), this.#alive, this.#holder, limit, `${this.prefix}alive:`, this.ttlMs)) === 1;
      if (taken) this.#own.acquireNow(key, Number.POSITIVE_INFINITY);
      return taken;
    } catch (error) {
      this.log?.warn({ err: error, key }, 'socket counter: redis failed, counting in this process');
      return this.#own.acquireNow(key, limit);
    } finally {
      this.#end(key);
    }
  }

  release(key: string): void {
    this.#own.release(key);
    this.#begin(key);
    void this.#redis
      .then((redis) => redis.releaseSocket(this.#hash(key), this.#holder))
      .catch((error: unknown) => this.log?.warn({ err: error, key }, 'socket counter: redis failed to release; the next heartbeat mends it'))
      .finally(() => this.#end(key));
  }

  /**
   * Renews this process's liveness and writes its counts again, except those of addresses with a count on its
   * way to Redis: written now, that count would be counted twice or not at all once it lands.
   */
  async beat(): Promise<void> {
    try {
      const redis = await this.#redis;
      const batch = redis.multi().set(this.#alive, '1', 'PX', this.ttlMs);
      for (const [key, count] of this.#own.entries()) {
        if (!this.#inFlight.has(key)) batch.hset(this.#hash(key), this.#holder, count);
        batch.pexpire(this.#hash(key), this.ttlMs);
      }
      await batch.exec();
    } catch (error) {
      this.log?.warn({ err: error }, 'socket counter: heartbeat failed');
    }
  }

  #begin(key: string): void {
    this.#inFlight.set(key, (this.#inFlight.get(key) ?? 0) + 1);
  }

  #end(key: string): void {
    const left = (this.#inFlight.get(key) ?? 1) - 1;
    if (left > 0) this.#inFlight.set(key, left);
    else this.#inFlight.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    const redis = await this.#redis;
    try {
      const batch = redis.multi().del(this.#alive);
      for (const [key] of this.#own.entries()) batch.hdel(this.#hash(key), this.#holder);
      await batch.exec();
    } catch (error) {
      this.log?.warn({ err: error }, 'socket counter: could not give back its counts; they lapse with its liveness');
    }
    await this.#own.close();
    await (redis.status === 'ready' ? redis.quit() : Promise.resolve(redis.disconnect()));
  }
}

export function socketCounterFor(redisUrl: string | undefined, log?: FastifyBaseLogger, ttlMs?: number): SocketCounter {
  return redisUrl ? new RedisSocketCounter(redisUrl, log, ttlMs) : new MemorySocketCounter();
}
