// `BENCH_ONLY=chaos npm run bench`: the scaled-out site under faults. Three processes behind HAProxy
// (`npm run start:cluster`) on a PostgreSQL database made for the run and dropped after, and Redis; score sockets
// through the balancer, a gift storm and room chat, and a kill -9 of one process every minute for five minutes.
// Printed: sockets reconnected within 10 s, goals missed or told twice per client, acknowledged gifts and chat
// lines lost, the ledger's net, and the error answers around each kill.
//
// Runs only where PostgreSQL (CHAOS_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres), Redis
// (REDIS_URL) and HAProxy are; says so and stops elsewhere. Restarting PostgreSQL or Redis under load is left out:
// they are the machine's own services, shared with whatever else runs on it.
//
// CHAOS_SOCKETS (15000), CHAOS_KILLS (5), CHAOS_KILL_EVERY_MS (60000), CHAOS_WORKERS (3), CHAOS_SENDERS (40),
// CHAOS_CHATTERS (20), CHAOS_PORT (a free run of ports), CHAOS_DATABASE (a fresh name).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { createSession } from '../../server/areas/account/session-service.ts';
import { book, moneyTransaction } from '../../server/areas/wallet/ledger.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { redisTestUrl } from '../../server/realtime/redis-test-url.ts';
import { messagingSigFor } from '../api/messaging-login.ts';

const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  sockets: numberFrom('CHAOS_SOCKETS', 15_000),
  kills: numberFrom('CHAOS_KILLS', 5),
  killEveryMs: numberFrom('CHAOS_KILL_EVERY_MS', 60_000),
  workers: numberFrom('CHAOS_WORKERS', 3),
  senders: numberFrom('CHAOS_SENDERS', 40),
  chatters: numberFrom('CHAOS_CHATTERS', 20),
};
/** A socket back within this long after its process died counts as reconnected in time (the issue's goal). */
const reconnectGoalMs = 10_000;
/** How long after a kill an error answer counts as the kill's. */
const killWindowMs = 10_000;
const connectBatch = 200;
const goalHead = '{"code":100,"type":"goal","seq":';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePortRun(length: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  if (process.env.CHAOS_PORT) return Number(process.env.CHAOS_PORT);
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await Promise.all(Array.from({ length }, (_, offset) => free(base + offset)))).every(Boolean)) return base;
  }
  throw new Error('no free run of ports');
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One score socket of a page, through the balancer: it resumes its goal stream after each reconnect. */
class ScoreClient {
  goals = new Set<number>();
  duplicates = 0;
  lastGoal: number | null = null;
  firstGoal: number | null = null;
  closedAt: number | null = null;
  reconnects: number[] = [];
  lost = 0;
  #ws: WebSocket | null = null;
  #stopped = false;

  constructor(private readonly url: string) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false });
      this.#ws = ws;
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'register', info: 'web' }));
        ws.send(JSON.stringify({ type: 'toggle', company_id: 1 }));
        ws.send(JSON.stringify({ type: 'classify', classify_type: 0 }));
        if (this.lastGoal !== null) ws.send(JSON.stringify({ type: 'resume', seq: { goal: this.lastGoal } }));
        if (this.closedAt !== null) this.reconnects.push(Date.now() - this.closedAt);
        this.closedAt = null;
        resolve();
      });
      ws.on('message', (data: Buffer) => {
        if (data.length <= goalHead.length || data.toString('latin1', 0, goalHead.length) !== goalHead) return;
        const seq = Number(/^\d+/.exec(data.toString('latin1', goalHead.length, goalHead.length + 16))?.[0]);
        if (this.goals.has(seq)) this.duplicates += 1;
        this.goals.add(seq);
        this.firstGoal ??= seq;
        this.lastGoal = Math.max(this.lastGoal ?? seq, seq);
      });
      ws.once('close', () => {
        if (this.#stopped) return;
        this.lost += 1;
        this.closedAt ??= Date.now();
        // A page waits a moment before it tries again, so a dead process's sockets do not all come back at once.
        setTimeout(() => void this.open(), 250 + Math.random() * 1500);
        resolve();
      });
      ws.once('error', () => undefined);
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#ws?.terminate();
  }
}

interface CallTally {
  acknowledged: Array<{ at: number; id: string }>;
  errors: number[];
  refused: number;
}

