import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mallMessages } from '../../server/areas/tasks/mall-service.ts';
import { ledgerMessages } from '../../server/areas/wallet/ledger.ts';
import { translate } from '../../server/i18n/server-messages.ts';
import { createLoggedInUser, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface Goods {
  id: number;
  name: string;
  img: string;
  description: string;
  kind: 'gift' | 'horn' | 'physical';
  lz_num: number;
  stock: number | null;
  limit_per_user: number | null;
}
interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}
interface ExchangeRecord {
  id: number;
  goods_id: number;
  goods_name: string;
  goods_img: string;
  kind: Goods['kind'];
  count: number;
  lz_num: number;
  status: 'completed' | 'pending' | 'shipped';
  created_at: number;
}
interface ExchangeResult {
  record: ExchangeRecord;
  coins: number;
}

let nextMobile = 1;
const newKey = () => randomBytes(12).toString('hex');
const receiver = { receiver_name: '王小明', receiver_phone: '13800001111', receiver_address: '上海市浦东新区世纪大道100号' };

describe('the exchange mall', () => {
  let server: TestServer;
  let roseId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const rose = await server.database.db.selectFrom('gifts').select('id').where('name', '=', '玫瑰').executeTakeFirstOrThrow();
    roseId = Number(rose.id);
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
  });

  async function newUser(coins = 0) {
    const suffix = String(nextMobile++).padStart(4, '0');
    const user = await createLoggedInUser(server, { mobile: `86-1554000${suffix}`, nickname: `兑换${suffix}`, invitePrefix: 'MALL' });
    if (coins > 0) await giveCoins(user.id, coins);
    return user;
  }
  const giveCoins = (userId: number, coins: number) => openWallet(server, userId, 'coins', coins);
  /** A goods of the test's own on the shelf, so each test knows its stock and limit. */
  async function shelve(goods: { kind: Goods['kind']; price: number; stock: number | null; limit?: number | null; horns?: number; roses?: number }) {
    const row = await server.database.db
      .insertInto('goods')
      .values({
        name: `测试商品${randomBytes(3).toString('hex')}`,
        name_en: 'Test goods',
        image: '/media/icons/goods-gift.svg',
        description: '测试',
        description_en: 'Test',
        kind: goods.kind,
        price_coins: goods.price,
        stock: goods.stock,
        limit_per_user: goods.limit ?? null,
        gift_id: goods.kind === 'gift' ? roseId : null,
        gift_quantity: goods.kind === 'gift' ? (goods.roses ?? 1) : 0,
        horn_quantity: goods.kind === 'horn' ? (goods.horns ?? 1) : 0,
        sort: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const exchange = (token: string, body: Record<string, unknown>, key = newKey()) =>
    server.call<ExchangeResult>('POST', '/api/goods/exchange', body, { token, 'idempotency-key': key });
  const coinsOf = async (token: string) => (await server.call<{ coins: number; free_horns: number }>('GET', '/api/Member/info', {}, { token })).data.coins;
  const stockOf = async (goodsId: number) =>
    (await server.database.db.selectFrom('goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock;
  const exchangesOf = async (userId: number) =>
    server.database.db.selectFrom('goods_exchanges').selectAll().where('user_id', '=', userId).execute();
  const backpackRoses = async (token: string) => {
    const answer = await server.call<Array<{ id: number; count: number }>>('GET', '/api/Gift/getUserGiftList', {}, { token });
    return answer.data.find((gift) => gift.id === roseId)?.count ?? 0;
  };

  describe('goods/goodsList', () => {
    it('lists the goods on sale in shelf order, in the kinds of the contract, paged', async () => {
      const shelf = await server.database.db
        .selectFrom('goods')
        .select(['id', 'kind', 'price_coins', 'stock', 'limit_per_user', 'name_en'])
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      expect(new Set(shelf.map((row) => row.kind))).toEqual(new Set(['gift', 'horn', 'physical']));
      const all = await server.call<Page<Goods>>('POST', '/api/goods/goodsList', { limit: 100 });
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(shelf.length);
      expect(all.data.list.map((goods) => goods.id)).toEqual(shelf.map((row) => Number(row.id)));
      expect(all.data.list.map((goods) => goods.name)).toEqual(shelf.map((row) => row.name_en));
      for (const [i, goods] of all.data.list.entries()) {
        expect(goods).toMatchObject({ lz_num: shelf[i]!.price_coins, stock: shelf[i]!.stock, limit_per_user: shelf[i]!.limit_per_user });
        expect(goods.img).toMatch(/^\/media\/.+\.svg$/);
      }
      const second = await server.call<Page<Goods>>('POST', '/api/goods/goodsList', { page: 2, limit: 3 });
      expect(second.data).toMatchObject({ total: shelf.length, page: 2, limit: 3 });
      expect(second.data.list.map((goods) => goods.id)).toEqual(shelf.slice(3, 6).map((row) => Number(row.id)));
    });

    it('filters by kind, speaks Chinese by default and leaves out goods off the shelf', async () => {
      const physical = await server.call<Page<Goods>>('POST', '/api/goods/goodsList', { kind: 'physical' });
      expect(physical.data.list.length).toBeGreaterThan(0);
      expect(physical.data.list.every((goods) => goods.kind === 'physical')).toBe(true);
      const horns = await server.call<Page<Goods>>('POST', '/api/goods/goodsList', { kind: 'horn' }, { lang: 'zh' });
      expect(horns.data.list.length).toBeGreaterThan(0);
      expect(horns.data.list.every((goods) => goods.kind === 'horn' && /喇叭/.test(goods.name))).toBe(true);

      const hidden = await shelve({ kind: 'gift', price: 1, stock: null });
      await server.database.db.updateTable('goods').set({ enabled: false }).where('id', '=', hidden).execute();
      const all = await server.call<Page<Goods>>('POST', '/api/goods/goodsList', { limit: 100 });
      expect(all.data.list.some((goods) => goods.id === hidden)).toBe(false);
      const user = await newUser(100);
      expect(await exchange(user.token, { goods_id: hidden, count: 1 })).toMatchObject({ code: 1, msg: mallMessages.notOnSale });
      expect(await coinsOf(user.token)).toBe(100);
    });

    it('refuses a kind the contract does not have', async () => {
      const answer = await server.call('POST', '/api/goods/goodsList', { kind: 'virtual' });
      expect(answer).toMatchObject({ status: 400, code: 1 });
    });
  });

  describe('goods/exchange', () => {
    it('puts gift goods into the backpack and takes their coins', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 50, stock: 5, roses: 5 });
      const user = await newUser(180);
      const answer = await exchange(user.token, { goods_id: goodsId, count: 2 });
      expect(answer.code).toBe(0);
      expect(answer.data.coins).toBe(80);
      expect(answer.data.record).toMatchObject({ goods_id: goodsId, kind: 'gift', count: 2, lz_num: 100, status: 'completed', goods_img: '/media/icons/goods-gift.svg' });
      expect(await coinsOf(user.token)).toBe(80);
      expect(await stockOf(goodsId)).toBe(3);
      expect(await backpackRoses(user.token)).toBe(10);
      // The backpack's roses are sent for free, as gifts bought with coins should be.
      const exchanged = await exchangesOf(user.id);
      expect(exchanged).toHaveLength(1);
      const transaction = await server.database.db
        .selectFrom('ledger_transactions')
        .select(['kind', 'user_id'])
        .where('id', '=', Number(exchanged[0]!.transaction_id))
        .executeTakeFirstOrThrow();
      expect(transaction).toEqual({ kind: 'exchange', user_id: user.id });
    });

    it('adds free horns with horn goods, which a horn barrage then uses instead of diamonds', async () => {
      const goodsId = await shelve({ kind: 'horn', price: 30, stock: null, horns: 3 });
      const user = await newUser(30);
      const answer = await exchange(user.token, { goods_id: goodsId, count: 1 });
      expect(answer).toMatchObject({ code: 0, data: { coins: 0, record: { kind: 'horn', status: 'completed' } } });
      const info = await server.call<{ free_horns: number; balance: number }>('GET', '/api/Member/info', {}, { token: user.token });
      expect(info.data.free_horns).toBe(3);
      const horn = await server.call<{ cost: number; free_horns: number }>(
        'GET',
        '/api/Member/sneHorn',
        { content: '全场最佳！' },
        { token: user.token, 'idempotency-key': newKey() },
      );
      expect(horn).toMatchObject({ code: 0, data: { cost: 0, free_horns: 2 } });
      expect(await stockOf(goodsId)).toBeNull();
    });

    it('ships physical goods to the receiver given, and refuses them without one', async () => {
      const goodsId = await shelve({ kind: 'physical', price: 100, stock: 3 });
      const user = await newUser(100);
      const without = await exchange(user.token, { goods_id: goodsId, count: 1, receiver_name: '王小明' });
      expect(without).toMatchObject({ code: 1, msg: mallMessages.address, data: null });
      const zh = await server.call('POST', '/api/goods/exchange', { goods_id: goodsId, count: 1 }, { token: user.token, 'idempotency-key': newKey(), lang: 'zh' });
      expect(zh.msg).toBe(translate(mallMessages.address, 'zh'));
      expect(zh.msg).not.toBe(mallMessages.address);
      expect(await coinsOf(user.token)).toBe(100);
      expect(await stockOf(goodsId)).toBe(3);

      const answer = await exchange(user.token, { goods_id: goodsId, count: 1, ...receiver });
      expect(answer).toMatchObject({ code: 0, data: { coins: 0, record: { kind: 'physical', status: 'pending', lz_num: 100 } } });
      const [stored] = await exchangesOf(user.id);
      expect(stored!.address).toEqual({ name: receiver.receiver_name, phone: receiver.receiver_phone, address: receiver.receiver_address });
      expect(await stockOf(goodsId)).toBe(2);
    });

    it('refuses an exchange the coins do not cover with a clear message, and nothing is lost', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 60, stock: 4 });
      const user = await newUser(100);
      const answer = await exchange(user.token, { goods_id: goodsId, count: 2 });
      expect(answer).toMatchObject({ code: 1, msg: mallMessages.insufficient, data: null });
      const zh = await server.call('POST', '/api/goods/exchange', { goods_id: goodsId, count: 2 }, { token: user.token, 'idempotency-key': newKey(), lang: 'zh' });
      expect(zh.msg).toBe('金币不足：签到和完成任务可获得更多金币');
      expect(await coinsOf(user.token)).toBe(100);
      expect(await stockOf(goodsId)).toBe(4);
      expect(await exchangesOf(user.id)).toEqual([]);
      expect(await backpackRoses(user.token)).toBe(0);
      const exchangeTransactions = await server.database.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'exchange')
        .execute();
      expect(exchangeTransactions).toEqual([]);
      expect(await exchange(user.token, { goods_id: goodsId, count: 1 })).toMatchObject({ code: 0, data: { coins: 40 } });
    });

    it('refuses goods out of stock, and more pieces than are left', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 1, stock: 2 });
      const user = await newUser(100);
      const tooMany = await exchange(user.token, { goods_id: goodsId, count: 3 });
      expect(tooMany).toMatchObject({ code: 1, msg: 'Only 2 of this item left' });
      expect(await exchange(user.token, { goods_id: goodsId, count: 2 })).toMatchObject({ code: 0 });
      expect(await exchange(user.token, { goods_id: goodsId, count: 1 })).toMatchObject({ code: 1, msg: mallMessages.soldOut });
      expect(await stockOf(goodsId)).toBe(0);
      expect(await coinsOf(user.token)).toBe(98);
    });

    it("keeps to the per-user limit, counting the user's earlier exchanges", async () => {
      const goodsId = await shelve({ kind: 'gift', price: 1, stock: null, limit: 3 });
      const user = await newUser(100);
      expect(await exchange(user.token, { goods_id: goodsId, count: 2 })).toMatchObject({ code: 0 });
      const over = await exchange(user.token, { goods_id: goodsId, count: 2 });
      expect(over).toMatchObject({ code: 1, msg: 'Each user may exchange at most 3 of this item; you have 2' });
      expect(await exchange(user.token, { goods_id: goodsId, count: 1 })).toMatchObject({ code: 0 });
      expect(await exchange(user.token, { goods_id: goodsId, count: 1 })).toMatchObject({ code: 1 });
      expect(await coinsOf(user.token)).toBe(97);
      // The limit is each user's own.
      const other = await newUser(10);
      expect(await exchange(other.token, { goods_id: goodsId, count: 3 })).toMatchObject({ code: 0 });
    });

    it('keeps to the per-user limit when 10 exchanges of one user arrive at once', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 1, stock: null, limit: 2 });
      const user = await newUser(100);
      const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(user.token, { goods_id: goodsId, count: 1 })));
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
      for (const refused of answers.filter((answer) => answer.code !== 0)) expect(refused.msg).toMatch(/^Each user may exchange at most 2/);
      expect(await exchangesOf(user.id)).toHaveLength(2);
      expect(await coinsOf(user.token)).toBe(98);
      expect(await backpackRoses(user.token)).toBe(2);
    });

    it('gives exactly 10 of 50 exchanges that arrive at once for the last 10 pieces', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 5, stock: 10 });
      const users = await Promise.all(Array.from({ length: 50 }, () => newUser(20)));
      const answers = await Promise.all(users.map((user) => exchange(user.token, { goods_id: goodsId, count: 1 })));
      const won = answers.filter((answer) => answer.code === 0);
      expect(won).toHaveLength(10);
      for (const refused of answers.filter((answer) => answer.code !== 0)) expect(refused).toMatchObject({ code: 1, msg: mallMessages.soldOut });
      expect(await stockOf(goodsId)).toBe(0);
      const records = await server.database.db.selectFrom('goods_exchanges').select('user_id').where('goods_id', '=', goodsId).execute();
      expect(records).toHaveLength(10);
      const winners = new Set(records.map((row) => Number(row.user_id)));
      for (const [i, user] of users.entries()) {
        expect(await coinsOf(user.token)).toBe(winners.has(user.id) ? 15 : 20);
        expect(answers[i]!.code === 0).toBe(winners.has(user.id));
      }
    });

    it('makes one exchange of the same Idempotency-Key sent twice, even at once, and refuses it with other parameters', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 10, stock: 10, roses: 2 });
      const user = await newUser(100);
      const key = newKey();
      const [first, second] = await Promise.all([exchange(user.token, { goods_id: goodsId, count: 1 }, key), exchange(user.token, { goods_id: goodsId, count: 1 }, key)]);
      expect(first).toMatchObject({ code: 0, data: { coins: 90 } });
      expect(second).toEqual(first);
      const again = await exchange(user.token, { goods_id: goodsId, count: 1 }, key);
      expect(again.data).toEqual(first.data);
      expect(await exchangesOf(user.id)).toHaveLength(1);
      expect(await coinsOf(user.token)).toBe(90);
      expect(await stockOf(goodsId)).toBe(9);
      expect(await backpackRoses(user.token)).toBe(2);
      expect(await exchange(user.token, { goods_id: goodsId, count: 2 }, key)).toMatchObject({ code: 1, msg: ledgerMessages.keyReused });
    });

    it('needs a session and an Idempotency-Key', async () => {
      const goodsId = await shelve({ kind: 'gift', price: 1, stock: null });
      const guest = await server.call('POST', '/api/goods/exchange', { goods_id: goodsId, count: 1 }, { 'idempotency-key': newKey() });
      expect(guest.code).toBe(700);
      const user = await newUser(10);
      const noKey = await server.call('POST', '/api/goods/exchange', { goods_id: goodsId, count: 1 }, { token: user.token });
      expect(noKey).toMatchObject({ status: 400, code: 1 });
      expect(await coinsOf(user.token)).toBe(10);
    });
  });

  describe('goods/exchangeRecords', () => {
    it("lists the user's own exchanges, newest first, paged", async () => {
      const gift = await shelve({ kind: 'gift', price: 1, stock: null });
      const horn = await shelve({ kind: 'horn', price: 2, stock: null, horns: 1 });
      const physical = await shelve({ kind: 'physical', price: 3, stock: null });
      const user = await newUser(100);
      await exchange(user.token, { goods_id: gift, count: 1 });
      await exchange(user.token, { goods_id: horn, count: 2 });
      await exchange(user.token, { goods_id: physical, count: 1, ...receiver });
      const other = await newUser(10);
      await exchange(other.token, { goods_id: gift, count: 1 });

      const page = await server.call<Page<ExchangeRecord>>('POST', '/api/goods/exchangeRecords', {}, { token: user.token });
      expect(page.code).toBe(0);
      expect(page.data.total).toBe(3);
      expect(page.data.list.map((record) => [record.goods_id, record.kind, record.count, record.lz_num, record.status])).toEqual([
        [physical, 'physical', 1, 3, 'pending'],
        [horn, 'horn', 2, 4, 'completed'],
        [gift, 'gift', 1, 1, 'completed'],
      ]);
      const second = await server.call<Page<ExchangeRecord>>('POST', '/api/goods/exchangeRecords', { page: 2, limit: 2 }, { token: user.token });
      expect(second.data).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(second.data.list.map((record) => record.goods_id)).toEqual([gift]);
      expect(await coinsOf(user.token)).toBe(100 - 1 - 4 - 3);
    });

    it('needs a session', async () => {
      expect((await server.call('POST', '/api/goods/exchangeRecords', {})).code).toBe(700);
    });
  });

  describe('Activity_Config/getActivityUrl', () => {
    it('answers the activity running now, in the language asked, and null when none runs', async () => {
      const { db } = server.database;
      const running = await db.selectFrom('activities').selectAll().where('enabled', '=', true).orderBy('starts_at', 'desc').executeTakeFirstOrThrow();
      const en = await server.call<{ title: string; url: string } | null>('GET', '/api/Activity_Config/getActivityUrl');
      expect(en).toMatchObject({ code: 0, data: { title: running.title_en, url: running.url } });
      const zh = await server.call<{ title: string; url: string } | null>('GET', '/api/Activity_Config/getActivityUrl', {}, { lang: 'zh' });
      expect(zh.data).toEqual({ title: running.title, url: running.url });

      const later = new Date(Date.now() + 3600_000);
      await db
        .insertInto('activities')
        .values({ title: '世界杯竞猜', title_en: 'World Cup predictions', url: 'https://example.com/cup', starts_at: new Date(Date.now() - 60_000), ends_at: later })
        .execute();
      const newest = await server.call<{ title: string; url: string } | null>('GET', '/api/Activity_Config/getActivityUrl');
      expect(newest.data).toEqual({ title: 'World Cup predictions', url: 'https://example.com/cup' });

      await db.updateTable('activities').set({ ends_at: new Date(Date.now() - 1000), starts_at: new Date(Date.now() - 7200_000) }).execute();
      expect(await server.call('GET', '/api/Activity_Config/getActivityUrl')).toMatchObject({ code: 0, data: null });
    });
  });
});
