import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../src/api/schema.d.ts';
import { openTemplateCopy, type DatabaseTemplate } from '../../tests/api/database-template.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { ManualClock } from '../feed/feed-clock.ts';
import { InProcessBus } from './bus.ts';

type ImServerMessage = components['schemas']['ImServerMessage'];
type ImMessage = components['schemas']['ImMessage'];

/** One /im connection: answers by frame id, pushes in order of arrival; every frame checked against the contract. */
export class ImClient {
  readonly pushes: ImServerMessage[] = [];
  readonly #answers = new Map<number, (frame: ImServerMessage) => void>();
  #nextId = 1;
  private constructor(
    readonly ws: WebSocket,
    validate: (value: unknown) => boolean,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ImServerMessage;
      expect(validate(frame), JSON.stringify(frame)).toBe(true);
      if ('id' in frame && this.#answers.has(frame.id)) {
        this.#answers.get(frame.id)!(frame);
        this.#answers.delete(frame.id);
      } else this.pushes.push(frame);
    });
  }

  static async open(url: string, validate: (value: unknown) => boolean): Promise<ImClient> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new ImClient(ws, validate);
  }

  call(frame: Record<string, unknown>): Promise<ImServerMessage> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#answers.set(id, resolve);
      this.ws.send(JSON.stringify({ ...frame, id }));
    });
  }

  /** The message pushes received so far. */
  messages(): ImMessage[] {
    return this.pushes.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));
  }

  async until(check: () => boolean, what: string, ms = 3000): Promise<void> {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.ws.terminate();
  }
}


/**
 * Two server processes on one copy of the seeded database and one bus, as a site scaled out runs: the
 * messaging tests connect to either and see what crosses between them. The clock is the tests' to move.
 */
export async function startMessagingPair(template: DatabaseTemplate): Promise<{
  database: DatabaseHandle;
  clock: ManualClock;
  app: FastifyInstance;
  other: FastifyInstance;
  /** Each process's /im, in the order app, other. */
  urls: [string, string];
  close(): Promise<void>;
}> {
  const database = await openTemplateCopy(template);
  const clock = new ManualClock(Date.parse(template.seededAt));
  const bus = new InProcessBus();
  const [app, other] = await Promise.all(
    [0, 1].map(() => buildApp({ database, distDir: '/nonexistent', now: clock.date, bus, rateLimits: false })),
  ) as [FastifyInstance, FastifyInstance];
  const urlOf = async (server: FastifyInstance) => {
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    return `ws://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/im`;
  };
  const urls: [string, string] = [await urlOf(app), await urlOf(other)];
  return {
    database,
    clock,
    app,
    other,
    urls,
    close: async () => {
      await app.close();
      await other.close();
      await database.close();
    },
  };
}
