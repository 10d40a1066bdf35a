import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barrageMessages } from '../../server/areas/social/barrage-service.ts';
import { hornMessages } from '../../server/areas/social/horn-service.ts';
import { createLoggedInUser, demoLogins, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { messagingSigFor } from './messaging-login.ts';

interface Style {
  id: number;
  name: string;
  colour: string;
  price: number;
}
interface Barrage {
  id: number;
  room_id: number;
  style_id: number;
  colour: string;
  content: string;
  user: { id: number };
}
interface Horn {
  id: number;
  content: string;
  user: { id: number };
}
interface Entry {
  conversationID: string;
  user: { id: number; user_nickname: string };
  tier: { kind: 'guard' | 'nobility'; level: number; name: string; name_en: string };
}

let nextMobile = 1;
const key = () => randomBytes(12).toString('hex');

// Coloured barrage and horns: paid through the ledger, told to the room or listed site-wide.
describe('coloured barrage and horns', () => {
  let server: TestServer;
  let roomId: number;
  let styles: Style[];

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    const anchor = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    roomId = Number((await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchor.id).executeTakeFirstOrThrow()).id);
    styles = (await server.call<Style[]>('GET', '/api/Barrage/getList')).data;
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
  });

  async function newUser(diamonds: number) {
    const suffix = String(nextMobile++).padStart(4, '0');
    const user = await createLoggedInUser(server, { mobile: `86-1995000${suffix}`, nickname: `彩弹${suffix}`, invitePrefix: 'BRG' });
    if (diamonds > 0) await openWallet(server, user.id, 'consumer', diamonds);
    return user;
  }
  const call = <T>(path: string, token: string, input: Record<string, unknown>, idempotencyKey = key()) =>
    server.call<T>('GET', path, input, { token, 'idempotency-key': idempotencyKey });

  /** An /im connection (a guest's, or the member's), in the room's chat when one is given, keeping the horns and entries it hears. */
  async function listener(room: number | null, memberId?: number) {
    const account =
      memberId === undefined
        ? (await server.call<{ id: string; sig: string }>('GET', '/api/Universal/imTouristAccount')).data
        : { id: String(memberId), sig: await messagingSigFor(server.app.serverContext, String(memberId)) };
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const horns: Horn[] = [];
    const entries: Entry[] = [];
    const answered = new Map<number, () => void>();
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: number; horn?: Horn };
      if (frame.type === 'horn') horns.push(frame.horn!);
      else if (frame.type === 'room_entry') entries.push(frame as unknown as Entry);
      else if (frame.id !== undefined) answered.get(frame.id)?.();
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let nextId = 1;
    const ask = (frame: Record<string, unknown>) =>
      new Promise<void>((resolve) => {
        const id = nextId++;
        answered.set(id, resolve);
        socket.send(JSON.stringify({ id, ...frame }));
      });
    await ask({ type: 'login', userID: account.id, userSig: account.sig, lang: 'zh' });
    const join = (into: number) => ask({ type: 'join_group', groupID: `live${String(into)}` });
    if (room !== null) await join(room);
    return { horns, entries, join, leave: (from: number) => ask({ type: 'leave_group', groupID: `live${String(from)}` }), close: () => socket.close() };
  }

  it('lists the barrage colours with their prices', () => {
    expect(styles.length).toBeGreaterThan(3);
    expect(styles[0]).toMatchObject({ name: 'Classic White', colour: '#ffffff', price: 0 });
    for (const style of styles) expect(style.colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('sends a paid coloured barrage to the room, and refuses a colour above the nobility held', async () => {
    const viewer = await newUser(1);
    const red = styles.find((style) => style.colour === '#ff4d4f')!;
    const told: unknown[] = [];
    const unsubscribe = await server.app.serverContext.bus.subscribe(`im:group:live${String(roomId)}`, (message) => told.push(message));
    const sent = await call<{ barrage: Barrage; cost: number; balance: number }>('/api/Barrage/send', viewer.token, { room_id: roomId, style_id: red.id, content: '红色冲锋' });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ cost: red.price, balance: 1 - red.price, barrage: { colour: '#ff4d4f', content: '红色冲锋', room_id: roomId, user: { id: viewer.id } } });
    await expect.poll(() => told.length).toBe(1);
    await unsubscribe();
    const pushed = (told[0] as { message: { payload: { data: string; extension: string } } }).message.payload;
    expect(pushed.extension).toBe('barrage');
    expect(JSON.parse(pushed.data)).toEqual(sent.data.barrage);

    const purple = styles.find((style) => style.colour === '#9254de')!;
    expect(await call('/api/Barrage/send', viewer.token, { room_id: roomId, style_id: purple.id, content: '贵族' })).toMatchObject({
      code: 1,
      msg: barrageMessages.nobilityNeeded,
    });
    const gold = styles.find((style) => style.price > 1)!;
    const poor = await call('/api/Barrage/send', viewer.token, { room_id: roomId, style_id: gold.id, content: '没钱了' });
    expect(poor).toMatchObject({ code: 1, msg: barrageMessages.insufficient });
  });

  it('uses the free horns of nobility first, then pays the horn price, and lists horns newest first', async () => {
    const viewer = await newUser(40);
    const tiers = (await server.call<Array<{ id: number; kind: string; price_per_month: number }>>('GET', '/api/Guard/getList')).data;
    const knight = tiers.find((tier) => tier.kind === 'nobility')!;
    expect((await call('/api/guard_user/buy', viewer.token, { tier_id: knight.id, months: 1 })).code).toBe(0);
    const first = await call<{ horn: Horn; cost: number; free_horns: number }>('/api/Member/sneHorn', viewer.token, { content: '全站喇叭' });
    expect(first.data).toMatchObject({ cost: 0, free_horns: 29, horn: { content: '全站喇叭', user: { id: viewer.id } } });
    await server.database.db.updateTable('guard_memberships').set({ free_horns_left: 0 }).where('user_id', '=', viewer.id).execute();
    const paid = await call<{ cost: number; balance: number; free_horns: number }>('/api/Member/sneHorn', viewer.token, { content: '付费喇叭' });
    expect(paid.data).toMatchObject({ cost: 10, balance: 40 - knight.price_per_month - 10, free_horns: 0 });
    const list = await server.call<{ total: number; list: Horn[] }>('GET', '/api/Member/hornList', { limit: 2 });
    expect(list.data.list.map((horn) => horn.content)).toEqual(['付费喇叭', '全站喇叭']);
    const broke = await call('/api/Member/sneHorn', viewer.token, { content: '再来一个' });
    expect(broke).toMatchObject({ code: 1, msg: hornMessages.insufficient });
  });

  it('pushes a new horn at once to everyone in a live room, on /im, and to no connection outside the rooms', async () => {
    const rooms = await server.database.db.selectFrom('live_rooms').select('id').orderBy('id').limit(2).execute();
    const [first, second, outside] = await Promise.all([listener(Number(rooms[0]!.id)), listener(Number(rooms[1]!.id)), listener(null)]);
    try {
      const viewer = await newUser(20);
      const blown = await call<{ horn: Horn }>('/api/Member/sneHorn', viewer.token, { content: '进球了' });
      expect(blown.code).toBe(0);
      await expect.poll(() => first.horns.length).toBe(1);
      await expect.poll(() => second.horns.length).toBe(1);
      expect(first.horns[0]).toEqual(blown.data.horn);
      expect(second.horns[0]).toEqual(blown.data.horn);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outside.horns).toEqual([]);
    } finally {
      for (const connection of [first, second, outside]) connection.close();
    }
  });

  it("tells a room when a noble or a guard of its anchor comes in, once a minute at most, and nobody else's entry", async () => {
    const { db } = server.database;
    const otherRoom = Number((await db.selectFrom('live_rooms').select('id').where('id', '!=', roomId).orderBy('id').executeTakeFirstOrThrow()).id);
    const tiers = (await server.call<Array<{ id: number; kind: string; name: string; price_per_month: number }>>('GET', '/api/Guard/getList')).data;
    const noble = await newUser(40);
    const guard = await newUser(200);
    const plain = await newUser(0);
    const knight = tiers.filter((tier) => tier.kind === 'nobility').sort((a, b) => a.price_per_month - b.price_per_month)[0]!;
    const captain = tiers.filter((tier) => tier.kind === 'guard').sort((a, b) => a.price_per_month - b.price_per_month)[0]!;
    const anchor = await db.selectFrom('live_rooms').select('anchor_id').where('id', '=', roomId).executeTakeFirstOrThrow();
    expect((await call('/api/guard_user/buy', noble.token, { tier_id: knight.id, months: 1 })).code).toBe(0);
    expect((await call('/api/guard_user/buy', guard.token, { tier_id: captain.id, months: 1, anchor_uid: anchor.anchor_id })).code).toBe(0);

    const watcher = await listener(roomId);
    const elsewhere = await listener(otherRoom);
    const connections = [watcher, elsewhere];
    try {
      const nobleComes = await listener(roomId, noble.id);
      const guardComes = await listener(roomId, guard.id);
      const plainComes = await listener(roomId, plain.id);
      connections.push(nobleComes, guardComes, plainComes);
      await expect.poll(() => watcher.entries.length).toBe(2);
      const byUser = new Map(watcher.entries.map((entry) => [entry.user.id, entry]));
      expect(byUser.get(noble.id)).toMatchObject({ conversationID: `GROUPlive${String(roomId)}`, tier: { kind: 'nobility', name_en: knight.name } });
      expect(byUser.get(guard.id)).toMatchObject({ tier: { kind: 'guard', name_en: captain.name } });
      // The guard guards this room's anchor only: in another room they come in unannounced, like anyone.
      await guardComes.join(otherRoom);
      // Leaving and coming back within the minute is not told again.
      await nobleComes.leave(roomId);
      await nobleComes.join(roomId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(watcher.entries).toHaveLength(2);
      expect(elsewhere.entries).toEqual([]);
    } finally {
      for (const connection of connections) connection.close();
    }
  });
});
