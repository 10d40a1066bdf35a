import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { openTemplateCopy } from '../../tests/api/database-template.ts';
import { loadContract } from '../contract/contract.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { InProcessBus } from '../realtime/bus.ts';
import { createEnvelopeReaders, type FramedPush } from '../realtime/site-socket-frames.ts';
import type { SiteSocketHubOptions } from '../realtime/site-socket-hub.ts';
import { siteSocketRoutes } from '../realtime/site-socket-routes.ts';
import type { SocketServerMessage, StreamName } from '../contract/socket-contract.ts';
import { createServerContext } from '../create-server-context.ts';
import { ManualClock } from './feed-clock.ts';
import type { MatchFeed } from '../ports/match-feed.ts';
import { createSimulatedFeed } from './simulated-feed.ts';

// The feed's pushes through the site socket, as the score pages receive them: only the sport and
// company a client subscribed to, the missed ones again by seq after a reconnect, and a client that
// stops reading dropped without holding the others back.

const contract = loadContract();
const validateFrame = contract.validatorFor('SocketServerMessage');
const template = inject('databaseTemplate');
const start = Date.parse(template.seededAt);
const minuteMs = 60_000;

type StreamFrame = Extract<SocketServerMessage, { seq: number }>;
const isStreamFrame = (frame: SocketServerMessage): frame is StreamFrame => 'seq' in frame;

class Client {
  readonly frames: SocketServerMessage[] = [];
  readonly invalid: unknown[] = [];
  readonly closed: Promise<void>;

  private constructor(
    readonly ws: WebSocket,
    readonly tcp: Socket,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as SocketServerMessage;
      if (!validateFrame(frame)) this.invalid.push({ frame: String(data).slice(0, 300), errors: validateFrame.errors });
      this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
  }

  static async open(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    let tcp: Socket | undefined;
    ws.once('upgrade', (response) => (tcp = response.socket));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const client = new Client(ws, tcp!);
    opened.clients.push(client);
    return client;
  }

  /** SPEC §4: register, toggle with company_id, classify. */
  async subscribe(classify: 0 | 1 | 2, companyId: number): Promise<void> {
    this.ws.send(JSON.stringify({ type: 'register', info: 'web' }));
    this.ws.send(JSON.stringify({ type: 'toggle', company_id: companyId }));
    this.ws.send(JSON.stringify({ type: 'classify', classify_type: classify }));
    await until(() => this.frames.some((frame) => frame.type === 'registered'));
  }

  pushes(stream?: StreamName): StreamFrame[] {
    return this.frames.filter(isStreamFrame).filter((frame) => !stream || frame.type === stream);
  }

  lastSeq(stream: StreamName): number | undefined {
    return this.pushes(stream).at(-1)?.seq;
  }
}