export async function benchChaos(): Promise<void> {
  const adminUrl = process.env.CHAOS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? (await redisTestUrl());
  const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].some((path) => existsSync(path));
  if (!(await postgresAnswers(adminUrl)) || !redisUrl || !haproxy) {
    console.log(`chaos: skipped: it needs PostgreSQL (${adminUrl}: ${(await postgresAnswers(adminUrl)) ? 'yes' : 'no'}), Redis (REDIS_URL: ${redisUrl ? 'yes' : 'no'}) and HAProxy (${haproxy ? 'yes' : 'no'})`);
    return;
  }
  const databaseName = process.env.CHAOS_DATABASE ?? `pitchside_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePortRun(settings.workers + 1);
  const balancer = `127.0.0.1:${String(port)}`;
  console.log(`chaos: ${String(settings.workers)} processes behind HAProxy on ${balancer}, database ${databaseName}, ${String(settings.sockets)} score sockets`);

  const output: string[] = [];
  const pids = new Map<number, number>();
  const leaders: number[] = [];
  const cluster: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-cluster.ts', '--sources', '--workers', String(settings.workers)], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DIST_DIR: '/nonexistent',
      MEDIA_SERVER: 'off',
      DEMO_AIR_MS: '0',
      FEED_LOCK_RETRY_MS: '1000',
      // The load comes from one address here; on a real site each viewer has their own.
      SOCKETS_PER_ADDRESS: String(settings.sockets * 2),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => cluster.once('exit', () => resolve()));
  const read = (chunk: Buffer) => {
    for (const text of chunk.toString('utf8').split('\n')) {
      if (!text) continue;
      output.push(text);
      if (output.length > 400) output.shift();
      const started = /^cluster: worker (\d+) \(pid (\d+)\) starting/.exec(text);
      if (started) pids.set(Number(started[1]), Number(started[2]));
      const tagged = /^\[w(\d+)\] (.*)$/.exec(text);
      if (tagged?.[2]?.includes('this process plays the feed')) leaders.push(Number(tagged[1]));
    }
  };
  cluster.stdout!.on('data', read);
  cluster.stderr!.on('data', read);
  const until = async (check: () => boolean | Promise<boolean>, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`chaos: timed out waiting for ${what}\n${output.slice(-30).join('\n')}`);
      await sleep(200);
    }
  };

  const clients: ScoreClient[] = [];
  const stops: Array<() => void> = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let helper: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await until(() => output.some((text) => text.startsWith('cluster: ready')), 'the cluster', 300_000);
    await until(() => leaders.length > 0, 'a feed leader', 60_000);
    database = await openDatabase({ url: databaseUrl.toString() });
    helper = await buildApp({ database, distDir: '/nonexistent', rateLimits: false, logger: { level: 'warn' } });
    const server = helper.serverContext;
    const { db } = database;

    // The people of the run: gift senders topped up through the ledger, chatters, and the room they are in.
    const room = await db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select(['live_rooms.id', 'live_rooms.anchor_id'])
      .where('users.disabled_at', 'is', null)
      .where('live_rooms.chat_slow_seconds', '=', 0)
      .where('live_rooms.chat_followers_only', '=', false)
      .orderBy('live_rooms.id')
      .executeTakeFirstOrThrow();
    const gift = await db.selectFrom('gifts').select('id').where('enabled', '=', true).orderBy('price').orderBy('sort').executeTakeFirstOrThrow();
    const people = await db
      .selectFrom('users')
      .select('id')
      .where('is_anchor', '=', 0)
      .where('disabled_at', 'is', null)
      .orderBy('id')
      .limit(settings.senders + settings.chatters)
      .execute();
    const senders = [];
    // Chatters first: the seeded world may hold fewer viewers than both lists ask for.
    for (const person of people.slice(settings.chatters)) {
      const id = Number(person.id);
      await moneyTransaction(server, (trx) =>
        book(trx, server, {
          key: `chaos-opening:${String(id)}`,
          kind: 'opening',
          userId: id,
          postings: [
            { account: { system: 'system_opening' }, tenths: -1_000_000 },
            { account: { user: id, kind: 'consumer' }, tenths: 1_000_000 },
          ],
        }),
      );
      senders.push({ id, token: await createSession(server, id, { deviceType: 'pc', ip: '127.0.0.1' }) });
    }
    const chatters = [];
    for (const person of people.slice(0, settings.chatters)) {
      const userID = String(person.id);
      chatters.push({ userID, userSig: await messagingSigFor(server, userID) });
    }

    // The score sockets, through the balancer, then a goal every client holds before the faults begin.
    for (let opened = 0; opened < settings.sockets; opened += connectBatch) {
      const batch = Array.from({ length: Math.min(connectBatch, settings.sockets - opened) }, () => new ScoreClient(`ws://${balancer}/ws`));
      clients.push(...batch);
      await Promise.all(batch.map((client) => client.open()));
    }
    const driveGoal = async () => {
      for (const worker of [leaders.at(-1), ...pids.keys()]) {
        if (worker === undefined) continue;
        const answer = await fetch(`http://127.0.0.1:${String(port + worker)}/dev/feed/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ until: 'goal', minutes: 24 * 60 }),
          signal: AbortSignal.timeout(60_000),
        }).catch(() => null);
        if (answer?.status === 200) return;
      }
    };
    await driveGoal();
    await until(() => clients.every((client) => client.firstGoal !== null), 'a goal on every socket', 60_000);
    console.log(`chaos: ${String(clients.length)} sockets open, each holding a goal; ${String(senders.length)} gift senders, ${String(chatters.length)} chatters`);

    let running = true;
    const runStartedAt = Date.now();
    // Goals keep coming while the processes die.
    const goals = (async () => {
      while (running) {
        await driveGoal();
        await sleep(5_000);
      }
    })();

    // The gift storm: each sender sends again as soon as answered, retrying a failed call with the same key.
    const gifts: CallTally = { acknowledged: [], errors: [], refused: 0 };
    const storm = senders.map(async (sender, index) => {
      for (let sent = 0; running; sent++) {
        const key = `chaos-${String(index)}-${String(sent)}`;
        for (let attempt = 0; attempt < 5 && running; attempt++) {
          const answer = await fetch(
            `http://${balancer}/api/member/handselGift?anchor_uid=${String(room.anchor_id)}&room_id=${String(room.id)}&gift_id=${String(gift.id)}&count=1`,
            { headers: { token: sender.token, 'idempotency-key': key, lang: 'en' }, signal: AbortSignal.timeout(15_000) },
          ).catch(() => null);
          // Any answer in the envelope is the server's word (a refusal, a rate limit); only no answer or a 5xx is an error.
          const body = answer && answer.status < 500 ? ((await answer.json().catch(() => null)) as { code?: number; data?: { notice?: { record_id?: number } } } | null) : null;
          if (body?.code === 0) {
            gifts.acknowledged.push({ at: Date.now(), id: String(body.data?.notice?.record_id ?? '') });
            break;
          }
          if (body) {
            gifts.refused += 1;
            break;
          }
          gifts.errors.push(Date.now());
          await sleep(200);
        }
        await sleep(100);
      }
    });

    // Room chat: each chatter says a line every 2.5 s (under the flood limit), logging in and joining again after a drop.
    const chat: CallTally = { acknowledged: [], errors: [], refused: 0 };
    const chatting = chatters.map(async (login, index) => {
      let said = 0;
      while (running) {
        const ws = await new Promise<WebSocket | null>((resolve) => {
          const socket = new WebSocket(`ws://${balancer}/im`, { perMessageDeflate: false });
          socket.once('open', () => resolve(socket)).once('error', () => resolve(null));
        });
        if (!ws) {
          chat.errors.push(Date.now());
          await sleep(1000);
          continue;
        }
        stops.push(() => ws.terminate());
        const answers = new Map<number, (frame: { type: string; message?: { ID: string } }) => void>();
        let closed = false;
        ws.on('message', (data: Buffer) => {
          const frame = JSON.parse(String(data)) as { id?: number; type: string; message?: { ID: string } };
          if (frame.id !== undefined && answers.has(frame.id)) answers.get(frame.id)!(frame);
        });
        ws.once('close', () => {
          closed = true;
          for (const answer of answers.values()) answer({ type: 'closed' });
        });
        let nextId = 1;
        const call = (frame: object) =>
          new Promise<{ type: string; message?: { ID: string } }>((resolve) => {
            const id = nextId++;
            answers.set(id, resolve);
            ws.send(JSON.stringify({ ...frame, id }));
          });
        if ((await call({ type: 'login', ...login, lang: 'en' })).type !== 'ok' || (await call({ type: 'join_group', groupID: `live${String(room.id)}` })).type !== 'group_joined') {
          chat.errors.push(Date.now());
          ws.terminate();
          continue;
        }
        while (running && !closed) {
          const clientMsgID = `chaos${String(index)}x${String(said)}`;
          const answer = await call({ type: 'send', conversationID: `GROUPlive${String(room.id)}`, clientMsgID, messageType: 'TIMTextElem', payload: { text: `chaos line ${String(said)}` } });
          if (answer.type === 'sent') {
            chat.acknowledged.push({ at: Date.now(), id: answer.message!.ID });
            said += 1;
          } else if (answer.type === 'closed') chat.errors.push(Date.now());
          else chat.refused += 1;
          await sleep(2_500);
        }
        ws.terminate();
      }
    });

    // The faults: one process killed with SIGKILL every minute; the cluster starts it again.
    const kills: Array<{ at: number; worker: number }> = [];
    for (let kill = 0; kill < settings.kills; kill++) {
      await sleep(settings.killEveryMs);
      const workers = [...pids.keys()];
      const worker = workers[Math.floor(Math.random() * workers.length)]!;
      kills.push({ at: Date.now(), worker });
      try {
        process.kill(pids.get(worker)!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      console.log(`chaos: kill ${String(kill + 1)}/${String(settings.kills)}: worker ${String(worker)}`);
    }
    // The last kill's sockets come back, the last goals go out, then the load stops.
    await sleep(20_000);
    await driveGoal();
    await sleep(5_000);
    running = false;
    await Promise.all([goals, ...storm, ...chatting]);
    const ranMs = Date.now() - runStartedAt;

    // What every client should hold: each goal any of them heard after its first.
    const heard = new Set<number>();
    for (const client of clients) for (const seq of client.goals) heard.add(seq);
    let missed = 0;
    let clientsMissing = 0;
    for (const client of clients) {
      const due = [...heard].filter((seq) => seq > client.firstGoal!);
      const gone = due.filter((seq) => !client.goals.has(seq)).length;
      missed += gone;
      if (gone > 0) clientsMissing += 1;
    }
    const duplicates = clients.reduce((sum, client) => sum + client.duplicates, 0);
    const reconnects = clients.flatMap((client) => client.reconnects);
    const stillAway = clients.filter((client) => client.closedAt !== null).length;
    const inTime = reconnects.filter((ms) => ms <= reconnectGoalMs).length;
    const sorted = [...reconnects].sort((a, b) => a - b);

    const giftIds = gifts.acknowledged.map((entry) => Number(entry.id)).filter((id) => id > 0);
    const storedGifts = giftIds.length === 0 ? 0 : Number((await db.selectFrom('gift_records').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', giftIds).executeTakeFirstOrThrow()).n);
    const lineIds = chat.acknowledged.map((entry) => Number(entry.id)).filter((id) => id > 0);
    const storedLines = lineIds.length === 0 ? 0 : Number((await db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', lineIds).executeTakeFirstOrThrow()).n);
    const nets = await sql<{ currency: string; net: string }>`
      select a.currency, sum(e.amount)::text as net from ledger_entries e join wallet_accounts a on a.id = e.account_id group by a.currency`.execute(db);
    const nearKill = (at: number) => kills.some((kill) => at >= kill.at && at - kill.at <= killWindowMs);

    console.log(`chaos: ${String(Math.round(ranMs / 1000))} s of load, ${String(kills.length)} kills (workers ${kills.map((kill) => kill.worker).join(', ')})`);
    console.log(`  score sockets: ${String(reconnects.length)} reconnects, ${String(inTime)} within 10 s (${reconnects.length ? ((100 * inTime) / reconnects.length).toFixed(1) : '100.0'}%), p50 ${String(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${String(sorted.at(-1) ?? 0)} ms, ${String(stillAway)} still away at the end`);
    console.log(`  goals: ${String(heard.size)} heard; missed ${String(missed)} (${String(clientsMissing)} clients of ${String(clients.length)}), told twice ${String(duplicates)}`);
    console.log(`  gifts: ${String(gifts.acknowledged.length)} acknowledged, ${String(gifts.acknowledged.length - storedGifts)} of them lost; ${String(gifts.refused)} refused; ${String(gifts.errors.length)} error answers (${String(gifts.errors.filter(nearKill).length)} within 10 s of a kill)`);
    console.log(`  room chat: ${String(chat.acknowledged.length)} lines acknowledged, ${String(chat.acknowledged.length - storedLines)} of them lost; ${String(chat.refused)} refused; ${String(chat.errors.length)} dropped or failed joins (${String(chat.errors.filter(nearKill).length)} within 10 s of a kill)`);
    console.log(`  ledger net per currency: ${nets.rows.map((row) => `${row.currency} ${row.net}`).join(', ')}`);
    console.log('  Redis and PostgreSQL restarts under load: not run (the machine\'s shared services)');
  } finally {
    for (const client of clients) client.stop();
    for (const stop of stops) stop();
    await helper?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (cluster.pid) {
      cluster.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(40_000).then(() => false)]);
      if (!stopped) {
        try {
          process.kill(-cluster.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    for (const pid of pids.values()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Stopped with the cluster.
      }
    }
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
