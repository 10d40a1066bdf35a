import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer, freshServerBundle } from './server-bundle.mjs';

describe("npm start's bundle of the server", { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'pitchside-bundle-'));
  const file = join(root, 'out', 'main.mjs');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const run = () => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();

  it("runs the entry with each module's own file as its import.meta.url", async () => {
    write('server/main.ts', "import { greeting, where } from './words/greeting.ts';\nconsole.log(`${greeting}@${where}`);\n");
    write('server/words/greeting.ts', "export const greeting: string = 'hello';\nexport const where = new URL('.', import.meta.url).href;\n");
    expect((await freshServerBundle({ root, file })).rebuilt).toBe(true);
    expect(run()).toBe(`hello@${pathToFileURL(join(root, 'server/words/')).href}`);
  });

  it('is used as it is while no file it was made of changed', async () => {
    expect((await freshServerBundle({ root, file })).rebuilt).toBe(false);
  });

  it('is made again when a source changes, even to the same size', async () => {
    write('server/words/greeting.ts', "export const greeting: string = 'howdy';\nexport const where = new URL('.', import.meta.url).href;\n");
    expect((await freshServerBundle({ root, file })).rebuilt).toBe(true);
    expect(run()).toMatch(/^howdy@/);
    // Same text length, and a modification time set back to the one before: the size and time still differ from
    // those recorded for the bundle just made, so it is made again.
    write('server/words/greeting.ts', "export const greeting: string = 'hallo';\nexport const where = new URL('.', import.meta.url).href;\n");
    utimesSync(join(root, 'server/words/greeting.ts'), 1_000, 1_000);
    expect((await freshServerBundle({ root, file })).rebuilt).toBe(true);
    expect(run()).toMatch(/^hallo@/);
  });

  it('is made again when a source it was made of is gone, and then says what is missing', async () => {
    rmSync(join(root, 'server/words/greeting.ts'));
    await expect(freshServerBundle({ root, file })).rejects.toThrow(/greeting/);
  });

  it("bundles the site's own server, packages included", async () => {
    const site = join(root, 'site', 'main.mjs');
    const { inputs } = await bundleServer({ file: site });
    expect(inputs).toBeGreaterThan(200);
  });
});