async function until(test: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until no client has received a frame for a moment. */
async function quiet(clients: Client[], ms = 150): Promise<void> {
  let count = -1;
  for (;;) {
    const now = clients.reduce((sum, client) => sum + client.frames.length, 0);
    if (now === count) return;
    count = now;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

const opened: { clients: Client[]; apps: FastifyInstance[]; feeds: MatchFeed[]; databases: DatabaseHandle[] } = {
  clients: [],
  apps: [],
  feeds: [],
  databases: [],
};

afterEach(async () => {
  for (const client of opened.clients.splice(0)) {
    client.tcp.resume();
    client.ws.terminate();
    expect(client.invalid, 'frames outside the contract').toEqual([]);
  }
  for (const feed of opened.feeds.splice(0)) await feed.stop();
  for (const app of opened.apps.splice(0)) await app.close();
  for (const database of opened.databases.splice(0)) await database.close();
});

/** The site socket and the feed over a copy of the seeded world; the socket's limits as a test needs them. */
async function startFeedServer(socket: Partial<SiteSocketHubOptions> = {}, advanceStepMs = 60_000, bus = new InProcessBus()) {
  const database = await openTemplateCopy(template);
  opened.databases.push(database);
  const clock = new ManualClock(start);
  const app = Fastify({ logger: false });
  opened.apps.push(app);
  await app.register(websocket);
  const server = await createServerContext(
    {
      database,
      contract,
      now: clock.date,
      production: false,
      bus,
      siteSocket: { resolveToken: async () => null, ...socket },
      feed: (context) => createSimulatedFeed(context, { seed: 20261122, clock, advanceStepMs }),
    },
    app.log,
  );
  await app.register(siteSocketRoutes, { hub: server.siteSocket });
  app.addHook('onClose', () => bus.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const feed = server.feed!;
  opened.feeds.push(feed);
  await feed.start();
  const company = await database.db.selectFrom('odds_companies').select('id').orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
  return { url: `ws://127.0.0.1:${port}/ws`, feed, hub: server.siteSocket, companyId: company.id, scoreBoard: server.scoreBoard };
}

describe('the feed through the site socket', { timeout: 120_000 }, () => {
  it('pushes of a match only the fields that changed, which patch into the match as the board holds it', async () => {
    const { url, feed, companyId, scoreBoard } = await startFeedServer({}, 5_000);
    const client = await Client.open(url);
    await client.subscribe(0, companyId);
    await feed.advance(30 * minuteMs);
    await quiet([client]);

    const pushes = client.pushes('football_match').flatMap((frame) => (frame.type === 'football_match' ? [frame.data] : []));
    expect(pushes.length).toBeGreaterThan(10);
    const shown = new Map<number, Record<string, unknown>>();
    for (const change of pushes) {
      const before = shown.get(change.id);
      // A field is named only when it changed (a pass that changed nothing of a match sends nothing of it), except in
      // the whole push each playing match gets once a minute.
      const whole = ['home_score', 'away_score', 'status', 'phase', 'minute', 'anchor_count'].every((field) => field in change);
      if (before && !whole) {
        const named = Object.entries(change).filter(([field]) => field !== 'id' && field !== 'sport');
        expect(named.length).toBeGreaterThan(0);
        for (const [field, value] of named) expect(JSON.stringify(value), `${field} of match ${change.id}`).not.toBe(JSON.stringify(before[field]));
      }
      shown.set(change.id, { ...before, ...change });
    }
    // What a page patched together is what the board holds now, for each field a push carries.
    const board = await scoreBoard.read();
    for (const [id, patched] of shown) {
      const row = board.matches.get(id);
      if (!row) continue;
      expect(patched).toMatchObject({ home_score: row.home_score, away_score: row.away_score, status: row.status });
    }
  });

  it('pushes of a company\'s odds only the markets that moved, which applied in order give the odds the board holds', async () => {
    const { url, feed, companyId, scoreBoard } = await startFeedServer({}, 5_000);
    const client = await Client.open(url);
    await client.subscribe(0, companyId);
    await feed.advance(30 * minuteMs);
    await quiet([client]);

    const pushes = client.pushes('football_exponent').flatMap((frame) => (frame.type === 'football_exponent' ? [frame.data] : []));
    expect(pushes.length).toBeGreaterThan(10);
    type Held = Record<'asian_handicap' | 'over_under' | 'one_x_two', { initial?: unknown; current?: unknown }> & { suspended: boolean };
    const held = new Map<number, Held>();
    let parts = 0;
    for (const change of pushes) {
      expect(change.company_id).toBe(companyId);
      const before = held.get(change.match_id);
      const whole = change.company_name !== undefined;
      if (!before) expect(whole, `the first push of match ${change.match_id}'s odds is whole`).toBe(true);
      if (before && !whole) {
        parts++;
        // A part names no opening prices and no names, and only markets whose current prices moved.
        expect(change).not.toHaveProperty('company_name_en');
        for (const market of ['asian_handicap', 'over_under', 'one_x_two'] as const) {
          const moved = change[market];
          if (!moved) continue;
          expect(moved).not.toHaveProperty('initial');
          expect(JSON.stringify(moved.current), `${market} of match ${change.match_id}`).not.toBe(JSON.stringify(before[market].current));
        }
      }
      held.set(change.match_id, {
        asian_handicap: { ...before?.asian_handicap, ...change.asian_handicap },
        over_under: { ...before?.over_under, ...change.over_under },
        one_x_two: { ...before?.one_x_two, ...change.one_x_two },
        suspended: change.suspended ?? before?.suspended ?? false,
      });
    }
    expect(parts).toBeGreaterThan(0);
    // What a page applied together is what the board holds now.
    const board = await scoreBoard.read();
    for (const [matchId, odds] of held) {
      const rows = (board.odds.get(matchId) ?? []).filter((row) => row.company_id === companyId);
      const asia = rows.find((row) => row.market === 'asia');
      if (!asia || asia.line === null) continue;
      expect(odds.asian_handicap.current, `match ${matchId}`).toEqual({ home: asia.home, line: asia.line, away: asia.away });
      expect(odds.suspended).toBe(rows.some((row) => row.is_closed));
    }
  });

  it('sends a client only the sport and odds company it subscribed to', async () => {
    const { url, feed, companyId } = await startFeedServer();
    const football = await Client.open(url);
    const basketball = await Client.open(url);
    const esports = await Client.open(url);
    await football.subscribe(0, companyId);
    await basketball.subscribe(1, companyId + 1);
    await esports.subscribe(2, companyId);
    await feed.advance(90 * minuteMs);
    await quiet([football, basketball, esports]);

    expect(new Set(football.pushes().map((frame) => frame.type))).toEqual(new Set(['football_match', 'football_exponent', 'football_momentum', 'goal']));
    expect(new Set(basketball.pushes().map((frame) => frame.type))).toEqual(new Set(['basketball_match', 'basketball_exponent', 'basketball_momentum', 'goal']));
    expect(new Set(esports.pushes().map((frame) => frame.type))).toEqual(new Set(['esports_match', 'goal']));
    for (const frame of football.pushes('football_exponent'))
      expect(frame.type === 'football_exponent' && frame.data.company_id).toBe(companyId);
    for (const frame of basketball.pushes('basketball_exponent'))
      expect(frame.type === 'basketball_exponent' && frame.data.company_id).toBe(companyId + 1);
    for (const frame of football.pushes('football_match')) expect(frame.type === 'football_match' && frame.data.sport).toBe('football');
    // Goal pop-ups reach every client, with what SPEC §3 names.
    const goal = football.pushes('goal')[0];
    expect(goal?.type === 'goal' && goal.data).toMatchObject({
      iszhu: expect.any(Number),
      match_str: expect.stringMatching(/^\d+(\+\d+)?'$/),
    });
    expect(basketball.pushes('goal').map((frame) => frame.seq)).toEqual(football.pushes('goal').map((frame) => frame.seq));
  });

  it('gives a reconnecting client, by seq, what it missed', async () => {
    const { url, feed, companyId } = await startFeedServer();
    const stayed = await Client.open(url);
    await stayed.subscribe(0, companyId);
    const leaving = await Client.open(url);
    await leaving.subscribe(0, companyId);
    await feed.advance(3 * minuteMs);
    await quiet([stayed, leaving]);
    const seen = { football_match: leaving.lastSeq('football_match')!, football_exponent: leaving.lastSeq('football_exponent')! };
    expect(seen.football_match).toBeDefined();
    leaving.ws.close();
    await leaving.closed;

    await feed.advance(4 * minuteMs);
    await quiet([stayed]);
    const back = await Client.open(url);
    await back.subscribe(0, companyId);
    back.ws.send(JSON.stringify({ type: 'resume', seq: seen }));
    await quiet([back]);

    const missed = (client: Client, stream: StreamName) =>
      client.pushes(stream).filter((frame) => frame.seq > seen[stream as keyof typeof seen]);
    expect(missed(stayed, 'football_match').length).toBeGreaterThan(10);
    expect(missed(back, 'football_match')).toEqual(missed(stayed, 'football_match'));
    expect(missed(back, 'football_exponent')).toEqual(missed(stayed, 'football_exponent'));
    // A stream's pushes are numbered one after another, so the resumed ones leave no gap.
    const seqs = [seen.football_match, ...missed(back, 'football_match').map((frame) => frame.seq)];
    expect(seqs).toEqual(seqs.map((_, i) => seen.football_match + i));
  });

  it('sends each pass as one bus message, its goal pop-ups after its matches, and a client gets them in that order', async () => {
    const readers = createEnvelopeReaders(contract);
    const batches: FramedPush[][] = [];
    const bus = new (class extends InProcessBus {
      override async publishBytes(channel: string, bytes: Buffer): Promise<void> {
        if (channel.endsWith('stream')) batches.push(readers.streamBatch(bytes)!.pushes);
        return super.publishBytes(channel, bytes);
      }
    })();
    const { url, feed, companyId } = await startFeedServer({}, 60_000, bus);
    const client = await Client.open(url);
    await client.subscribe(0, companyId);
    // What the feed sent when it started is not this test's.
    batches.length = 0;
    const messagesPerPass: number[] = [];
    let before = 0;
    const unsubscribe = feed.subscribe((event) => {
      if (event.type !== 'played') return;
      messagesPerPass.push(batches.length - before);
      before = batches.length;
    });
    await feed.advance(90 * minuteMs);
    unsubscribe();
    await quiet([client]);

    expect(Math.max(...messagesPerPass)).toBe(1);
    const withGoals = batches.filter((pushes) => pushes.some((push) => push.stream === 'goal'));
    expect(withGoals.length).toBeGreaterThan(0);
    for (const pushes of withGoals) {
      const firstGoal = pushes.findIndex((push) => push.stream === 'goal');
      expect(pushes.slice(firstGoal).every((push) => push.stream === 'goal')).toBe(true);
      expect(firstGoal).toBeGreaterThan(0);
    }
    // The client reads each pass as its batch holds it: a goal never before a match update of its pass.
    const sent = batches.flat().filter((push) => push.stream !== 'football_exponent' || push.companyId === companyId);
    const football = sent.filter((push) => ['football_match', 'football_exponent', 'football_momentum', 'goal'].includes(push.stream));
    expect(client.pushes().map((frame) => `${frame.type}:${frame.seq}`)).toEqual(football.map((push) => `${push.stream}:${push.seq}`));
  });

  // Dropping a client whose unread bytes pass the bound is the socket's own test (score-socket.test.ts): the
  // loopback buffers hold more than hours of the feed's pushes.
  it('keeps pushing to every other client, in order and at once, while one stops reading', async () => {
    const { url, feed, hub, companyId } = await startFeedServer({ maxBufferedBytes: 32 * 1024, slowClientMs: 200 });
    const fast = await Client.open(url);
    const slow = await Client.open(url);
    await fast.subscribe(0, companyId);
    await slow.subscribe(0, companyId);
    slow.tcp.pause();
    const lags: number[] = [];
    for (let hour = 0; hour < 4; hour++) {
      await feed.advance(60 * minuteMs);
      const sent = performance.now();
      await quiet([fast], 50);
      lags.push(performance.now() - sent);
    }
    const seqs = fast.pushes('football_match').map((frame) => frame.seq);
    expect(seqs.length).toBeGreaterThan(500);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(hub.connectionCount()).toBeGreaterThanOrEqual(1);
    // Everything of an hour's play had arrived by the time the feed finished it, less a short wait for quiet.
    expect(Math.max(...lags)).toBeLessThan(1_000);
    expect(slow.pushes('football_match').length).toBeLessThan(seqs.length);
  });
});
