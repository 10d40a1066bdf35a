import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTemplateCopy } from '../tests/api/database-template.ts';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/database.ts';

describe('the built app as the server serves it', () => {
  let database: DatabaseHandle;
  let distDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    distDir = mkdtempSync(join(tmpdir(), 'pitchside-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(distDir, 'assets', 'index-first.js'), 'console.log(1)');
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

  it('answers an unknown API path with the JSON 404', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/no/such/call', headers: { lang: 'en' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 1, msg: 'Not found' });
  });
});
