import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingSigFor } from './messaging-login.ts';
import { watchPace } from '../../server/areas/live/live-frames.ts';
import { buildApp } from '../../server/app.ts';
import { ImClient } from '../../server/realtime/im-test-client.ts';
import { createLoggedInUser, demoLogins, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface BoardTask {
  id: number;
  task: string;
  lz_num: number;
  is_complete: 0 | 1;
}
interface Board {
  coins: number;
  tasks: BoardTask[];
}
interface CentreTask extends BoardTask {
  description: string;
  progress: number;
  target: number;
  is_received: 0 | 1;
}

const dayMs = 24 * 3600_000;
/** The server's clock; the last test moves it a day on. */
const clock = { offsetMs: 0 };
/** A watched "minute" in these tests: the task's pace without waiting five real minutes. */
const watchMinuteMs = 150;

let nextMobile = 1;
const key = () => randomBytes(12).toString('hex');

// Every daily task of the seed completes from the action it names, on whichever server process the action
// reaches, once a day, with its coins paid by one ledger transaction. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
describe('daily tasks complete from their actions', () => {
  let server: TestServer;
  let other: FastifyInstance;
  let otherUrl: string;
  let room: { id: number; anchorId: number };
  let taskIds: Record<string, number>;
  let giftId: number;
  let styleId: number;
  const clients: ImClient[] = [];

  beforeAll(async () => {
    const now = () => new Date(Date.now() + clock.offsetMs);
    watchPace.minuteMs = watchMinuteMs;
    server = await startTestServer({ now });
    // A second process on the same database, as a site scaled out runs.
    other = await buildApp({ database: server.database, distDir: '/nonexistent', now, rateLimits: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    otherUrl = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const { db } = server.database;
    const onAir = await db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select(['live_rooms.id', 'live_rooms.anchor_id'])
      .where('live_rooms.status', '=', 'in_progress')
      .where('users.mobile', '<>', demoLogins.viewer.mobile)
      .orderBy('live_rooms.id')
      .executeTakeFirstOrThrow();
    room = { id: Number(onAir.id), anchorId: Number(onAir.anchor_id) };
    const tasks = await db.selectFrom('tasks').select(['id', 'code']).execute();
    taskIds = Object.fromEntries(tasks.map((task) => [task.code, Number(task.id)]));
    const gifts = (await server.call<Array<{ id: number; price: number }>>('GET', '/api/Gift/getList')).data;
    giftId = gifts.find((gift) => gift.price > 0)!.id;
    const styles = (await server.call<Array<{ id: number; price: number }>>('GET', '/api/Barrage/getList')).data;
    styleId = styles.find((style) => style.price > 0)!.id;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await other.close();
    watchPace.minuteMs = 60_000;
    await expectLedgerSound(server);
    await server.close();
  });

  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    const user = await createLoggedInUser(server, { mobile: `86-1377000${suffix}`, nickname: `任务${suffix}`, invitePrefix: 'TSK' });
    await openWallet(server, user.id, 'consumer', 1000);
    return user;
  }
  /** A call to the second process. */
  async function callOther<T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, headers: Record<string, string>) {
    const url = new URL(path, otherUrl);
    if (method === 'GET') for (const [name, value] of Object.entries(input)) url.searchParams.set(name, String(value));
    const response = await fetch(url, {
      method,
      headers: { lang: 'en', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
    });
    return (await response.json()) as { code: number; msg: string; data: T };
  }
  const board = async (token: string, lang = 'en') => (await server.call<Board>('POST', '/api/Activity/pcSignTaskList', {}, { token, lang })).data;
  const centre = async (token: string) =>
    (await server.call<{ coins: number; daily: CentreTask[] }>('POST', '/api/Activity_Config/user_task_list', {}, { token })).data;
  const done = async (token: string, code: string) => (await board(token)).tasks.find((task) => task.id === taskIds[code])!.is_complete;
  const taskPayments = async (userId: number) =>
    server.database.db.selectFrom('ledger_transactions').select(['meta']).where('user_id', '=', userId).where('kind', '=', 'task').execute();
  const gift = (token: string, call: typeof callOther | null = null) => {
    const input = { anchor_uid: room.anchorId, room_id: room.id, gift_id: giftId, count: 1 };
    const headers = { token, 'idempotency-key': key() };
    return call ? call('GET', '/api/member/handselGift', input, headers) : server.call('GET', '/api/member/handselGift', input, headers);
  };
  async function imClient(baseUrl: string, userId: number): Promise<ImClient> {
    const client = await ImClient.open(`${baseUrl.replace('http', 'ws')}/im`, server.app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    const userID = String(userId);
    expect(await client.call({ type: 'login', userID, userSig: await messagingSigFor(server.app.serverContext, userID) })).toMatchObject({ type: 'ok' });
    expect(await client.call({ type: 'join_group', groupID: `live${String(room.id)}` })).toMatchObject({ type: 'group_joined' });
    return client;
  }

  it('names the tasks in the reader language', async () => {
    const user = await newUser();
    const names = async (lang: string) => (await board(user.token, lang)).tasks.map((task) => task.task);
    const [zh, en, vi] = [await names('zh'), await names('en'), await names('vi')];
    expect(zh).toContain('赠送一次礼物');
    expect(en).toContain('Send a gift');
    for (const name of [...en, ...vi]) expect(name).not.toMatch(/\p{Script=Han}/u);
    expect((await centre(user.token)).daily.every((task) => !/\p{Script=Han}/u.test(task.description))).toBe(true);
  });

  it('completes the gift task from a gift, once, whichever process takes the next gift', async () => {
    const user = await newUser();
    expect(await done(user.token, 'send_gift')).toBe(0);
    expect((await gift(user.token)).code).toBe(0);
    expect(await done(user.token, 'send_gift')).toBe(1);
    expect((await gift(user.token, callOther)).code).toBe(0);
    await Promise.all([gift(user.token), gift(user.token, callOther), gift(user.token)]);
    const paid = await taskPayments(user.id);
    expect(paid).toHaveLength(1);
    expect((await board(user.token)).coins).toBe((await board(user.token)).tasks.find((task) => task.id === taskIds.send_gift)!.lz_num);
  });

  it('completes the barrage task from a coloured barrage and from a line in the room chat', async () => {
    const coloured = await newUser();
    const sent = await server.call('GET', '/api/Barrage/send', { room_id: room.id, style_id: styleId, content: 'go go go' }, { token: coloured.token, 'idempotency-key': key() });
    expect(sent.code).toBe(0);
    expect(await done(coloured.token, 'send_barrage')).toBe(1);

    const chatter = await newUser();
    const client = await imClient(otherUrl, chatter.id);
    const answer = await client.call({
      type: 'send',
      conversationID: `GROUPlive${String(room.id)}`,
      clientMsgID: key(),
      messageType: 'TIMTextElem',
      payload: { text: 'what a save' },
    });
    expect(answer).toMatchObject({ type: 'sent' });
    await expect.poll(() => done(chatter.token, 'send_barrage')).toBe(1);
    expect(await taskPayments(chatter.id)).toHaveLength(1);
  });

  it('completes the share task from sharing a room, and the follow task from a follow', async () => {
    const user = await newUser();
    expect((await server.call('POST', '/api/live/share', { room_id: room.id }, { token: user.token })).code).toBe(0);
    expect(await done(user.token, 'share')).toBe(1);
    expect((await server.call('POST', '/api/live/share', { room_id: room.id }, { token: user.token })).code).toBe(0);
    expect((await server.call('POST', '/api/Member/attention', { uid: room.anchorId, type: 1 }, { token: user.token })).code).toBe(0);
    expect(await done(user.token, 'follow_anchor')).toBe(1);
    expect((await taskPayments(user.id)).map((row) => (row.meta as { task: string }).task).sort()).toEqual(['follow_anchor', 'share']);
  });

  it('counts a minute of watching a room on air once, however many tabs on however many processes watch it', async () => {
    const user = await newUser();
    const started = Date.now();
    await Promise.all([imClient(server.baseUrl, user.id), imClient(otherUrl, user.id), imClient(otherUrl, user.id)]);
    await expect.poll(() => done(user.token, 'watch_room'), { timeout: 10_000, interval: 50 }).toBe(1);
    const target = (await centre(user.token)).daily.find((task) => task.id === taskIds.watch_room)!.target;
    // Three tabs counting each tick would finish in about two ticks; one count per watched minute takes the target's.
    expect(Date.now() - started).toBeGreaterThanOrEqual((target - 1) * watchMinuteMs * 0.9);
    await new Promise((resolve) => setTimeout(resolve, watchMinuteMs * 3));
    expect(await taskPayments(user.id)).toHaveLength(1);
  });

  it('does not count watching a room off air', async () => {
    const user = await newUser();
    const offAir = await server.database.db.selectFrom('live_rooms').select('id').where('status', '<>', 'in_progress').executeTakeFirstOrThrow();
    const client = await ImClient.open(`${server.baseUrl.replace('http', 'ws')}/im`, server.app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    const userID = String(user.id);
    await client.call({ type: 'login', userID, userSig: await messagingSigFor(server.app.serverContext, userID) });
    expect(await client.call({ type: 'join_group', groupID: `live${String(offAir.id)}` })).toMatchObject({ type: 'group_joined' });
    await new Promise((resolve) => setTimeout(resolve, watchMinuteMs * 4));
    const watch = (await centre(user.token)).daily.find((task) => task.id === taskIds.watch_room)!;
    expect(watch.progress).toBe(0);
  });

  it('starts the tasks again the next day, and pays them again', async () => {
    const user = await newUser();
    expect((await gift(user.token)).code).toBe(0);
    expect(await done(user.token, 'send_gift')).toBe(1);
    clock.offsetMs += dayMs;
    expect(await done(user.token, 'send_gift')).toBe(0);
    expect((await gift(user.token, callOther)).code).toBe(0);
    expect(await done(user.token, 'send_gift')).toBe(1);
    expect(await taskPayments(user.id)).toHaveLength(2);
  });
});
