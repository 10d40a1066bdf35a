import type { SendCounter, SendLimit } from '../../ports/send-counter.ts';

/** One process's sliding windows: each key's recent send times, pruned once a minute. */
export class MemorySendCounter implements SendCounter {
  readonly #sent = new Map<string, { windowMs: number; times: number[] }>();
  readonly #prune: NodeJS.Timeout;

  constructor(now: () => number = Date.now) {
    this.#prune = setInterval(() => this.prune(now()), 60_000);
    this.#prune.unref();
  }

  takeNow(key: string, limit: SendLimit, now: number): boolean {
    return this.waitNow(key, limit, now) === 0;
  }

  /** 0 when the send is counted, else the ms until the oldest one in the window leaves it. */
  waitNow(key: string, limit: SendLimit, now: number): number {
    const held = this.#sent.get(key);
    const recent = (held?.times ?? []).filter((at) => at > now - limit.windowMs);
    const allowed = recent.length < limit.messages;
    if (allowed) recent.push(now);
    this.#sent.set(key, { windowMs: limit.windowMs, times: recent });
    return allowed ? 0 : Math.max(1, recent[0]! + limit.windowMs - now);
  }

  async take(key: string, limit: SendLimit, now: number): Promise<boolean> {
    return this.takeNow(key, limit, now);
  }

  async wait(key: string, limit: SendLimit, now: number): Promise<number> {
    return this.waitNow(key, limit, now);
  }

  /** Forgets keys with no send in their window, so the map does not grow without end. */
  prune(now: number): void {
    for (const [key, { windowMs, times }] of this.#sent) if (times.every((at) => at <= now - windowMs)) this.#sent.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#prune);
    this.#sent.clear();
  }
}
