/**
 * A small time-bounded cache for hot reads. PGlite runs one query at a time, so values every page
 * asks for (system config, room lists) are kept here for a few seconds instead of re-queried.
 */
interface CacheEntry {
  expiresAt: number;
  value: Promise<unknown>;
  /** The value once loaded, for `peek`. */
  settled?: { value: unknown };
}

export class MemoryCache {
  readonly #entries = new Map<string, CacheEntry>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** The cached value of `key`, or the loader's, shared by concurrent callers; failures are not kept. */
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.nowMs()) return entry.value as Promise<T>;
    const value = load();
    const loading: CacheEntry = { expiresAt: this.nowMs() + ttlMs, value };
    this.#entries.set(key, loading);
    value.then(
      (loaded) => {
        loading.settled = { value: loaded };
      },
      () => {
        if (this.#entries.get(key) === loading) this.#entries.delete(key);
      },
    );
    return value;
  }

  /** The value `get` would give at once, without a turn of the event loop: only one already loaded and not expired. */
  peek(key: string): { value: unknown } | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expiresAt > this.nowMs() ? entry.settled : undefined;
  }

  /** Forgets every key starting with `prefix`, after a write that changes them. */
  invalidate(prefix: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key);
  }
}
