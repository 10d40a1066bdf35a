import type { SocketCounter } from '../../ports/socket-counter.ts';

/** One process's open sockets per key. */
export class MemorySocketCounter implements SocketCounter {
  readonly #open = new Map<string, number>();

  acquireNow(key: string, limit: number): boolean {
    const count = this.#open.get(key) ?? 0;
    if (count >= limit) return false;
    this.#open.set(key, count + 1);
    return true;
  }

  async acquire(key: string, limit: number): Promise<boolean> {
    return this.acquireNow(key, limit);
  }

  release(key: string): void {
    const left = (this.#open.get(key) ?? 1) - 1;
    if (left > 0) this.#open.set(key, left);
    else this.#open.delete(key);
  }

  count(key: string): number {
    return this.#open.get(key) ?? 0;
  }

  /** Each key this process holds sockets of, with how many. */
  entries(): IterableIterator<[string, number]> {
    return this.#open.entries();
  }

  async close(): Promise<void> {
    this.#open.clear();
  }
}
