import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { openTemplateCopy } from './database-template.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  baseUrl: string;
  /** Calls a contract path the way the app does: GET with a query, POST with a JSON body; in English unless a `lang` header says otherwise. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    input?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Envelope<T> & { status: number }>;
  close(): Promise<void>;
}

/** The app on a real loopback port over a private copy of the seeded world. */
export async function startTestServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const database = await openTemplateCopy(inject('databaseTemplate'));
  // The tests speak from many addresses through X-Forwarded-For, so per-IP limits stay apart.
  // Rate limits are off unless a test asks for them: the suites call from few addresses on purpose.
  const app = await buildApp({ database, distDir: '/nonexistent', trustProxy: true, rateLimits: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    database,
    baseUrl,
    async call(method, path, input = {}, headers = {}) {
      const url = new URL(path, baseUrl);
      if (method === 'GET') {
        for (const [key, value] of Object.entries(input)) url.searchParams.set(key, String(value));
      }
      // The suites read the server's English texts; the default language is checked on its own.
      const withLanguage = { lang: 'en', ...headers };
      const response = await fetch(url, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/json', ...withLanguage } : withLanguage,
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      });
      return { status: response.status, ...((await response.json()) as Envelope<never>) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
