import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTemplateCopy } from '../tests/api/database-template.ts';
import { pageDescription, publicPages, siteDescription } from '../src/public-pages.ts';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/database.ts';

const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built app as the server serves it', () => {
  let database: DatabaseHandle;
  let distDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    distDir = mkdtempSync(join(tmpdir(), 'pitchside-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><head><meta name="description" content="Pitchside: the site" /></head><div id="root"></div>',
    );
    writeFileSync(join(distDir, 'assets', 'index-first.js'), 'console.log(1)');
    // As the build writes them (vite.config.ts, precompressAssets).
    writeFileSync(join(distDir, 'assets', 'index-big.js'), bigScript);
    writeFileSync(join(distDir, 'assets', 'index-big.js.br'), brotliCompressSync(bigScript));
    writeFileSync(join(distDir, 'assets', 'index-big.js.gz'), gzipSync(bigScript));
    app = await buildApp({ database, distDir });
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a page path with index.html, asked for afresh each time', async () => {
    const answer = await app.inject({ method: 'GET', url: '/football?x=1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toContain('id="root"');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-first.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves files a rebuild wrote after the server started', async () => {
    writeFileSync(join(distDir, 'assets', 'index-second.js'), 'console.log(2)');
    const answer = await app.inject({ method: 'GET', url: '/assets/index-second.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('console.log(2)');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('application/json');
  });

  it('sends the brotli file the build wrote to a browser that takes brotli, gzip to one that takes gzip', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-big.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gzip = await app.inject({ method: 'GET', url: '/assets/index-big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-big.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses large API answers, per request', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('serves a robots.txt that points at the sitemap, and a sitemap of the public pages', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'pitchside.test' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://pitchside.test/sitemap.xml');

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'pitchside.test' } });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(publicPages.map((page) => `http://pitchside.test${page.path}`));
    expect(locs).toContain('http://pitchside.test/football');
  });

  it('serves each page with its own description, in the language the browser asks for', async () => {
    const zh = await app.inject({ method: 'GET', url: '/football', headers: { 'accept-encoding': 'identity' } });
    expect(zh.body).toContain(`<meta name="description" content="${pageDescription('/football').zh}" />`);
    expect(zh.body).toContain('id="root"');
    const en = await app.inject({ method: 'GET', url: '/basketball?x=1', headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(en.body).toContain(`content="${pageDescription('/basketball').en}"`);
    const other = await app.inject({ method: 'GET', url: '/member', headers: { 'accept-language': 'en' } });
    expect(other.body).toContain(`content="${siteDescription.en}"`);
    const br = await app.inject({ method: 'GET', url: '/football', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(zh.body);
    // An encoding the browser refuses (q=0) is not the one it is sent.
    const refused = await app.inject({ method: 'GET', url: '/football', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/no/such/call', headers: { lang: 'en' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 1, msg: 'Not found' });
  });

  it('sends pages their content policy, and API answers one that allows nothing and no framing', async () => {
    const page = await app.inject({ method: 'GET', url: '/football' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    for (const url of ['/api/universal/getConfig', '/api/no/such/call']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(answer.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
    }
  });
});

describe('the site while its database opens', () => {
  let distDir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let ready!: () => void;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    distDir = mkdtempSync(join(tmpdir(), 'pitchside-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(distDir, 'assets', 'index-first.js'), 'console.log(1)');
    const databaseReady = new Promise<void>((resolve) => (ready = resolve));
    app = await buildApp({ database, distDir, databaseReady, startupWaitMs: 100 });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the app at once, answers calls with a 503 in the envelope, then answers them once it is open', async () => {
    // The built app needs no database: its first paint does not wait for it, its calls do.
    const page = await app.inject({ method: 'GET', url: '/main', headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
    expect((await app.inject({ method: 'GET', url: '/assets/index-first.js' })).statusCode).toBe(200);

    const started = performance.now();
    const call = await app.inject({ method: 'GET', url: '/api/universal/getConfig', headers: { lang: 'en' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ code: 1, msg: 'The site is starting: please try again in a moment', data: null });

    // A call that arrives while the database is about to be ready waits for it.
    const waiting = app.inject({ method: 'GET', url: '/api/universal/getConfig' });
    ready();
    expect((await waiting).json()).toMatchObject({ code: 0 });
    const after = await app.inject({ method: 'GET', url: '/main' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('id="root"');
  });
});

describe('the site while its app is being built (npm start on a fresh clone)', () => {
  let distDir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let built!: () => void;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    // Not there yet: the build makes it.
    distDir = join(mkdtempSync(join(tmpdir(), 'pitchside-build-')), 'dist');
    const appBuilt = new Promise<void>((resolve) => (built = resolve));
    app = await buildApp({ database, distDir, databaseReady: Promise.resolve(), appBuilt });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers calls at once, shows the start-up page for pages, and serves the app once the build is done', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/universal/getConfig' })).json()).toMatchObject({ code: 0 });
    const page = await app.inject({ method: 'GET', url: '/main', headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('Pitchside is starting');

    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    built();
    await new Promise((resolve) => setImmediate(resolve));
    const after = await app.inject({ method: 'GET', url: '/main' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('id="root"');
  });
});
