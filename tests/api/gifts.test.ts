import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMessage } from '../../server/areas/chat/message-service.ts';
import { giftMessages, sendGift } from '../../server/areas/gifts/gift-service.ts';
import { roomChatSpeech, SendRate, SlowMode } from '../../server/areas/live/room-chat-service.ts';
import { createLoggedInUser, demoLogins, logIn, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface Gift {
  id: number;
  name: string;
  icon: string;
  price: number;
  animation_type: string;
  animation_url: string | null;
}
interface GiftNotice {
  kind: 'gift';
  record_id: number;
  gift_id: number;
  effect: string;
  count: number;
  combo: number;
  total_price: number;
  room_id: number;
  anchor_uid: number;
}
interface GiftSent {
  gift_id: number;
  count: number;
  source: string;
  total_price: number;
  balance: number;
  backpack_count: number | null;
  experience: number;
  notice: GiftNotice;
}
interface ReceivedPage {
  total: number;
  income_total: number;
  list: Array<{ id: number; sender: { id: number }; gift_id: number; count: number; total_price: number; income: number; room_id: number }>;
}

let nextMobile = 1;
const key = () => randomBytes(12).toString('hex');

describe('gifts in rooms', () => {
  let server: TestServer;
  let anchor: { id: number; token: string; roomId: number };
  let gifts: Gift[];

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    const anchorRow = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    const room = await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchorRow.id).executeTakeFirstOrThrow();
    anchor = { id: Number(anchorRow.id), token: await logIn(server, demoLogins.anchor), roomId: Number(room.id) };
    gifts = (await server.call<Gift[]>('GET', '/api/Gift/getList')).data;
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
  });

  async function newUser(diamonds = 0) {
    const suffix = String(nextMobile++).padStart(4, '0');
    const user = await createLoggedInUser(server, { mobile: `86-1996000${suffix}`, nickname: `送礼${suffix}`, invitePrefix: 'GFT' });
    if (diamonds > 0) await openWallet(server, user.id, 'consumer', diamonds);
    return user;
  }
  const giftPriced = (price: number) => {
    const gift = gifts.find((candidate) => candidate.price === price);
    if (!gift) throw new Error(`no gift of ${price}`);
    return gift;
  };
  const send = (token: string, input: Record<string, unknown>, idempotencyKey = key()) =>
    server.call<GiftSent>(
      'GET',
      '/api/member/handselGift',
      { anchor_uid: anchor.id, room_id: anchor.roomId, count: 1, ...input },
      { token, 'idempotency-key': idempotencyKey },
    );
  const income = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('wallet_accounts')
          // Credits to an income wallet are spread over parts (migration 100): its balance is their sum with the account's.
          .select(sql<number>`wallet_balance(wallet_accounts.id)`.as('balance'))
          .where('owner_id', '=', anchor.id)
          .where('kind', '=', 'income')
          .executeTakeFirstOrThrow()
      ).balance,
    );

  it('lists the gifts on sale in display order, small and big, with art the site draws', async () => {
    expect(gifts.length).toBeGreaterThanOrEqual(10);
    expect(gifts[0]).toMatchObject({ name: 'Glow Stick', price: 0.1, animation_type: 'none', animation_url: null });
    expect(gifts.map((gift) => gift.animation_type)).toEqual(expect.arrayContaining(['none', 'gif', 'fullscreen']));
    const zh = await server.call<Gift[]>('GET', '/api/Gift/getList', {}, { lang: 'zh' });
    expect(zh.data[0]!.name).toBe('荧光棒');
    for (const gift of gifts.filter((candidate) => candidate.animation_url !== null).slice(0, 2)) {
      const art = await fetch(new URL(gift.animation_url!, server.baseUrl));
      expect(art.status).toBe(200);
      expect(art.headers.get('content-type')).toContain('image/svg+xml');
      expect(await art.text()).toContain('<animate');
    }
  });

  it('sends a gift from the wallet: the sender pays, the anchor gets the configured share, the room is told', async () => {
    const viewer = await newUser(100);
    const gift = giftPriced(10);
    const before = await income();
    const told: unknown[] = [];
    const unsubscribe = await server.app.serverContext.bus.subscribe(`im:group:live${anchor.roomId}`, (message) => told.push(message));
    const answer = await send(viewer.token, { gift_id: gift.id, count: 3 });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ gift_id: gift.id, count: 3, source: 'wallet', total_price: 30, balance: 70, backpack_count: null, experience: 30 });
    expect(answer.data.notice).toMatchObject({ kind: 'gift', gift_id: gift.id, count: 3, combo: 1, effect: 'small', room_id: anchor.roomId });
    // site_config.gift_anchor_share is 0.5 (migration 040)
    expect(await income()).toBeCloseTo(before + 15, 5);
    await expect.poll(() => told.length).toBe(1);
    await unsubscribe();
    const pushed = told[0] as { message: { type: string; from: string; payload: { data: string; extension: string } } };
    expect(pushed.message).toMatchObject({ type: 'TIMCustomElem', from: String(viewer.id), payload: { extension: 'gift' } });
    expect(JSON.parse(pushed.message.payload.data)).toEqual(answer.data.notice);
  });

  it('counts a combo when the same gift follows within seconds', async () => {
    const viewer = await newUser(50);
    const gift = giftPriced(1);
    const combos: number[] = [];
    for (let i = 0; i < 3; i++) combos.push((await send(viewer.token, { gift_id: gift.id })).data.notice.combo);
    expect(combos).toEqual([1, 2, 3]);
    const other = await send(viewer.token, { gift_id: giftPriced(2).id });
    expect(other.data.notice.combo).toBe(1);
  });

  it('answers the first answer again for the same key, without paying or telling twice', async () => {
    const viewer = await newUser(20);
    const gift = giftPriced(5);
    const k = key();
    const first = await send(viewer.token, { gift_id: gift.id }, k);
    const again = await send(viewer.token, { gift_id: gift.id }, k);
    expect(again.data).toEqual(first.data);
    expect(again.data.balance).toBe(15);
    const records = await server.database.db.selectFrom('gift_records').select('id').where('sender_id', '=', viewer.id).execute();
    expect(records).toHaveLength(1);
    const reused = await send(viewer.token, { gift_id: gift.id, count: 2 }, k);
    expect(reused.code).toBe(1);
  });

  it('refuses a gift to oneself, one beyond the balance, a gift not on sale and a room not the anchor’s', async () => {
    const self = await send(anchor.token, { gift_id: giftPriced(1).id });
    expect(self).toMatchObject({ code: 1, msg: giftMessages.notToYourself });
    const zhSelf = await server.call('GET', '/api/member/handselGift', { anchor_uid: anchor.id, room_id: anchor.roomId, count: 1, gift_id: giftPriced(1).id }, { token: anchor.token, 'idempotency-key': key(), lang: 'zh' });
    expect(zhSelf.msg).toBe('主播不能给自己送礼物');
    const poor = await newUser(5);
    const tooDear = await send(poor.token, { gift_id: giftPriced(10).id });
    expect(tooDear).toMatchObject({ code: 1, msg: giftMessages.insufficient });
    expect((await send(poor.token, { gift_id: 999_999 })).msg).toBe(giftMessages.giftNotFound);
    const otherRoom = await server.database.db.selectFrom('live_rooms').select('id').where('anchor_id', '<>', anchor.id).executeTakeFirstOrThrow();
    expect((await send(poor.token, { gift_id: giftPriced(1).id, room_id: Number(otherRoom.id) })).msg).toBe(giftMessages.notAnchorsRoom);
    const guest = await server.call('GET', '/api/member/handselGift', { anchor_uid: anchor.id, room_id: anchor.roomId, count: 1, gift_id: giftPriced(1).id }, { 'idempotency-key': key() });
    expect(guest.code).toBe(700);
  });

  it('sends from the backpack without moving money, and refuses more pieces than held', async () => {
    const viewer = await newUser(0);
    const gift = giftPriced(5);
    await server.database.db.insertInto('user_gifts').values({ user_id: viewer.id, gift_id: gift.id, quantity: 3 }).execute();
    const pack = await server.call<Array<Gift & { count: number }>>('GET', '/api/Gift/getUserGiftList', {}, { token: viewer.token });
    expect(pack.data).toEqual([expect.objectContaining({ id: gift.id, count: 3, expires_at: null })]);
    const before = await income();
    const sent = await send(viewer.token, { gift_id: gift.id, count: 2, source: 'backpack' });
    expect(sent.data).toMatchObject({ source: 'backpack', backpack_count: 1, balance: 0, total_price: 10 });
    expect(await income()).toBe(before);
    const beyond = await send(viewer.token, { gift_id: gift.id, count: 2, source: 'backpack' });
    expect(beyond).toMatchObject({ code: 1, msg: giftMessages.notInBackpack });
  });

  it('200 concurrent gifts of 1 diamond against a balance of 100 succeed exactly 100 times', async () => {
    const viewer = await newUser(100);
    const gift = giftPriced(1);
    const before = await income();
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(viewer.token, { gift_id: gift.id })));
    const accepted = answers.filter((answer) => answer.code === 0);
    const refused = answers.filter((answer) => answer.code !== 0);
    expect(accepted).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const answer of refused) expect(answer).toMatchObject({ code: 1, msg: giftMessages.insufficient });
    expect(Math.min(...accepted.map((answer) => answer.data.balance))).toBe(0);
    const wallet = await server.database.db.selectFrom('wallet_accounts').select('balance').where('owner_id', '=', viewer.id).where('kind', '=', 'consumer').executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(0);
    expect(await income()).toBeCloseTo(before + 50, 5);
    await expectLedgerSound(server);
  }, 120_000);

  describe('gifts that arrive together', () => {
    const giftInput = (giftId: number) => ({ anchor_uid: anchor.id, room_id: anchor.roomId, gift_id: giftId, count: 1 });
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        (data) => ({ ok: true as const, data }),
        (error: unknown) => ({ ok: false as const, message: (error as Error).message }),
      );

    it('go in one transaction, each decided alone: a refusal or a repeated key undoes none of the others', async () => {
      const context = server.app.serverContext;
      const rich = await Promise.all(Array.from({ length: 6 }, () => newUser(10)));
      const poor = await newUser(0);
      const gift = giftPriced(1);
      const repeated = key();
      const seqBefore = await sql<{ last_seq: number }>`select last_seq from chat_conversation_seqs where conversation_key = ${`GROUPlive${anchor.roomId}`}`.execute(
        server.database.db,
      );
      // Called in one turn of the event loop, as requests read together are: one batch.
      const results = await Promise.all([
        ...rich.map((user) => outcome(sendGift(context, user.id, giftInput(gift.id), key()))),
        outcome(sendGift(context, poor.id, giftInput(gift.id), key())),
        outcome(sendGift(context, rich[0]!.id, giftInput(gift.id), repeated)),
        outcome(sendGift(context, rich[0]!.id, giftInput(gift.id), repeated)),
      ]);
      expect(results.slice(0, 6).every((result) => result.ok)).toBe(true);
      expect(results[6]).toEqual({ ok: false, message: giftMessages.insufficient });
      const [first, again] = [results[7]!, results[8]!];
      expect(first.ok && again.ok).toBe(true);
      if (first.ok && again.ok) expect(again.data).toEqual(first.data);

      const records = await sql<{ sender_id: number; made_by: string }>`select sender_id, xmin::text as made_by from gift_records where sender_id in (${sql.join([...rich.map((user) => user.id), poor.id])})`.execute(
        server.database.db,
      );
      // Seven gifts made (six, and the repeated key once), none for the poor sender, all in one transaction.
      expect(records.rows).toHaveLength(7);
      expect(new Set(records.rows.map((row) => row.made_by)).size).toBe(1);
      const notices = await server.database.db
        .selectFrom('chat_messages')
        .select(['seq', 'client_msg_id'])
        .where('room_id', '=', anchor.roomId)
        .where('seq', '>', Number(seqBefore.rows[0]?.last_seq ?? 0))
        .orderBy('seq')
        .execute();
      expect(notices.filter((notice) => notice.client_msg_id?.startsWith('gift-'))).toHaveLength(7);
      const poorWallet = await server.database.db.selectFrom('wallet_accounts').select('balance').where('owner_id', '=', poor.id).where('kind', '=', 'consumer').executeTakeFirstOrThrow();
      expect(Number(poorWallet.balance)).toBe(0);
      await expectLedgerSound(server);
    });

    it('fail alone on an error no gift expects: the others of the batch are made', async () => {
      const context = server.app.serverContext;
      const senders = await Promise.all(Array.from({ length: 4 }, () => newUser(10)));
      // A sender whose consumer wallet is gone: the gift's statement fails, as a fault of the database would.
      const broken = await newUser(0);
      await server.database.db.deleteFrom('wallet_accounts').where('owner_id', '=', broken.id).where('kind', '=', 'consumer').execute();
      const gift = giftPriced(1);
      const results = await Promise.all([
        outcome(sendGift(context, broken.id, giftInput(gift.id), key())),
        ...senders.map((user) => outcome(sendGift(context, user.id, giftInput(gift.id), key()))),
      ]);
      expect(results[0]!.ok).toBe(false);
      expect(results.slice(1).every((result) => result.ok)).toBe(true);
      const records = await server.database.db.selectFrom('gift_records').select('sender_id').where('sender_id', 'in', [broken.id, ...senders.map((user) => user.id)]).execute();
      expect(records.map((record) => record.sender_id).sort()).toEqual(senders.map((user) => user.id).sort());
      await expectLedgerSound(server);
    });
  });

  it("lists the anchor's received gifts with the ledger's income, and ranks the room from the ledger", async () => {
    const viewer = await newUser(200);
    const gift = giftPriced(99);
    const sent = await send(viewer.token, { gift_id: gift.id });
    expect(sent.code).toBe(0);
    const page = await server.call<ReceivedPage>('POST', '/api/member/webgetAnchorgiftlist', { limit: 5 }, { token: anchor.token });
    expect(page.code).toBe(0);
    expect(page.data.list[0]).toMatchObject({ sender: { id: viewer.id }, gift_id: gift.id, count: 1, total_price: 99, income: 49.5, room_id: anchor.roomId });
    expect(page.data.income_total).toBeGreaterThanOrEqual(49.5);
    const ranged = await server.call<ReceivedPage>(
      'POST',
      '/api/member/webgetAnchorgiftlist',
      { start_time: Math.floor(Date.now() / 1000) + 3600 },
      { token: anchor.token },
    );
    expect(ranged.data).toMatchObject({ total: 0, income_total: 0, list: [] });
    const notAnchor = await server.call('POST', '/api/member/webgetAnchorgiftlist', {}, { token: viewer.token });
    expect(notAnchor.code).not.toBe(0);

    const ranking = await server.call<{ list: Array<{ user: { id: number }; amount: number }>; mine?: { amount: number } }>(
      'GET',
      '/api/Live_streaming/roomRanking',
      { room_id: anchor.roomId, period: 'total' },
      { token: viewer.token },
    );
    expect(ranking.data.mine?.amount).toBe(99);
    expect(ranking.data.list.find((entry) => entry.user.id === viewer.id)?.amount).toBe(99);
  });
  describe('guard and nobility', () => {
    interface Tier {
      id: number;
      kind: 'guard' | 'nobility';
      name: string;
      price_per_month: number;
      free_horns: number;
      perks: Array<{ name: string }>;
    }
    interface Purchase {
      tier_id: number;
      kind: string;
      anchor_uid: number | null;
      months: number;
      cost: number;
      expires_at: number;
      balance: number;
    }
    const buy = (token: string, input: Record<string, unknown>, idempotencyKey = key()) =>
      server.call<Purchase>('GET', '/api/guard_user/buy', input, { token, 'idempotency-key': idempotencyKey });

    it('lists nobility and guard tiers, nobility with 30 free horns', async () => {
      const tiers = (await server.call<Tier[]>('GET', '/api/Guard/getList')).data;
      const nobility = tiers.filter((tier) => tier.kind === 'nobility');
      const guard = tiers.filter((tier) => tier.kind === 'guard');
      expect(nobility.length).toBeGreaterThan(0);
      expect(guard.length).toBeGreaterThan(0);
      for (const tier of nobility) expect(tier.free_horns).toBe(30);
      expect(nobility[0]!.perks.length).toBeGreaterThan(0);
      expect(nobility[0]!.name).toBe('Knight');
    });

    it('buys nobility for months, extends it when bought again, and gives its free horns', async () => {
      const tiers = (await server.call<Tier[]>('GET', '/api/Guard/getList')).data;
      const knight = tiers.find((tier) => tier.kind === 'nobility')!;
      const viewer = await newUser(knight.price_per_month * 3);
      const first = await buy(viewer.token, { tier_id: knight.id, months: 2 });
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ kind: 'nobility', anchor_uid: null, months: 2, cost: knight.price_per_month * 2, balance: knight.price_per_month });
      expect(first.data.expires_at - Date.now() / 1000).toBeGreaterThan(59 * 86_400);
      const profile = await server.call<{ free_horns: number; nobility: { tier_id: number } | null }>('GET', '/api/Member/info', {}, { token: viewer.token });
      expect(profile.data).toMatchObject({ free_horns: 60, nobility: { tier_id: knight.id } });
      // A noble speaks in room chat with the nobility's badge.
      const room = { id: anchor.roomId, anchor_id: anchor.id, slowSeconds: 0, followersOnly: false, blockLinks: false };
      expect(await roomChatSpeech(server.app.serverContext, room, viewer.id, '贵族驾到', { rate: new SendRate(), slowMode: new SlowMode() })).toEqual({ badge: 'noble' });
      const again = await buy(viewer.token, { tier_id: knight.id, months: 1 });
      expect(again.data.expires_at - first.data.expires_at).toBe(30 * 86_400);
      const broke = await buy(viewer.token, { tier_id: knight.id, months: 1 });
      expect(broke.code).toBe(1);
    });

    it('buys a guard for an anchor, who gets the configured share; never for oneself', async () => {
      const tiers = (await server.call<Tier[]>('GET', '/api/Guard/getList')).data;
      const silver = tiers.find((tier) => tier.kind === 'guard')!;
      const viewer = await newUser(silver.price_per_month);
      const before = await income();
      expect((await buy(viewer.token, { tier_id: silver.id, months: 1 })).code).toBe(1);
      const bought = await buy(viewer.token, { tier_id: silver.id, months: 1, anchor_uid: anchor.id });
      expect(bought.data).toMatchObject({ kind: 'guard', anchor_uid: anchor.id, balance: 0 });
      expect(await income()).toBeCloseTo(before + silver.price_per_month / 2, 5);
      const status = await server.call<{ is_guard: number }>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, { token: viewer.token });
      expect(status.data.is_guard).toBe(1);
      const room = { id: anchor.roomId, anchor_id: anchor.id, slowSeconds: 0, followersOnly: false, blockLinks: false };
      expect(await roomChatSpeech(server.app.serverContext, room, viewer.id, '守护来了', { rate: new SendRate(), slowMode: new SlowMode() })).toEqual({ badge: 'guard' });
      const said = await storeMessage(server.app.serverContext, {
        senderId: viewer.id,
        conversation: { kind: 'room', roomId: anchor.roomId, groupID: `live${String(anchor.roomId)}` },
        clientMsgID: key(),
        messageType: 'TIMTextElem',
        payload: { text: '守护来了' },
        badge: 'guard',
      });
      expect(said.badge).toBe('guard');
      const self = await buy(anchor.token, { tier_id: silver.id, months: 1, anchor_uid: anchor.id });
      expect(self).toMatchObject({ code: 1, msg: giftMessages.notToYourself });
    });
  });
});
