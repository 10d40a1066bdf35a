import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { components } from '../../src/api/schema.d.ts';
import { isFrame } from '../../src/realtime/frame-guard.ts';
import { loadContract } from '../contract/contract.ts';
import { createBus, InProcessBus } from './bus.ts';
import type { Bus } from '../ports/bus.ts';
import { redisTestUrl } from './redis-test-url.ts';
import { Redis } from 'ioredis';
import { RedisReplayStore } from '../adapters/replay/redis-replay-store.ts';
import {
  createEnvelopeReaders,
  encodeStreamBatch,
  framePush,
  streamBatchPrefix,
  textFrame,
  type FramedPush,
} from './site-socket-frames.ts';
import { createSiteSocketHub, siteSocketMessages, silentCloseCode, type FanOutReport, type PushStamp, type SiteSocketHubOptions } from './site-socket-hub.ts';
import type { SiteSocketConnection } from '../ports/site-socket.ts';
import { siteSocketRoutes } from './site-socket-routes.ts';
import type {
  GoalEventData,
  LoginSessionData,
  MatchOddsData,
  ServerMessageOf,
  SocketServerMessage,
  SocketStreamPush,
  Sport,
} from '../contract/socket-contract.ts';

// Every frame a client receives is checked against SocketServerMessage, data included, by ajv and by the
// browser's guard.
const contract = loadContract();
const validateServerFrame = contract.validatorFor('SocketServerMessage');

const users: Record<string, number> = { 'token-7': 7, 'token-8': 8 };
const resolveToken = async (token: string) => (token in users ? { userId: users[token]! } : null);

/** The account area's check stands behind onQrLogin; a hub without one binds no QR code. */
const refuseQrLogins = async () => 'not in this test';

const opened: { apps: FastifyInstance[]; clients: TestClient[]; buses: Bus[] } = { apps: [], clients: [], buses: [] };

afterEach(async () => {
  for (const client of opened.clients.splice(0)) {
    client.socket.resume();
    client.ws.terminate();
    expect(client.invalidFrames, 'frames outside the contract').toEqual([]);
  }
  await Promise.all(opened.apps.splice(0).map((app) => app.close()));
  await Promise.all(opened.buses.splice(0).map((bus) => bus.close()));
});

async function startServer(options: Partial<SiteSocketHubOptions> = {}) {
  const bus = options.bus ?? new InProcessBus();
  if (!options.bus) opened.buses.push(bus);
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const hub = await createSiteSocketHub({ resolveToken, onQrLogin: refuseQrLogins, contract, ...options, bus }, app.log);
  await app.register(siteSocketRoutes, { hub });
  await app.listen({ host: '127.0.0.1', port: 0 });
  opened.apps.push(app);
  const { port } = app.server.address() as { port: number };
  return { app, hub, url: `ws://127.0.0.1:${port}/ws` };
}

type FrameType = SocketServerMessage['type'];
/** The frame shape whose type is T (SocketMatchPush for football_match, and so on). */
type FrameOf<T extends FrameType> = ServerMessageOf<T>;
const isFrameOf = <T extends FrameType>(frame: SocketServerMessage, type: T): frame is FrameOf<T> =>
  frame.type === type;

class TestClient {
  readonly frames: SocketServerMessage[] = [];
  readonly invalidFrames: unknown[] = [];
  readonly closed: Promise<number>;
  readonly #taken = new Set<number>();
  #waiters: (() => void)[] = [];

