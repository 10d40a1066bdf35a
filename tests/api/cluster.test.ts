import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { createSession } from '../../server/areas/account/session-service.ts';
import { roomChatRate } from '../../server/areas/live/room-chat-service.ts';
import { ImClient } from '../../server/realtime/im-test-client.ts';
import { redisTestUrl } from '../../server/realtime/redis-test-url.ts';
import { messagingSigFor } from './messaging-login.ts';
import { databaseUrlWith } from './database-template.ts';
import type { Api } from '../../src/api/client.ts';
import { createOwnMessaging, type ImMessage, type MessagingEvent } from '../../src/realtime/messaging-port.ts';
import { joinRoomChat, RoomChatCursor } from '../../src/realtime/room-chat-cursor.ts';

// `npm run start:cluster` as a newcomer runs it: two server processes behind HAProxy on one PostgreSQL and one
// Redis. Runs where the API suite runs on PostgreSQL (DATABASE_URL, as .ci/run does), Redis answers and HAProxy is
// installed; skipped elsewhere. Every process it starts is stopped after, and its database dropped.

const template = inject('databaseTemplate');
const haproxyInstalled = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].some((path) => existsSync(path));
// A Redis database of its own when none is named, so its flood counts never meet a site's on database 0.
const redisUrl = process.env.REDIS_URL ?? ((await redisTestUrl()) ? 'redis://127.0.0.1:6379/5' : undefined);
const runs = template.kind === 'postgres' && redisUrl !== undefined && haproxyInstalled;

