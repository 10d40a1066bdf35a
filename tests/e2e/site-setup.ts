import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildTheApp, isAppStale } from '../../server/site/app-build.ts';
import { freePort } from '../free-port.ts';

/** The site as a new user starts it: built app, `server/main.ts`, a fresh data directory. */
export default async function setup(project: TestProject) {
  const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
  if (await isAppStale(distDir)) await buildTheApp(distDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'pitchside-e2e-'));
  // E2E_PORT and E2E_RTMP_PORT pin the ports, for machines where each run keeps to a range of its own.
  const port = Number(process.env.E2E_PORT) || (await freePort());
  // The media server (nginx with its RTMP module, where installed) takes pushes on a port of its own.
  const rtmpPort = Number(process.env.E2E_RTMP_PORT) || (await freePort());
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/universal/getConfig`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('siteUrl', baseUrl);
  return () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
  }
}
