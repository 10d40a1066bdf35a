import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache.ts';

describe('the memory cache', () => {
  it('gives a loaded value at once until it expires, and nothing while it loads or after it failed', async () => {
    let now = 1_000;
    const cache = new MemoryCache(() => now);
    let finish: (value: string) => void = () => undefined;
    const loading = cache.get('rooms', 500, () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek('rooms')).toBeUndefined();
    finish('list');
    await loading;
    expect(cache.peek('rooms')).toEqual({ value: 'list' });
    now += 499;
    expect(cache.peek('rooms')).toEqual({ value: 'list' });
    now += 1;
    expect(cache.peek('rooms')).toBeUndefined();

    await expect(cache.get('config', 500, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('config')).toBeUndefined();
    expect(await cache.get('config', 500, async () => 'up')).toBe('up');
  });

  it('forgets what a write invalidates, loaded or not', async () => {
    const cache = new MemoryCache(() => 0);
    await cache.get('live_rooms:page1', 1_000, async () => 'a');
    await cache.get('site_config', 1_000, async () => 'b');
    cache.invalidate('live_rooms:');
    expect(cache.peek('live_rooms:page1')).toBeUndefined();
    expect(cache.peek('site_config')).toEqual({ value: 'b' });
    let loads = 0;
    await cache.get('live_rooms:page1', 1_000, async () => String((loads += 1)));
    expect(loads).toBe(1);
  });
});