  private constructor(
    readonly ws: WebSocket,
    readonly socket: Socket,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as SocketServerMessage;
      if (!validateServerFrame(frame)) this.invalidFrames.push({ frame, errors: validateServerFrame.errors });
      // The browser's own check (src/realtime/frame-guard.ts) must take every frame the contract does.
      else if (!isFrame('SocketServerMessage', frame)) this.invalidFrames.push({ frame, errors: 'refused by frame-guard.ts' });
      this.frames.push(frame);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async open(url: string, options: { autoPong?: boolean } = {}): Promise<TestClient> {
    let socket: Socket | undefined;
    const ws = new WebSocket(url, options);
    // Holding the TCP socket lets a test stop reading, as a slow client would.
    ws.once('upgrade', (response) => (socket = response.socket));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const client = new TestClient(ws, socket!);
    opened.clients.push(client);
    return client;
  }

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame not yet taken that matches, waiting for it if need be. */
  async take<T extends FrameType>(
    type: T,
    where: (frame: FrameOf<T>) => boolean = () => true,
    timeoutMs = 2000,
  ): Promise<FrameOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const [index, frame] of this.frames.entries()) {
        if (this.#taken.has(index) || !isFrameOf(frame, type) || !where(frame)) continue;
        this.#taken.add(index);
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} frame within ${timeoutMs} ms; got ${this.types().join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every frame of one type received so far. */
  all<T extends FrameType>(type: T): FrameOf<T>[] {
    return this.frames.filter((frame) => isFrameOf(frame, type));
  }

  types(): string[] {
    return this.frames.map((frame) => frame.type);
  }

  async register(token?: string) {
    this.send({ type: 'register', info: 'web', ...(token ? { token } : {}) });
    return this.take('registered');
  }

  /** Register, toggle and classify, in the order the site sends them (SPEC §4); resolves once they are applied. */
  async subscribe(classifyType: 0 | 1 | 2, companyId?: number, token?: string) {
    this.send({ type: 'register', info: 'web', ...(token ? { token } : {}) });
    if (companyId !== undefined) this.send({ type: 'toggle', company_id: companyId });
    this.send({ type: 'classify', classify_type: classifyType });
    // Frames are handled in order, so once the register answer is in, toggle and classify are applied too.
    return this.take('registered');
  }
}

// Pushed data is whole, so the contract check of each received frame covers it too.
type Schemas = components['schemas'];
const team = (id: number): Schemas['Team'] => ({
  id,
  name: `球队${id}`,
  name_en: `Team ${id}`,
  short_name_zh: `队${id}`,
  logo: `/media/teams/${id}.svg`,
});
const league = (sport: Sport): Schemas['League'] => ({
  id: 1,
  name: '测试联赛',
  name_en: 'Test League',
  short_name_zh: '测试',
  logo: '/media/leagues/1.svg',
  sport,
  country: '',
});
// Whole matches, as a publisher that keeps no earlier push sends them: a MatchChange may carry every field.
const match = (id: number, extra: Partial<Schemas['Match']> = {}): Schemas['Match'] => {
  const sport = extra.sport ?? 'football';
  return {
    id,
    sport,
    league: league(sport),
    round: '',
    round_en: '',
    best_of: null,
    home_team: team(2 * id + 1),
    away_team: team(2 * id + 2),
    home_team_name_zh: `主队${id}`,
    away_team_name_zh: `客队${id}`,
    home_score: 0,
    away_score: 0,
    home_half_score: null,
    away_half_score: null,
    period_scores: [],
    status: 'in_progress',
    phase: 'first_half',
    minute: 12,
    match_str: "12'",
    start_time: 1_700_000_000,
    home_red_cards: 0,
    away_red_cards: 0,
    home_yellow_cards: 0,
    away_yellow_cards: 0,
    home_corners: 0,
    away_corners: 0,
    anchor_count: 0,
    is_collect: 0,
    odds: null,
    ...extra,
  };
};
const odds = (matchId: number, companyId: number): MatchOddsData => ({
  match_id: matchId,
  company_id: companyId,
  company_name: `Company ${companyId}`,
  company_name_en: `Company ${companyId}`,
  asian_handicap: { initial: { home: 0.92, line: -0.5, away: 0.94 }, current: { home: 0.9, line: -0.5, away: 0.96 } },
  over_under: { initial: { over: 0.9, line: 2.5, under: 0.96 }, current: null },
  one_x_two: { initial: null, current: { home: 2.1, draw: 3.3, away: 3.4 } },
  suspended: false,
  updated_at: 1_700_000_000,
});
const goal = (matchId: number): GoalEventData => ({
  match_id: matchId,
  league_name: '测试',
  league_name_en: 'Premier League',
  kind: 'goal',
  iszhu: 1,
  match_str: "12'",
  home_team_name_zh: `主队${matchId}`,
  home_team_name_en: `Home ${matchId}`,
  away_team_name_zh: `客队${matchId}`,
  away_team_name_en: `Away ${matchId}`,
  home_score: 1,
  away_score: 0,
});
const loginSession = (id: number): LoginSessionData => ({
  token: `token-${id}`,
  id,
  userSig: `sig-${id}`,
  profile: {
    id,
    user_nickname: 'seven',
    avatar: `/media/avatars/${id}.svg`,
    signature: '',
    sex: 0,
    mobile: '86-138****0000',
    balance: 0,
    income_balance: 0,
    coins: 0,
    level: 0,
    experience: 0,
    next_level_experience: 100,
    exp_icon: '/media/levels/0.svg',
    is_anchor: 0,
    anchor_level: null,
    anchor_experience: 0,
    is_expert: 0,
    room_id: null,
    nobility: null,
    free_horns: 0,
    follow_count: 0,
    fan_count: 0,
    has_payment_password: 0,
    invite_code: `INV${id}`,
    created_at: 1_700_000_000,
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('site socket', () => {
  it('answers register with 101, binding a token to its user and clearing a gone session with 700', async () => {
    const { url } = await startServer();
    const guest = await TestClient.open(url);
    const registered = await guest.register();
    expect(registered).toMatchObject({ code: 101, heartbeat_ms: 30_000, user_id: null });
    expect(registered.connection_id).toMatch(/.+/);
    expect(Math.abs(registered.server_time - Date.now() / 1000)).toBeLessThan(5);

    const user = await TestClient.open(url);
    expect(await user.register('token-7')).toMatchObject({ code: 101, user_id: 7 });

    const stale = await TestClient.open(url);
    expect(await stale.register('token-gone')).toMatchObject({ code: 101, user_id: null });
    expect(await stale.take('session_gone')).toMatchObject({ code: 700 });
    expect(guest.types()).not.toContain('session_gone');
  });

  it('keeps a client that sends heartbeats past the silence limit', async () => {
    const { url, hub } = await startServer({ heartbeatMs: 200 });
    const client = await TestClient.open(url);
    await client.register();
    const beat = setInterval(() => client.send({ type: 'heartbeat' }), 100);
    try {
      await sleep(1000);
    } finally {
      clearInterval(beat);
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    expect(hub.connectionCount()).toBe(1);
    expect(await client.take('heartbeat')).toMatchObject({ code: 0 });
  });

  it('drops a client that sends nothing for twice the heartbeat interval', async () => {
    const { url, hub } = await startServer({ heartbeatMs: 200 });
    const silent = await TestClient.open(url);
    await silent.register();
    const started = Date.now();
    expect(await silent.closed).toBe(silentCloseCode);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(hub.connectionCount()).toBe(0);
  });

  it('drops a peer that sends frames but never answers a ping', async () => {
    const { url, hub } = await startServer({ heartbeatMs: 200 });
    const deaf = await TestClient.open(url, { autoPong: false });
    await deaf.register();
    const beat = setInterval(() => deaf.send({ type: 'heartbeat' }), 100);
    try {
      expect(await deaf.closed).toBe(1006);
    } finally {
      clearInterval(beat);
    }
    expect(hub.connectionCount()).toBe(0);
  });

  it('answers a malformed frame with an error frame and keeps the connection', async () => {
    const { url } = await startServer();
    const client = await TestClient.open(url);
    client.send('not json');
    expect(await client.take('error')).toEqual({ code: 1, type: 'error', msg: 'Input error: frame is not JSON' });
    client.send({ type: 'nope' });
    expect((await client.take('error')).msg).toMatch(/^Input error: type must be one of: register, toggle/);
    client.send({ type: 'classify', classify_type: 3 });
    expect((await client.take('error')).msg).toMatch(/classify_type/);
    client.send({ type: 'heartbeat' });
    expect(await client.take('heartbeat')).toMatchObject({ code: 0, type: 'heartbeat' });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('sends each client only the sport it classified', async () => {
    const { url, hub } = await startServer();
    const football = await TestClient.open(url);
    await football.subscribe(0);
    const basketball = await TestClient.open(url);
    await basketball.subscribe(1);

    await hub.publishMatch('basketball', 'match', match(2, { sport: 'basketball' }));
    await hub.publishMatch('esports', 'match', match(3, { sport: 'esports', best_of: 3 }));
    await hub.publishMatch('football', 'match', match(1));
    await hub.publishGoal(goal(1));

    expect((await basketball.take('basketball_match')).data).toMatchObject({ id: 2 });
    expect((await football.take('football_match')).data).toMatchObject({ id: 1 });
    // Both saw the goal, which was published last, so anything meant for them has arrived.
    await football.take('goal');
    await basketball.take('goal');
    expect(football.types().filter((type) => type !== 'registered')).toEqual(['football_match', 'goal']);
    expect(basketball.types().filter((type) => type !== 'registered')).toEqual(['basketball_match', 'goal']);
  });

  it('sends a client that classifies again only the sport it picked last', async () => {
    const { url, hub } = await startServer();
    const client = await TestClient.open(url);
    await client.subscribe(0, 3);
    client.send({ type: 'classify', classify_type: 1 });
    client.send({ type: 'heartbeat' });
    await client.take('heartbeat');

    await hub.publishMatch('football', 'match', match(1));
    await hub.publishMatch('football', 'exponent', odds(1, 3));
    await hub.publishMatch('basketball', 'exponent', odds(2, 3));
    await hub.publishMatch('basketball', 'match', match(2, { sport: 'basketball' }));

    await client.take('basketball_match');
    expect(client.types()).toEqual(['registered', 'heartbeat', 'basketball_exponent', 'basketball_match']);
  });

  it('sends exponent pushes only of the toggled company', async () => {
    const { url, hub } = await startServer();
    const company3 = await TestClient.open(url);
    await company3.subscribe(0, 3);
    const noToggle = await TestClient.open(url);
    await noToggle.subscribe(0);

    await hub.publishMatch('football', 'exponent', odds(1, 5));
    await hub.publishMatch('football', 'exponent', odds(1, 3));
    await hub.publishMatch('basketball', 'exponent', odds(2, 3));
    await hub.publishMatch('football', 'match', match(1));

    await company3.take('football_match');
    await noToggle.take('football_match');
    const exponents = company3.frames.filter((frame) => frame.type.endsWith('_exponent'));
    expect(exponents).toHaveLength(1);
    expect(exponents[0]).toMatchObject({ type: 'football_exponent', data: { company_id: 3 } });
    expect(noToggle.types()).toEqual(['registered', 'football_match']);

    company3.send({ type: 'toggle', company_id: 5 });
    company3.send({ type: 'heartbeat' });
    await company3.take('heartbeat');
    await hub.publishMatch('football', 'exponent', odds(1, 3));
    await hub.publishMatch('football', 'exponent', odds(1, 5));
    expect(await company3.take('football_exponent', (frame) => frame.data.company_id === 5)).toBeTruthy();
    expect(company3.all('football_exponent')).toHaveLength(2);
  });

  it('sends a resuming client, in order, the pushes it missed', async () => {
    const { url, hub } = await startServer({ replaySize: 4 });
    const first = await TestClient.open(url);
    await first.subscribe(0);
    await hub.publishMatch('football', 'match', match(1, { home_score: 0 }));
    const lastSeen = (await first.take('football_match')).seq;
    first.ws.close();
    await first.closed;

    const missed = [];
    for (const score of [1, 2, 3]) {
      missed.push(await hub.publishMatch('football', 'match', match(1, { home_score: score })));
    }
    await hub.publishMatch('basketball', 'match', match(2, { sport: 'basketball' }));

    const again = await TestClient.open(url);
    await again.subscribe(0);
    again.send({ type: 'resume', seq: { football_match: lastSeen } });
    const resumed = [];
    for (let i = 0; i < 3; i += 1) resumed.push(await again.take('football_match'));
    expect(resumed.map((frame) => frame.seq)).toEqual(missed);
    expect(resumed.map((frame) => frame.data.home_score)).toEqual([1, 2, 3]);
    expect(missed).toEqual([lastSeen + 1, lastSeen + 2, lastSeen + 3]);

    // Live pushes after the resume follow on; nothing is sent twice.
    const live = await hub.publishMatch('football', 'match', match(1, { home_score: 4 }));
    again.send({ type: 'resume', seq: { football_match: lastSeen + 2 } });
    again.send({ type: 'heartbeat' });
    await again.take('heartbeat');
    expect(again.all('football_match').map((frame) => frame.seq)).toEqual([...missed, live]);
    expect(again.types()).not.toContain('basketball_match');

    // The ring holds the last 4 pushes: a client further behind, or on a stream never pushed, reloads over HTTP.
    const behind = await TestClient.open(url);
    await behind.subscribe(0);
    behind.send({ type: 'resume', seq: { football_match: lastSeen - 1, goal: 0 } });
    expect((await behind.take('resync')).streams).toEqual(['football_match', 'goal']);
  });

  it('fans a burst out in slices that let the event loop run, every client getting every push in order', async () => {
    // A zero slice yields after every few connections, as a feed pass to thousands of sockets would.
    const { url, hub } = await startServer({ fanOutSliceMs: 0 });
    const clients = await Promise.all(Array.from({ length: 40 }, () => TestClient.open(url)));
    await Promise.all(clients.map((client, i) => client.subscribe(i % 2 === 0 ? 0 : 1, i % 4 < 2 ? 3 : undefined)));

    let timerTurns = 0;
    const ticking = setInterval(() => (timerTurns += 1), 0);
    const seqs: Record<'football' | 'basketball' | 'goal', number[]> = { football: [], basketball: [], goal: [] };
    const published = [];
    for (let i = 1; i <= 60; i += 1) {
      published.push(hub.publishMatch('football', 'match', match(i, { home_score: i })).then((seq) => seqs.football.push(seq)));
      published.push(hub.publishMatch('basketball', 'match', match(i, { sport: 'basketball' })).then((seq) => seqs.basketball.push(seq)));
      if (i % 20 === 0) published.push(hub.publishGoal(goal(i)).then((seq) => seqs.goal.push(seq)));
    }
    await Promise.all(published);
    const turnsBefore = timerTurns;
    await hub.idle();
    const turnsDuring = timerTurns - turnsBefore;
    clearInterval(ticking);
    // One write per connection, and the loop ran timers between the slices of the 40 connections.
    expect(turnsDuring).toBeGreaterThan(0);

    for (const [i, client] of clients.entries()) {
      const sport = i % 2 === 0 ? 'football' : 'basketball';
      const stream = i % 2 === 0 ? 'football_match' : 'basketball_match';
      await client.take('goal', (frame) => frame.seq === seqs.goal.at(-1));
      const pushes = client.frames.filter((frame) => frame.type !== 'registered');
      // Matches and goals interleaved as published: each goal after the 20th, 40th and 60th match.
      expect(pushes.map((frame) => frame.type)).toEqual(
        Array.from({ length: 60 }, (_, k) => (k % 20 === 19 ? [stream, 'goal'] : [stream])).flat(),
      );
      expect(pushes.filter((frame) => 'seq' in frame && frame.type === stream).map((frame) => 'seq' in frame && frame.seq)).toEqual(seqs[sport]);
    }
  });

  it('pushes to a user only on that user’s connections, and 700 unbinds them', async () => {
    const { url, hub } = await startServer();
    const tokens = ['token-7', 'token-7', 'token-8', undefined];
    const [sevenA, sevenB, eight, guest] = await Promise.all(tokens.map(() => TestClient.open(url)));
    await Promise.all([sevenA, sevenB, eight, guest].map((client, i) => client!.register(tokens[i])));

    await hub.pushToUser(7, { code: 300, type: 'live_kickout', room_id: 12 });
    await hub.publishGoal(goal(1));
    for (const client of [sevenA!, sevenB!]) {
      expect(await client.take('live_kickout')).toEqual({ code: 300, type: 'live_kickout', room_id: 12 });
    }
    for (const client of [eight!, guest!]) {
      await client.take('goal');
      expect(client.types()).toEqual(['registered', 'goal']);
    }

    await hub.pushToUser(7, { code: 700, type: 'session_gone', msg: 'logged out' });
    await sevenA!.take('session_gone');
    await hub.pushToUser(7, { code: 300, type: 'live_kickout', room_id: 13 });
    await hub.publishGoal(goal(2));
    await sevenA!.take('goal', (frame) => frame.data.match_id === 2);
    expect(sevenA!.all('live_kickout')).toHaveLength(1);
  });

  /** An onQrLogin that binds a code to whoever presents its secret, as the account area does, and records who did. */
  function qrSecrets(secrets: Record<string, string>) {
    const boundTo = new Map<string, string>();
    const onQrLogin = async ({ code, secret }: { code: string; secret: string }, connection: SiteSocketConnection) => {
      if (secrets[code] !== secret) return 'This QR code belongs to another page';
      boundTo.set(code, connection.id);
      return null;
    };
    return { onQrLogin, boundTo };
  }

  it('sends QR scan and login events to the one connection that presented the code and its secret', async () => {
    const qr = qrSecrets({ 'qr-abc': 'secret-abc', 'qr-other': 'secret-other' });
    const { url, hub } = await startServer({ onQrLogin: qr.onQrLogin });
    const page = await TestClient.open(url);
    const thief = await TestClient.open(url);
    const other = await TestClient.open(url);
    const { connection_id } = await page.register();
    await thief.register();
    await other.register();
    page.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'secret-abc' });
    other.send({ type: 'qr_login', code: 'qr-other', qr_secret: 'secret-other' });
    thief.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'a-guess' });
    expect(await page.take('qr_bound')).toEqual({ code: 0, type: 'qr_bound', qr_code: 'qr-abc' });
    await other.take('qr_bound');
    expect(await thief.take('error')).toEqual({ code: 1, type: 'error', msg: 'This QR code belongs to another page', qr_code: 'qr-abc' });
    expect(qr.boundTo.get('qr-abc')).toBe(connection_id);

    await hub.pushToQrCode('qr-abc', connection_id, { code: 200, type: 'scanCode_Login' });
    expect(await page.take('scanCode_Login')).toEqual({ code: 200, type: 'scanCode_Login', qr_code: 'qr-abc' });
    const session = loginSession(7);
    await hub.pushToQrCode('qr-abc', connection_id, { code: 200, type: 'webLoginSuccess', data: session });
    expect(await page.take('webLoginSuccess')).toEqual({
      code: 200,
      type: 'webLoginSuccess',
      qr_code: 'qr-abc',
      data: session,
    });
    // The code is used up.
    await hub.pushToQrCode('qr-abc', connection_id, { code: 200, type: 'scanCode_Login' });
    await hub.publishGoal(goal(1));
    for (const client of [page, thief, other]) await client.take('goal');
    expect(page.all('scanCode_Login')).toHaveLength(1);
    expect(thief.types()).toEqual(['registered', 'error', 'goal']);
    expect(other.types()).not.toContain('scanCode_Login');
  });

  it('moves a code to the page’s new connection after a reconnect, and pushes to that one only', async () => {
    const qr = qrSecrets({ 'qr-abc': 'secret-abc' });
    const { url, hub } = await startServer({ onQrLogin: qr.onQrLogin });
    const before = await TestClient.open(url);
    await before.register();
    before.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'secret-abc' });
    await before.take('qr_bound');
    // The page reconnected while its old socket lingers half-open.
    const after = await TestClient.open(url);
    const { connection_id } = await after.register();
    after.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'secret-abc' });
    await after.take('qr_bound');
    expect(qr.boundTo.get('qr-abc')).toBe(connection_id);

    await hub.pushToQrCode('qr-abc', connection_id, { code: 200, type: 'scanCode_Login' });
    await after.take('scanCode_Login');
    await hub.publishGoal(goal(1));
    await before.take('goal');
    expect(before.all('scanCode_Login')).toHaveLength(0);
  });

  it('binds no code while its check is under way, nor an older code after a newer one', async () => {
    const checks: Array<() => void> = [];
    const { url, hub } = await startServer({
      onQrLogin: ({ code }) => new Promise((resolve) => checks.push(() => resolve(code === 'qr-old' || code === 'qr-new' ? null : 'no'))),
    });
    const page = await TestClient.open(url);
    const { connection_id } = await page.register();
    page.send({ type: 'qr_login', code: 'qr-old', qr_secret: 's' });
    page.send({ type: 'qr_login', code: 'qr-new', qr_secret: 's' });
    await vi.waitFor(() => expect(checks).toHaveLength(2));
    await hub.pushToQrCode('qr-old', connection_id, { code: 200, type: 'scanCode_Login' });
    checks[1]!();
    await page.take('qr_bound');
    checks[0]!();
    await hub.pushToQrCode('qr-old', connection_id, { code: 200, type: 'scanCode_Login' });
    await hub.pushToQrCode('qr-new', connection_id, { code: 200, type: 'scanCode_Login' });
    expect(await page.take('scanCode_Login')).toMatchObject({ qr_code: 'qr-new' });
    await hub.publishGoal(goal(1));
    await page.take('goal');
    expect(page.all('qr_bound')).toEqual([{ code: 0, type: 'qr_bound', qr_code: 'qr-new' }]);
    expect(page.all('scanCode_Login')).toHaveLength(1);
  });

  it('refuses a QR login whose check fails, and keeps the connection', async () => {
    const { url } = await startServer({ onQrLogin: () => Promise.reject(new Error('database down')) });
    const page = await TestClient.open(url);
    await page.register();
    page.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 's' });
    expect(await page.take('error')).toEqual({ code: 1, type: 'error', msg: siteSocketMessages.qrLoginFailed, qr_code: 'qr-abc' });
    page.send({ type: 'heartbeat' });
    await page.take('heartbeat');
  });

  it('drops a client that stops reading while the others keep receiving', async () => {
    const { url, hub } = await startServer({ maxBufferedBytes: 64 * 1024, slowClientMs: 100 });
    const slow = await TestClient.open(url);
    await slow.subscribe(0);
    const fast = await TestClient.open(url);
    await fast.subscribe(0);
    slow.socket.pause();

    // The padding goes in a free-text field, so each frame stays within the contract.
    const padding = 'x'.repeat(32 * 1024);
    let published = 0;
    while (hub.connectionCount() > 1 && published < 2000) {
      for (let i = 0; i < 20; i += 1) {
        await hub.publishMatch('football', 'match', match(published++, { round: padding }));
      }
      await sleep(5);
    }
    expect(hub.connectionCount()).toBe(1);
    await fast.take('football_match', (frame) => frame.data.id === published - 1, 10_000);
    expect(fast.all('football_match')).toHaveLength(published);
    // Reading again, the slow client finds its connection gone before it got everything.
    slow.socket.resume();
    expect(await slow.closed).toBe(1006);
    expect(slow.all('football_match').length).toBeLessThan(published);
  });
});

