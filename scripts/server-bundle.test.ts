import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../tests/free-port.ts';
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

describe("the site run from npm start's bundle", { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-bundled-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves its calls, their validation, the docs, the development routes and the site socket', async () => {
    const { file } = await freshServerBundle();
    const port = await freePort();
    const site = spawn(process.execPath, [file], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', FEED: 'off', MEDIA_SERVER: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const origin = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 150_000;
      let config: { code?: number; data?: { site_name?: string } } = {};
      while (config.code !== 0) {
        if (site.exitCode !== null) throw new Error(`the bundled server exited with ${site.exitCode}`);
        if (Date.now() > deadline) throw new Error('the bundled server gave no answer in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
        config = (await fetch(`${origin}/api/universal/getConfig`).then((response) => response.json(), () => ({}))) as typeof config;
      }
      expect(config.data?.site_name).toBe('Pitchside');

      const login = await fetch(`${origin}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({}) });
      const refusal = (await login.json()) as { code: number; msg: string };
      expect(refusal.code).toBe(1);
      expect(refusal.msg).toMatch(/mobile|password|altcha/);

      const docs = await fetch(`${origin}/api/docs`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('universalGetConfig');

      const advance = await fetch(`${origin}/dev/feed/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ minutes: 0 }) });
      expect(advance.status).toBe(400);

      const frame = await new Promise<{ code?: number }>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        socket.once('error', reject);
        socket.once('open', () => socket.send(JSON.stringify({ type: 'register', info: 'web' })));
        socket.once('message', (raw) => {
          socket.close();
          resolve(JSON.parse(String(raw)) as { code?: number });
        });
      });
      expect(frame.code).toBe(101);
    } finally {
      const exited = new Promise((resolve) => site.once('exit', resolve));
      site.kill('SIGTERM');
      await exited;
    }
  });
});