/** Three loopback ports in a row nobody listens on: the balancer's, then one per process. */
async function freePortRun(length: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const checks = await Promise.all(Array.from({ length }, (_, offset) => free(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free run of ports');
}

interface ClusterLine {
  worker: number;
  message: string;
}

describe.skipIf(!runs)('the site scaled out: two processes behind HAProxy on PostgreSQL and Redis', () => {
  let cluster: ChildProcess;
  let exited: Promise<void>;
  let port = 0;
  let databaseName = '';
  let adminUrl = '';
  let database: DatabaseHandle;
  // Mints sessions and messaging signatures on the cluster's database, as a login would; it serves nothing.
  let helper: FastifyInstance;
  const lines: ClusterLine[] = [];
  const output: string[] = [];
  const pids = new Map<number, number>();
  const sockets: Array<WebSocket | ImClient> = [];

  const workerPort = (worker: number) => port + worker;
  const leaders = () => lines.filter((line) => line.message.includes('this process plays the feed')).map((line) => line.worker);

  async function until(check: () => boolean | Promise<boolean>, what: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.slice(-40).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    adminUrl = template.adminUrl;
    databaseName = `pitchside_cluster_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${template.templateName}`);
    await admin.end();
    const databaseUrl = databaseUrlWith(adminUrl, databaseName);
    database = await openDatabase({ url: databaseUrl });
    helper = await buildApp({ database, distDir: '/nonexistent', rateLimits: false });
    // The database starts again from the template, numbering the rooms' lines from where it did: the history an
    // earlier run left in Redis is of another database (as after a restore) and goes with it.
    const redis = new Redis(redisUrl!);
    const stale = await redis.keys('pitchside:replay:room-chat:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    port = await freePortRun(3);
    cluster = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-cluster.ts', '--sources', '--workers', '2'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DIST_DIR: '/nonexistent',
        MEDIA_SERVER: 'off',
        DEMO_AIR_MS: '0',
        FEED_LOCK_RETRY_MS: '1000',
        DRAIN_MS: '1000',
        SOCKET_SHED_MS: '500',
      },
      // Its own process group, so nothing it started outlives the test.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => cluster.once('exit', () => resolve()));
    const read = (chunk: Buffer) => {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        output.push(text);
        const started = /^cluster: worker (\d+) \(pid (\d+)\) starting/.exec(text);
        if (started) pids.set(Number(started[1]), Number(started[2]));
        const tagged = /^\[w(\d+)\] (.*)$/.exec(text);
        if (tagged) {
          try {
            lines.push({ worker: Number(tagged[1]), message: String((JSON.parse(tagged[2]!) as { msg?: unknown }).msg ?? '') });
          } catch {
            lines.push({ worker: Number(tagged[1]), message: tagged[2]! });
          }
        }
      }
    };
    cluster.stdout!.on('data', read);
    cluster.stderr!.on('data', read);
    await until(() => output.some((text) => text.startsWith('cluster: ready')), 'the cluster to be ready', 240_000);
    await until(() => leaders().length > 0, 'a feed leader', 30_000);
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) (socket instanceof WebSocket ? socket : socket.ws).terminate();
    if (cluster?.pid) {
      cluster.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 40_000))]);
      if (!stopped) {
        try {
          process.kill(-cluster.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    // A worker killed by the test and started again belongs to the group too.
    for (const pid of pids.values()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Stopped with the cluster.
      }
    }
    await helper?.close();
    await database?.close();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 90_000);

  /** A /ws connection that keeps every frame it receives. */
  async function scoreSocket(url: string): Promise<{ frames: Array<{ type?: string; seq?: number; data?: unknown }>; ws: WebSocket; closed: Promise<number> }> {
    const ws = new WebSocket(url);
    sockets.push(ws);
    const frames: Array<{ type?: string; seq?: number; data?: unknown }> = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as { type?: string }));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return { frames, ws, closed };
  }

  async function imClient(where: number, userId: number): Promise<ImClient> {
    const client = await ImClient.open(`ws://127.0.0.1:${String(where)}/im`, helper.serverContext.contract.validatorFor('ImServerMessage'));
    sockets.push(client);
    const userID = String(userId);
    expect(await client.call({ type: 'login', userID, userSig: await messagingSigFor(helper.serverContext, userID), lang: 'en' })).toMatchObject({ type: 'ok' });
    return client;
  }

  async function chatRoom(): Promise<{ group: string; users: number[] }> {
    const room = await database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select('live_rooms.id')
      .where('users.disabled_at', 'is', null)
      .where('live_rooms.chat_slow_seconds', '=', 0)
      .where('live_rooms.chat_followers_only', '=', false)
      .orderBy('live_rooms.id')
      .executeTakeFirstOrThrow();
    const users = await database.db.selectFrom('users').select('id').where('is_anchor', '=', 0).where('disabled_at', 'is', null).orderBy('id').limit(8).execute();
    return { group: `live${String(room.id)}`, users: users.map((user) => user.id) };
  }

  const say = (client: ImClient, group: string, text: string) =>
    client.call({ type: 'send', conversationID: `GROUP${group}`, clientMsgID: `c${randomBytes(4).toString('hex')}`, messageType: 'TIMTextElem', payload: { text } });

  /** 'sent', or why the line was refused (a failing test shows it). */
  const said = async (client: ImClient, group: string, text: string) => {
    const answer = await say(client, group, text);
    return answer.type === 'sent' ? 'sent' : JSON.stringify(answer);
  };

  it('sends a goal and a room chat line to clients on both processes and through the balancer', async () => {
    const watchers = await Promise.all([workerPort(1), workerPort(2), port].map((where) => scoreSocket(`ws://127.0.0.1:${String(where)}/ws`)));
    const leader = leaders().at(-1)!;
    const advanced = await fetch(`http://127.0.0.1:${String(workerPort(leader))}/dev/feed/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ until: 'goal', minutes: 24 * 60 }),
      signal: AbortSignal.timeout(60_000),
    });
    expect(advanced.status).toBe(200);
    await until(() => watchers.every((watcher) => watcher.frames.some((frame) => frame.type === 'goal')), 'the goal on every socket', 20_000);

    const { group, users } = await chatRoom();
    const [talker, listener] = [await imClient(workerPort(1), users[0]!), await imClient(workerPort(2), users[1]!)];
    for (const client of [talker, listener]) expect(await client.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
    expect(await said(talker, group, 'across the balancer')).toBe('sent');
    await listener.until(() => listener.messages().some((message) => JSON.stringify(message).includes('across the balancer')), 'the line on the other process', 10_000);
  }, 120_000);

  it('refuses a session signed out on one process at once on the other', async () => {
    const { users } = await chatRoom();
    const token = await createSession(helper.serverContext, users[2]!, { deviceType: 'pc', ip: '127.0.0.1' });
    const info = async (where: number) =>
      (await (await fetch(`http://127.0.0.1:${String(where)}/api/Member/info`, { headers: { token, lang: 'en' } })).json()) as { code: number };
    // The second process has the session in its cache now.
    expect((await info(workerPort(2))).code).toBe(0);
    const signOut = await fetch(`http://127.0.0.1:${String(workerPort(1))}/api/Member/SignOut`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await signOut.json()) as { code: number }).code).toBe(0);
    expect((await info(workerPort(2))).code).not.toBe(0);
  }, 60_000);

  it('holds the room chat flood limit across processes', async () => {
    const { group, users } = await chatRoom();
    const sender = users[3]!;
    const [here, there] = [await imClient(workerPort(1), sender), await imClient(workerPort(2), sender)];
    for (const client of [here, there]) expect(await client.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
    const answers: string[] = [];
    for (let line = 0; line < roomChatRate.messages * 2; line++) {
      const answer = await say(line % 2 === 0 ? here : there, group, `flood ${String(line)}`);
      answers.push(answer.type === 'error' ? String(answer.reason) : answer.type);
    }
    // Each process alone would have allowed its half of the lines.
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(roomChatRate.messages);
    expect(answers.slice(roomChatRate.messages)).toEqual(Array(roomChatRate.messages).fill('too_fast'));
  }, 60_000);

  const readyAt = (where: number) => async () => (await fetch(`http://127.0.0.1:${String(where)}/ready`).catch(() => null))?.status === 200;
  const roomLines = (client: ImClient, group: string) =>
    client.messages().filter((message) => message.conversationID === `GROUP${group}`);

  it('resumes a room chat tab whose process is killed on the other: every line missed, in order, once', async () => {
    const { group, users } = await chatRoom();
    const [talker, listener] = [await imClient(workerPort(1), users[0]!), await imClient(workerPort(2), users[1]!)];
    for (const client of [talker, listener]) expect(await client.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
    for (const text of ['before 1', 'before 2']) expect(await said(talker, group, text)).toBe('sent');
    await listener.until(() => roomLines(listener, group).some((line) => JSON.stringify(line).includes('before 2')), 'the lines before the kill', 10_000);
    const seen = roomLines(listener, group).map((line) => line.sequence);
    const closed = new Promise<void>((resolve) => listener.ws.once('close', () => resolve()));
    process.kill(pids.get(2)!, 'SIGKILL');
    await closed;
    // Said while the tab is away, by other members (each under the flood limit).
    const away = await imClient(workerPort(1), users[4]!);
    expect(await away.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
    for (const text of ['away 1', 'away 2', 'away 3']) expect(await said(away, group, text)).toBe('sent');
    // Back through the balancer, to the process still up, from the last line it holds.
    const back = await imClient(port, users[1]!);
    const joined = await back.call({ type: 'join_group', groupID: group, afterSequence: seen.at(-1) });
    expect(joined).toMatchObject({ type: 'group_joined' });
    expect(joined).not.toHaveProperty('resync');
    for (const text of ['after 1', 'after 2']) expect(await said(talker, group, text)).toBe('sent');
    await back.until(() => roomLines(back, group).some((line) => JSON.stringify(line).includes('after 2')), 'the lines after the resume', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sequences = [...seen, ...roomLines(back, group).map((line) => line.sequence)];
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => sequences[0]! + index));
    const texts = roomLines(back, group).map((line) => (line.payload as { text?: string }).text);
    expect(texts).toEqual(['away 1', 'away 2', 'away 3', 'after 1', 'after 2']);
    // Redis loses the history (a restart without persistence): a tab resuming from before the loss is told to reload;
    // one holding the last line before it is not, as the database numbers the lines without holes.
    const redis = new Redis(redisUrl!);
    await redis.del(`pitchside:replay:room-chat:${group}`);
    await redis.quit();
    const afterLoss = await say(away, group, 'after the loss');
    expect(afterLoss).toMatchObject({ type: 'sent' });
    const lost = await imClient(port, users[5]!);
    expect(await lost.call({ type: 'join_group', groupID: group, afterSequence: seen.at(-1) })).toMatchObject({ type: 'group_joined', resync: true });
    const next = await imClient(port, users[5]!);
    expect(await next.call({ type: 'join_group', groupID: group, afterSequence: sequences.at(-1) })).not.toHaveProperty('resync');
    await next.until(() => roomLines(next, group).some((line) => JSON.stringify(line).includes('after the loss')), 'the line after the loss', 10_000);
    // One holding the newest line resumes with nothing to replay.
    const current = await imClient(port, users[5]!);
    const newest = afterLoss.type === 'sent' ? afterLoss.message.sequence : 0;
    expect(await current.call({ type: 'join_group', groupID: group, afterSequence: newest })).not.toHaveProperty('resync');
    await until(readyAt(workerPort(2)), 'worker 2 back', 120_000);
  }, 180_000);

  it("resumes the web client's room chat through the balancer when its process is killed: the lines missed replayed, once", async () => {
    await until(readyAt(workerPort(2)), 'worker 2 ready', 120_000);
    const { group, users } = await chatRoom();
    // The tab's first socket lands on the process about to be killed, as the balancer may place it; the next go
    // through the balancer. The port and the join are the browser's own code; ws stands in for the browser's WebSocket.
    const routes = [`ws://127.0.0.1:${String(workerPort(2))}/im`];
    class RoutedWebSocket extends WebSocket {
      constructor(url: string) {
        super(routes.shift() ?? url);
        sockets.push(this);
      }
    }
    const browser = globalThis as { WebSocket?: unknown };
    const before = browser.WebSocket;
    browser.WebSocket = RoutedWebSocket;
    const tab = createOwnMessaging({} as Api, { url: `ws://127.0.0.1:${String(port)}/im`, language: () => 'en' });
    try {
      const cursor = new RoomChatCursor();
      const held: ImMessage[] = [];
      const replayed: number[] = [];
      const events: MessagingEvent[] = [];
      tab.subscribe((event) => {
        events.push(event);
        if (event.type !== 'message' || event.message.conversationID !== `GROUP${group}`) return;
        for (const message of cursor.take([event.message], 'push')) {
          held.push(message);
          if (event.replayed) replayed.push(message.sequence);
        }
      });
      const textOf = (message: ImMessage) => ('text' in message.payload ? message.payload.text : '');
      const holds = (text: string) => held.some((message) => textOf(message) === text);
      const reader = String(users[1]!);
      await tab.login(reader, await messagingSigFor(helper.serverContext, reader));
      await joinRoomChat(tab, group, cursor, (fresh) => held.push(...fresh));
      const entered = held.length;
      const talker = await imClient(workerPort(1), users[6]!);
      expect(await talker.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
      for (const text of ['tab 1', 'tab 2']) expect(await said(talker, group, text)).toBe('sent');
      await until(() => holds('tab 2'), 'the lines before the kill in the tab', 10_000);

      process.kill(pids.get(2)!, 'SIGKILL');
      await until(() => events.some((event) => event.type === 'disconnected'), 'the tab to lose its socket', 10_000);
      const away = await imClient(workerPort(1), users[7]!);
      expect(await away.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
      for (const text of ['tab away 1', 'tab away 2', 'tab away 3']) expect(await said(away, group, text)).toBe('sent');
      await until(() => events.some((event) => event.type === 'reconnected'), 'the tab back through the balancer', 30_000);
      // What the room chat hook does on 'reconnected': join again from the last line held.
      const joined = await joinRoomChat(tab, group, cursor, (fresh) => held.push(...fresh));
      expect(joined.resync).toBeUndefined();
      await until(() => holds('tab away 3'), 'the lines missed, replayed', 10_000);
      for (const text of ['tab 3', 'tab 4']) expect(await said(talker, group, text)).toBe('sent');
      await until(() => holds('tab 4'), 'the lines after the resume', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));

      const since = held.slice(Math.max(0, entered - 1)).map((message) => message.sequence);
      expect(since).toEqual(Array.from({ length: since.length }, (_, index) => since[0]! + index));
      expect(held.slice(entered).map(textOf)).toEqual(['tab 1', 'tab 2', 'tab away 1', 'tab away 2', 'tab away 3', 'tab 3', 'tab 4']);
      expect(replayed).toEqual(held.filter((message) => textOf(message).startsWith('tab away')).map((message) => message.sequence));
      await tab.logout();
    } finally {
      browser.WebSocket = before;
    }
    await until(readyAt(workerPort(2)), 'worker 2 back', 120_000);
  }, 240_000);

  it('holds a room\'s slow mode across processes', async () => {
    const room = await database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select('live_rooms.id')
      .where('users.disabled_at', 'is', null)
      .where('live_rooms.chat_followers_only', '=', false)
      .where('live_rooms.chat_block_links', '=', false)
      .orderBy('live_rooms.id', 'desc')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('live_rooms').set({ chat_slow_seconds: 10 }).where('id', '=', room.id).execute();
    // Each process holds its room list for 3 s (the feed's passes read it too): past that, both read the rule set here.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const group = `live${String(room.id)}`;
    const { users } = await chatRoom();
    const speaker = users[5]!;
    const [here, there] = [await imClient(workerPort(1), speaker), await imClient(workerPort(2), speaker)];
    for (const client of [here, there]) expect(await client.call({ type: 'join_group', groupID: group })).toMatchObject({ type: 'group_joined' });
    expect(await said(here, group, 'slow one')).toBe('sent');
    // Without the count in Redis, the other process would let this one through.
    const second = await say(there, group, 'slow two');
    expect(second).toMatchObject({ type: 'error', reason: 'slow_mode' });
  }, 60_000);

  const advance = async (worker: number, minutes: number) => {
    const answer = await fetch(`http://127.0.0.1:${String(workerPort(worker))}/dev/feed/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes }),
      signal: AbortSignal.timeout(60_000),
    });
    expect(answer.status).toBe(200);
  };
  const matchSeqs = (frames: Array<{ type?: string; seq?: number }>) => frames.filter((frame) => frame.type === 'football_match').map((frame) => frame.seq!);

  it('resumes a client whose process is killed on the other, through the balancer, without a gap or a duplicate', async () => {
    const leader = leaders().at(-1)!;
    const follower = leader === 1 ? 2 : 1;
    const first = await scoreSocket(`ws://127.0.0.1:${String(workerPort(follower))}/ws`);
    first.ws.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await advance(leader, 5);
    await until(() => matchSeqs(first.frames).length > 0, 'football pushes on the first socket', 20_000);
    process.kill(pids.get(follower)!, 'SIGKILL');
    await first.closed;
    const before = matchSeqs(first.frames);
    // Pushes while the client is away, then it comes back through the balancer, to the process still up.
    await advance(leader, 5);
    const second = await scoreSocket(`ws://127.0.0.1:${String(port)}/ws`);
    second.ws.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
    second.ws.send(JSON.stringify({ type: 'resume', seq: { football_match: before.at(-1) } }));
    await advance(leader, 5);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(second.frames.some((frame) => frame.type === 'resync')).toBe(false);
    const seqs = [...before, ...matchSeqs(second.frames)];
    expect(seqs.length).toBeGreaterThan(before.length);
    // Every push of the stream once, in order: no gap, no duplicate.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => seqs[0]! + index));
  }, 120_000);

  it('hands the feed to the other process within 10 s when its leader is killed, telling no goal twice', async () => {
    // The process killed before is started again by the cluster: both take part.
    await until(readyAt(workerPort(1)), 'worker 1 ready', 120_000);
    await until(readyAt(workerPort(2)), 'worker 2 ready', 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const leader = leaders().at(-1)!;
    const follower = leader === 1 ? 2 : 1;
    const watcher = await scoreSocket(`ws://127.0.0.1:${String(workerPort(follower))}/ws`);
    const before = leaders().length;
    const killedAt = Date.now();
    process.kill(pids.get(leader)!, 'SIGKILL');
    await until(() => leaders().length > before, 'a new feed leader', 10_000);
    expect(leaders().at(-1)).toBe(follower);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    // The new leader plays on from the stored state: a few seconds of its catch-up tell no goal twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const goals = watcher.frames.filter((frame) => frame.type === 'goal').map((frame) => JSON.stringify(frame.data));
    expect(new Set(goals).size).toBe(goals.length);
  }, 300_000);

  it('drains on SIGTERM: out of the pool, sockets asked to reconnect with 1012, a clean exit', async () => {
    await until(readyAt(workerPort(1)), 'worker 1 back', 120_000);
    await until(readyAt(workerPort(2)), 'worker 2 ready', 120_000);
    const watcher = await scoreSocket(`ws://127.0.0.1:${String(workerPort(2))}/ws`);
    const { users } = await chatRoom();
    const chatter = await imClient(workerPort(2), users[0]!);
    const chatClosed = new Promise<number>((resolve) => chatter.ws.once('close', (code) => resolve(code)));
    process.kill(pids.get(2)!, 'SIGTERM');
    await until(async () => (await fetch(`http://127.0.0.1:${String(workerPort(2))}/ready`).catch(() => null))?.status === 503, 'not ready while draining', 5_000);
    expect(await watcher.closed).toBe(1012);
    // The chat socket too is asked to reconnect elsewhere, not cut off when the process ends.
    expect(await chatClosed).toBe(1012);
    await until(() => output.some((text) => /^cluster: worker 2 \(pid \d+\) exited \(code 0\)/.test(text)), 'a clean exit', 30_000);
    // The balancer still answers, from the other process.
    expect((await fetch(`http://127.0.0.1:${String(port)}/ready`)).status).toBe(200);
  }, 180_000);
});