/** A framed push whose frame is `frame` as it is, contract or not, for batches a stray publisher might send. */
const rawPush = (head: Omit<FramedPush, 'frame'>, frame: object): FramedPush => ({ ...head, frame: textFrame(JSON.stringify(frame)) });

describe('site socket bus envelopes', () => {
  it('drops a bus message whose frame is outside the contract, and delivers the next valid one', async () => {
    const bus = new InProcessBus();
    opened.buses.push(bus);
    const { hub, url } = await startServer({ bus });
    const client = await TestClient.open(url);
    await client.subscribe(0);

    const outside = { code: 100, type: 'football_match', seq: 1, data: {} };
    await bus.publishBytes('pitchside:score:stream', encodeStreamBatch('another process', [rawPush({ stream: 'football_match', seq: 1, companyId: null }, outside)]));
    await bus.publish('pitchside:score:stream', { stream: 'football_match', seq: 1, frame: outside });
    await bus.publish('pitchside:score:user', { userId: 'seven', frame: { code: 700, type: 'session_gone', msg: 'x' } });
    const seq = await hub.publishMatch('football', 'match', match(1));

    expect((await client.take('football_match')).seq).toBe(seq);
    expect(client.all('football_match')).toHaveLength(1);
    expect(client.all('session_gone')).toHaveLength(0);
  });

  it('writes a push of its own once, though the bus brings it back, and sends the pushes of one turn as one message', async () => {
    const batches: Buffer[] = [];
    const bus = new (class extends InProcessBus {
      override async publishBytes(channel: string, bytes: Buffer): Promise<void> {
        if (channel === 'pitchside:score:stream') batches.push(bytes);
        return super.publishBytes(channel, bytes);
      }
    })();
    opened.buses.push(bus);
    const { hub, url } = await startServer({ bus });
    const client = await TestClient.open(url);
    await client.subscribe(0, 3);

    const seqs = await Promise.all([
      hub.publishMatch('football', 'match', match(1)),
      hub.publishMatch('football', 'exponent', odds(1, 3)),
      hub.publishGoal(goal(1)),
    ]);
    await client.take('goal');
    const marker = await hub.publishGoal(goal(2));
    await client.take('goal', (frame) => frame.seq === marker);

    expect(client.types().filter((type) => type !== 'registered')).toEqual(['football_match', 'football_exponent', 'goal', 'goal']);
    expect(client.all('football_match').map((frame) => frame.seq)).toEqual([seqs[0]]);
    expect(batches).toHaveLength(2);
    expect(createEnvelopeReaders(contract).streamBatch(batches[0]!)?.pushes.map((push) => push.seq)).toEqual(seqs);
  });
});

