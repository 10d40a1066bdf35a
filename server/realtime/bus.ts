import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type BusHandler = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Fan-out between server processes (DESIGN.md, Realtime): every subscriber of a channel, in this process or
 * another, gets every message published on it, the publisher included. Messages are JSON values.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live, so nothing published afterwards is missed. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** Redis pub/sub when `redisUrl` is given (several processes), else the in-process bus (one process). */
export function createBus(redisUrl?: string, log?: FastifyBaseLogger): Bus {
  return redisUrl ? new RedisBus(redisUrl, log) : new InProcessBus(log);
}

class Subscribers {
  readonly #handlers = new Map<string, Set<BusHandler>>();

  constructor(private readonly log: FastifyBaseLogger | undefined) {}

  /** Returns true when this is the channel's first handler. */
  add(channel: string, handler: BusHandler): boolean {
    const set = this.#handlers.get(channel);
    if (set) {
      set.add(handler);
      return false;
    }
    this.#handlers.set(channel, new Set([handler]));
    return true;
  }

  /** Returns true when the channel has no handler left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.#handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return false;
    this.#handlers.delete(channel);
    return true;
  }

  deliver(channel: string, message: unknown): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      // One failing subscriber must not keep the message from the others.
      try {
        handler(message);
      } catch (error) {
        this.log?.error({ err: error, channel }, 'bus subscriber failed');
      }
    }
  }

  clear(): void {
    this.#handlers.clear();
  }
}

export class InProcessBus implements Bus {
  readonly #subscribers: Subscribers;

  constructor(log?: FastifyBaseLogger) {
    this.#subscribers = new Subscribers(log);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    // Delivered on a later tick, as Redis would, so a publisher never re-enters its own handler.
    queueMicrotask(() => this.#subscribers.deliver(channel, message));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    this.#subscribers.add(channel, handler);
    return async () => {
      this.#subscribers.remove(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.#subscribers.clear();
  }
}

export class RedisBus implements Bus {
  // A connection in subscriber mode can run no other command, hence two. ioredis is loaded only when there is a
  // Redis: one process's start-up does not pay for it.
  readonly #clients: Promise<{ publisher: Redis; subscriber: Redis }>;
  readonly #subscribers: Subscribers;
  /** The SUBSCRIBE of each channel, so a second subscriber also waits until the channel is live. */
  readonly #live = new Map<string, Promise<unknown>>();

  constructor(url: string, log?: FastifyBaseLogger) {
    this.#subscribers = new Subscribers(log);
    this.#clients = import('ioredis').then(({ Redis }) => {
      const publisher = new Redis(url);
      const subscriber = new Redis(url);
      for (const [role, client] of [
        ['publisher', publisher],
        ['subscriber', subscriber],
      ] as const) {
        client.on('error', (error: Error) => log?.warn({ err: error, role }, 'redis bus connection error'));
      }
      subscriber.on('message', (channel: string, text: string) => {
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch (error) {
          log?.warn({ err: error, channel }, 'redis bus dropped a message that is not JSON');
          return;
        }
        this.#subscribers.deliver(channel, message);
      });
      return { publisher, subscriber };
    });
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await (await this.#clients).publisher.publish(channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    if (this.#subscribers.add(channel, handler)) this.#live.set(channel, this.#clients.then(({ subscriber }) => subscriber.subscribe(channel)));
    try {
      await this.#live.get(channel);
    } catch (error) {
      if (this.#subscribers.remove(channel, handler)) this.#live.delete(channel);
      throw error;
    }
    return async () => {
      if (!this.#subscribers.remove(channel, handler)) return;
      this.#live.delete(channel);
      await (await this.#clients).subscriber.unsubscribe(channel);
    };
  }

  async close(): Promise<void> {
    this.#subscribers.clear();
    this.#live.clear();
    const { publisher, subscriber } = await this.#clients;
    // QUIT waits for a reply, which never comes while Redis is unreachable.
    await Promise.allSettled(
      [publisher, subscriber].map((client) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()))),
    );
  }
}
