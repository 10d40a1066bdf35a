import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

import type { Bus, BusBytesHandler, BusHandler, Unsubscribe } from '../ports/bus.ts';

/** Redis pub/sub when `redisUrl` is given (several processes), else the in-process bus (one process). */
export function createBus(redisUrl?: string, log?: FastifyBaseLogger): Bus {
  return redisUrl ? new RedisBus(redisUrl, log) : new InProcessBus(log);
}

type Subscription = { bytes: false; handler: BusHandler } | { bytes: true; handler: BusBytesHandler };

/** One published message, converted at most once to the other form for the subscribers that take it so. */
class Message {
  #value: { ok: true; value: unknown } | { ok: false } | undefined;
  #bytes: Buffer | undefined;

  private constructor(value: { ok: true; value: unknown } | undefined, bytes: Buffer | undefined) {
    this.#value = value;
    this.#bytes = bytes;
  }

  static ofValue(value: unknown): Message {
    return new Message({ ok: true, value }, undefined);
  }

  static ofBytes(bytes: Buffer): Message {
    return new Message(undefined, bytes);
  }

  get bytes(): Buffer {
    // Without bytes a message was made from its value, so #value is set.
    this.#bytes ??= Buffer.from(JSON.stringify(this.#value?.ok ? this.#value.value : null));
    return this.#bytes;
  }

  /** The JSON value; not ok when the bytes are not JSON. */
  value(): { ok: true; value: unknown } | { ok: false } {
    if (!this.#value) {
      try {
        this.#value = { ok: true, value: JSON.parse(this.#bytes!.toString('utf8')) };
      } catch {
        this.#value = { ok: false };
      }
    }
    return this.#value;
  }
}

class Subscribers {
  readonly #subscriptions = new Map<string, Set<Subscription>>();

  constructor(private readonly log: FastifyBaseLogger | undefined) {}

  /** Returns true when this is the channel's first subscription. */
  add(channel: string, subscription: Subscription): boolean {
    const set = this.#subscriptions.get(channel);
    if (set) {
      set.add(subscription);
      return false;
    }
    this.#subscriptions.set(channel, new Set([subscription]));
    return true;
  }

  /** Returns true when the channel has no subscription left. */
  remove(channel: string, subscription: Subscription): boolean {
    const set = this.#subscriptions.get(channel);
    if (!set?.delete(subscription) || set.size > 0) return false;
    this.#subscriptions.delete(channel);
    return true;
  }

  deliver(channel: string, message: Message): void {
    for (const subscription of this.#subscriptions.get(channel) ?? []) {
      // One failing subscriber must not keep the message from the others.
      try {
        if (subscription.bytes) {
          subscription.handler(message.bytes);
          continue;
        }
        const parsed = message.value();
        if (parsed.ok) subscription.handler(parsed.value);
        else this.log?.warn({ channel }, 'bus dropped a message that is not JSON');
      } catch (error) {
        this.log?.error({ err: error, channel }, 'bus subscriber failed');
      }
    }
  }

  clear(): void {
    this.#subscriptions.clear();
  }
}

export class InProcessBus implements Bus {
  readonly #subscribers: Subscribers;

  constructor(log?: FastifyBaseLogger) {
    this.#subscribers = new Subscribers(log);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    this.#deliverLater(channel, Message.ofValue(message));
  }

  async publishBytes(channel: string, bytes: Buffer): Promise<void> {
    this.#deliverLater(channel, Message.ofBytes(bytes));
  }

  #deliverLater(channel: string, message: Message): void {
    // Delivered on a later tick, as Redis would, so a publisher never re-enters its own handler.
    queueMicrotask(() => this.#subscribers.deliver(channel, message));
  }

  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    return this.#subscribe(channel, { bytes: false, handler });
  }

  subscribeBytes(channel: string, handler: BusBytesHandler): Promise<Unsubscribe> {
    return this.#subscribe(channel, { bytes: true, handler });
  }

  async #subscribe(channel: string, subscription: Subscription): Promise<Unsubscribe> {
    this.#subscribers.add(channel, subscription);
    return async () => {
      this.#subscribers.remove(channel, subscription);
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
      // Only the bytes: with a 'message' listener ioredis would also decode every message to a string.
      subscriber.on('messageBuffer', (channel: Buffer, bytes: Buffer) => {
        this.#subscribers.deliver(channel.toString(), Message.ofBytes(bytes));
      });
      return { publisher, subscriber };
    });
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await (await this.#clients).publisher.publish(channel, JSON.stringify(message));
  }

  async publishBytes(channel: string, bytes: Buffer): Promise<void> {
    await (await this.#clients).publisher.publish(channel, bytes);
  }

  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    return this.#subscribe(channel, { bytes: false, handler });
  }

  subscribeBytes(channel: string, handler: BusBytesHandler): Promise<Unsubscribe> {
    return this.#subscribe(channel, { bytes: true, handler });
  }

  async #subscribe(channel: string, subscription: Subscription): Promise<Unsubscribe> {
    if (this.#subscribers.add(channel, subscription)) this.#live.set(channel, this.#clients.then(({ subscriber }) => subscriber.subscribe(channel)));
    try {
      await this.#live.get(channel);
    } catch (error) {
      if (this.#subscribers.remove(channel, subscription)) this.#live.delete(channel);
      throw error;
    }
    return async () => {
      if (!this.#subscribers.remove(channel, subscription)) return;
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