describe('stream batches on the bus', () => {
  const readers = createEnvelopeReaders(contract);
  const frames: SocketStreamPush[] = [
    { code: 100, type: 'goal', seq: 11, data: goal(1) },
    // 125 bytes and more take the longer frame headers of RFC 6455 §5.2.
    { code: 100, type: 'football_match', seq: 12, data: match(1, { round: '第'.repeat(100) }) },
    { code: 100, type: 'football_exponent', seq: 13, data: odds(1, 3) },
    { code: 100, type: 'basketball_match', seq: 14, data: match(2, { sport: 'basketball', round: 'x'.repeat(70_000) }) },
  ];

  it('carries each push byte for byte as its publisher framed it, the frame a receiver used to build from the JSON', () => {
    const pushes = frames.map(framePush);
    const bytes = encodeStreamBatch('process-a', pushes);
    const batch = readers.streamBatch(bytes);

    expect(batch).toEqual({ pushes, dropped: 0 });
    expect(batch!.pushes.map(({ stream, seq, companyId }) => ({ stream, seq, companyId }))).toEqual([
      { stream: 'goal', seq: 11, companyId: null },
      { stream: 'football_match', seq: 12, companyId: null },
      { stream: 'football_exponent', seq: 13, companyId: 3 },
      { stream: 'basketball_match', seq: 14, companyId: null },
    ]);
    frames.forEach((frame, index) => {
      const readBack = JSON.parse(JSON.stringify(frame)) as SocketStreamPush;
      expect(batch!.pushes[index]!.frame.equals(textFrame(JSON.stringify(readBack)))).toBe(true);
    });
    expect(bytes.subarray(0, streamBatchPrefix('process-a').length).equals(streamBatchPrefix('process-a'))).toBe(true);
    expect(bytes.subarray(0, streamBatchPrefix('process-b').length).equals(streamBatchPrefix('process-b'))).toBe(false);
  });

  it('drops a push outside the contract, or one its head names wrongly, and keeps the others in order', () => {
    const [goalPush, matchPush, exponentPush] = frames.map(framePush);
    const batch = readers.streamBatch(
      encodeStreamBatch('stray', [
        rawPush({ stream: 'football_match', seq: 5, companyId: null }, { code: 100, type: 'football_match', seq: 5, data: {} }),
        goalPush!,
        { ...matchPush!, seq: matchPush!.seq + 1 },
        { ...exponentPush!, companyId: 4 },
        { ...matchPush!, stream: 'basketball_match' },
        exponentPush!,
      ]),
    );
    expect(batch).toEqual({ pushes: [goalPush, exponentPush], dropped: 4 });
  });

  it('reads nothing from a message whose lengths do not add up or that is no batch', () => {
    const bytes = encodeStreamBatch('process-a', frames.slice(0, 2).map(framePush));
    expect(readers.streamBatch(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(readers.streamBatch(Buffer.concat([bytes, Buffer.from([0x81])]))).toBeNull();
    expect(readers.streamBatch(Buffer.from(JSON.stringify({ stream: 'goal', seq: 1, frame: frames[0] })))).toBeNull();
    expect(readers.streamBatch(Buffer.from('{"origin":"a","pushes":[{"stream":"goal","seq":1,"companyId":null,"bytes":-3}]}\n'))).toBeNull();
  });
});

const redisUrl = await redisTestUrl();

describe.skipIf(!redisUrl)('site socket over the Redis bus', () => {
  it('delivers a publish of one hub to the clients of both', async () => {
    // One channel prefix per run, so parallel runs sharing the Redis do not hear each other.
    const channelPrefix = `pitchside-test:${process.pid}:${Date.now()}:`;
    const [busA, busB] = [createBus(redisUrl), createBus(redisUrl)];
    opened.buses.push(busA, busB);
    const a = await startServer({ bus: busA, channelPrefix });
    const b = await startServer({ bus: busB, channelPrefix });
    const onA = await TestClient.open(a.url);
    const onB = await TestClient.open(b.url);
    await onA.subscribe(0, undefined, 'token-7');
    await onB.subscribe(0);

    const seq = await a.hub.publishMatch('football', 'match', match(1));
    expect((await onA.take('football_match')).seq).toBe(seq);
    expect((await onB.take('football_match')).seq).toBe(seq);

    await b.hub.pushToUser(7, { code: 300, type: 'live_kickout', room_id: 4 });
    expect(await onA.take('live_kickout')).toMatchObject({ room_id: 4 });

    // Hub B holds what hub A published, so a client that moves to B can resume there.
    await a.hub.publishMatch('football', 'match', match(1, { home_score: 1 }));
    await onB.take('football_match', (frame) => frame.seq === seq + 1);
    const moved = await TestClient.open(b.url);
    await moved.subscribe(0);
    moved.send({ type: 'resume', seq: { football_match: seq } });
    expect((await moved.take('football_match')).data).toMatchObject({ home_score: 1 });
  });

  it('sends the pushes of one turn to the other process as one message, written there in one fan-out, once on each', async () => {
    const channelPrefix = `pitchside-test:${process.pid}:${Date.now()}:batch:`;
    const [busA, busB] = [createBus(redisUrl), createBus(redisUrl)];
    opened.buses.push(busA, busB);
    const received: PushStamp[][] = [];
    const fannedOut: FanOutReport[] = [];
    const a = await startServer({ bus: busA, channelPrefix });
    const b = await startServer({
      bus: busB,
      channelPrefix,
      trace: {
        received: (pushes) => received.push(pushes.map(({ stream, seq }) => ({ stream, seq }))),
        fannedOut: (report) => fannedOut.push(report),
      },
    });
    const onA = await TestClient.open(a.url);
    const onB = await TestClient.open(b.url);
    await onA.subscribe(0);
    await onB.subscribe(0);

    const seqs = await Promise.all([1, 2, 3].map((id) => a.hub.publishMatch('football', 'match', match(id))));
    for (const client of [onA, onB]) {
      for (const seq of seqs) await client.take('football_match', (frame) => frame.seq === seq);
    }
    const marker = await a.hub.publishGoal(goal(1));
    await onA.take('goal', (frame) => frame.seq === marker);
    await onB.take('goal', (frame) => frame.seq === marker);

    for (const client of [onA, onB]) expect(client.all('football_match').map((frame) => frame.seq)).toEqual(seqs);
    expect(received[0]).toEqual(seqs.map((seq) => ({ stream: 'football_match', seq })));
    expect(fannedOut[0]!.pushes.map((push) => push.seq)).toEqual(seqs);
  });

  it('resumes on a process started after the pushes, from the shared history, and tells a reload on a new epoch', async () => {
    const channelPrefix = `pitchside-test:${process.pid}:${Date.now()}:replay:`;
    const storePrefix = `${channelPrefix}history:`;
    const store = () => new RedisReplayStore(redisUrl!, undefined, { prefix: storePrefix });
    const [busA, busB] = [createBus(redisUrl), createBus(redisUrl)];
    opened.buses.push(busA, busB);
    const a = await startServer({ bus: busA, channelPrefix, replayStore: store() });
    const onA = await TestClient.open(a.url);
    await onA.subscribe(0);
    const first = await a.hub.publishMatch('football', 'match', match(1));
    const second = await a.hub.publishMatch('football', 'match', match(1, { home_score: 1 }));
    const third = await a.hub.publishMatch('football', 'match', match(1, { home_score: 2 }));
    await onA.take('football_match', (frame) => frame.seq === third);

    // Hub B starts now: its own ring never saw these, the shared history did.
    const b = await startServer({ bus: busB, channelPrefix, replayStore: store() });
    const moved = await TestClient.open(b.url);
    await moved.subscribe(0);
    moved.send({ type: 'resume', seq: { football_match: first } });
    await moved.take('football_match', (frame) => frame.seq === third);
    expect(moved.all('football_match').map((frame) => frame.seq)).toEqual([second, third]);

    // Redis lost the history: the next push begins a new epoch, and a client from before it reloads.
    const redis = new Redis(redisUrl!);
    await redis.del(`${storePrefix}football_match`);
    await redis.quit();
    await a.hub.publishMatch('football', 'match', match(1, { home_score: 3 }));
    const late = await TestClient.open(b.url);
    await late.subscribe(0);
    late.send({ type: 'resume', seq: { football_match: second } });
    expect(await late.take('resync')).toMatchObject({ streams: ['football_match'] });
  });

  it('pushes a QR login from either hub to the one connection the code is bound to', async () => {
    const channelPrefix = `pitchside-test:${process.pid}:${Date.now()}:qr:`;
    const [busA, busB] = [createBus(redisUrl), createBus(redisUrl)];
    opened.buses.push(busA, busB);
    const onQrLogin = async ({ secret }: { secret: string }) => (secret === 'secret-abc' ? null : 'no');
    const a = await startServer({ bus: busA, channelPrefix, onQrLogin });
    const b = await startServer({ bus: busB, channelPrefix, onQrLogin });
    const page = await TestClient.open(a.url);
    const thief = await TestClient.open(b.url);
    const { connection_id } = await page.register();
    await thief.register();
    page.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'secret-abc' });
    thief.send({ type: 'qr_login', code: 'qr-abc', qr_secret: 'guess' });
    await page.take('qr_bound');
    await thief.take('error');
    await b.hub.pushToQrCode('qr-abc', connection_id, { code: 200, type: 'webLoginSuccess', data: loginSession(7) });
    expect(await page.take('webLoginSuccess')).toMatchObject({ qr_code: 'qr-abc' });
    await a.hub.publishGoal(goal(1));
    await thief.take('goal');
    expect(thief.types()).toEqual(['registered', 'error', 'goal']);
  });
});

describe('a new publisher', () => {
  it('numbers on from the clock, above what was sent before, so resumes carry on', async () => {
    const { hub } = await startServer();
    const first = await hub.publishGoal(goal(1));
    const second = await hub.publishGoal(goal(1));
    expect(second).toBe(first + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const electedAt = Date.now();
    hub.continueNumbering();
    const third = await hub.publishGoal(goal(1));
    expect(third).toBeGreaterThanOrEqual(electedAt);
    expect(third).toBeGreaterThan(second);
  });
});
