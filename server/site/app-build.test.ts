import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppStale } from './app-build.ts';

describe("the app build's staleness", () => {
  const root = mkdtempSync(join(tmpdir(), 'pitchside-app-build-'));
  const dist = join(root, 'dist');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('finds a missing build stale', async () => {
    mkdirSync(join(root, 'src/features/live'), { recursive: true });
    writeFileSync(join(root, 'src/features/live/live-room.tsx'), 'export {};');
    expect(await isAppStale(dist, root)).toBe(true);
  });

  it('finds a build newer than every source fresh, and stale again once a deep source changes', async () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    for (const path of ['src/features/live/live-room.tsx', 'src/features/live', 'src/features', 'src']) at(join(root, path), 1_000);
    at(join(dist, 'index.html'), 2_000);
    expect(await isAppStale(dist, root)).toBe(false);
    at(join(root, 'src/features/live/live-room.tsx'), 3_000);
    expect(await isAppStale(dist, root)).toBe(true);
  });
});
