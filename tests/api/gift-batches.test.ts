// A batch of gifts the ledger books in a dozen statements (ledger_book_gifts) answers and writes what the gifts
// booked one after another (ledger_book_gifts_in_turn) answer and write, the rooms' notices stored with them: the
// same batches, sent by two sets of new senders alike, one set each way, compared answer by answer and row by row.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GiftBatchRow, sendGiftBatch } from '../../server/areas/gifts/gift-batches.ts';
import { paramsHashOf } from '../../server/areas/wallet/ledger.ts';
import { createLoggedInUser, demoAnchorInRoom, openWallet } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface GiftRow {
  id: number;
  name: string;
  name_en: string;
  icon: string;
  price: number;
  effect: string;
  animation_url: string | null;
}
/** A gift of a scenario: which sender of the set (0-based), which gift, how many, its key, when. */
interface Step {
  sender: number;
  gift: GiftRow;
  count: number;
  key?: string;
  /** The parameters the key's hash is of (as a request's would be); the same by default. */
  params?: string;
  second: number;
}

describe('gifts made together in one batch', () => {
  let server: TestServer;
  let anchor: { id: number; roomId: number };
  let cheap: GiftRow;
  let other: GiftRow;
  let dear: GiftRow;
  let mobile = 0;
  const start = new Date('2026-11-27T12:00:00Z');

  beforeAll(async () => {
    server = await startTestServer();
    anchor = await demoAnchorInRoom(server);
    const gifts = await server.database.db
      .selectFrom('gifts')
      .select(['id', 'name', 'name_en', 'icon', 'price', 'effect', 'animation_url'])
      .where('enabled', '=', true)
      .orderBy('price')
      .orderBy('id')
      .execute();
    const onSale = gifts.map((gift) => ({ ...gift, id: Number(gift.id), price: Number(gift.price) }));
    // Sender 1's three diamonds pay for two of its three gifts of one diamond.
    cheap = onSale.find((gift) => gift.price === 1)!;
    other = onSale.find((gift) => gift.price > 1)!;
    // Two of it within the dearest wallet of the scenario.
    dear = onSale.filter((gift) => gift.price <= 2000).at(-1)!;
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
  });

  /** Senders alike: new users with these wallets, nicknamed by their place in the set. */
  async function senders(set: string, wallets: number[]): Promise<number[]> {
    const ids = [];
    for (const [index, diamonds] of wallets.entries()) {
      const suffix = String(mobile++).padStart(4, '0');
      const user = await createLoggedInUser(server, { mobile: `86-1997000${suffix}`, nickname: `批${String(index)}`, invitePrefix: `B${set}` });
      if (diamonds > 0) await openWallet(server, user.id, 'consumer', diamonds);
      ids.push(user.id);
    }
    return ids;
  }

  async function sendBatch(way: 'together' | 'in turn', ids: number[], steps: Step[]): Promise<GiftBatchRow[]> {
    const orders = steps
      .map((step) => ({
        sender: ids[step.sender]!,
        anchor: anchor.id,
        room: anchor.roomId,
        gift: step.gift.id,
        count: step.count,
        from_backpack: false,
        price_tenths: Math.round(step.gift.price * 10),
        key: step.key ?? null,
        params_hash: step.key === undefined ? null : paramsHashOf('memberHandselGift', { gift: step.gift.id, count: step.count, params: step.params ?? '' }),
        ledger_key: `gift:${String(ids[step.sender])}:${step.key ?? randomBytes(8).toString('hex')}`,
        now: new Date(start.getTime() + step.second * 1000),
        gift_name: step.gift.name,
        gift_name_en: step.gift.name_en,
        icon: step.gift.icon,
        effect: step.gift.effect,
        animation_url: step.gift.animation_url,
      }))
      // As gift-batches.ts sends them: by sender, each sender's in the order they came.
      .sort((a, b) => a.sender - b.sender);
    return sendGiftBatch(server.database, orders, { inTurn: way === 'in turn' });
  }

  /** An answer with what differs between the two sets taken out: the record and message numbers. */
  function comparable(rows: GiftBatchRow[]) {
    const withoutRecord = (text: string | null | undefined) => (text ? (JSON.parse(text.replace(/"record_id" ?: ?\d+/g, '"record_id": 0')) as unknown) : text);
    return rows.map((row) => ({
      ord: row.ord,
      answer: withoutRecord(row.answer),
      replayed: row.replayed,
      refusal: row.refusal,
      sender_nick: row.sender_nick,
      sender_avatar: row.sender_avatar,
      stored: row.message_id !== null && row.message_seq !== null,
      payload: row.message_payload && { ...row.message_payload, data: withoutRecord(row.message_payload.data) },
    }));
  }

  /** What the gifts wrote for a set, in the order of its senders. */
  async function written(ids: number[]) {
    const { db } = server.database;
    const users = await db.selectFrom('users').select(['id', 'experience', 'level', 'exp_icon']).where('id', 'in', ids).execute();
    const wallets = await db.selectFrom('wallet_accounts').select(['owner_id', 'balance']).where('owner_id', 'in', ids).where('kind', '=', 'consumer').execute();
    const records = await db
      .selectFrom('gift_records')
      .select(['sender_id', 'gift_id', 'quantity', 'total', 'combo', 'created_at', 'room_id', 'anchor_id'])
      .where('sender_id', 'in', ids)
      .orderBy('id')
      .execute();
    const debits = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('wallet_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(['a.owner_id', 'e.amount', 'e.balance_after', 't.kind', 't.meta'])
      .where('a.owner_id', 'in', ids)
      .where('t.kind', '=', 'gift')
      .orderBy('e.id')
      .execute();
    const credits = await sql<{ sender: number; amount: number; kind: string }>`
      select t.user_id as sender, e.amount, a.kind from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id join wallet_accounts a on a.id = e.account_id
        where t.user_id in (${sql.join(ids)}) and t.kind = 'gift' and a.id <> all (select id from wallet_accounts where owner_id in (${sql.join(ids)}))
        order by t.id, a.kind`.execute(db);
    const keys = await db
      .selectFrom('idempotent_requests')
      .select(['user_id', 'idempotency_key', 'params_hash', 'answer'])
      .where('user_id', 'in', ids)
      .orderBy('idempotency_key')
      .execute();
    const place = (id: number | string | null) => ids.indexOf(Number(id));
    return {
      users: users.map((user) => ({ ...user, id: place(user.id) })).sort((a, b) => a.id - b.id),
      wallets: wallets.map((wallet) => ({ ...wallet, owner_id: place(wallet.owner_id) })).sort((a, b) => a.owner_id - b.owner_id),
      records: records.map((record) => ({ ...record, sender_id: place(record.sender_id) })).sort((a, b) => a.sender_id - b.sender_id),
      debits: debits.map((debit) => ({ ...debit, owner_id: place(debit.owner_id) })).sort((a, b) => a.owner_id - b.owner_id),
      credits: credits.rows.map((credit) => ({ ...credit, sender: place(credit.sender) })).sort((a, b) => a.sender - b.sender),
      keys: keys
        .map((row) => ({ ...row, user_id: place(row.user_id), answer: row.answer?.replace(/"record_id" ?: ?\d+/g, '"record_id": 0') }))
        .sort((a, b) => a.user_id - b.user_id || (a.idempotency_key < b.idempotency_key ? -1 : 1)),
    };
  }

  it('answer and write what the same gifts made one by one answer and write', async () => {
    // 0 sends two alike (a combo), another gift (a new combo) twice; 1 can pay for two of its three; 2 has
    // nothing; 3 sends a dear gift (wealth levels up); 4 sends with keys that come again; 5 sends 17 in a row, more
    // than there are parts (a sender's debits keep their order whatever part their credits go to).
    const wallets = [100, 3, 0, 5000, 50, 100];
    const batches: Step[][] = [
      [
        { sender: 0, gift: cheap, count: 1, second: 0 },
        { sender: 1, gift: cheap, count: 2, second: 0 },
        { sender: 0, gift: cheap, count: 1, second: 1 },
        { sender: 2, gift: cheap, count: 1, key: 'poor-1', second: 1 },
        { sender: 1, gift: cheap, count: 2, second: 1 },
        { sender: 3, gift: dear, count: 1, key: 'dear-1', second: 2 },
        { sender: 0, gift: other, count: 1, second: 2 },
        { sender: 4, gift: cheap, count: 3, key: 'again-1', second: 2 },
        { sender: 1, gift: cheap, count: 1, second: 3 },
        { sender: 0, gift: other, count: 1, second: 3 },
        ...Array.from({ length: 17 }, (_, index) => ({ sender: 5, gift: cheap, count: 1, second: index })),
      ],
      [
        // The same key and parameters: the first answer again. The combo goes on from the database.
        { sender: 4, gift: cheap, count: 3, key: 'again-1', second: 4 },
        { sender: 0, gift: other, count: 1, second: 5 },
        { sender: 2, gift: cheap, count: 1, key: 'poor-1', second: 5 },
        { sender: 3, gift: dear, count: 1, key: 'dear-2', second: 6 },
        { sender: 4, gift: cheap, count: 1, key: 'again-2', second: 6 },
      ],
      [
        // The key with other parameters: refused. Past the combo window: a new combo.
        { sender: 4, gift: cheap, count: 3, key: 'again-1', params: 'other', second: 20 },
        { sender: 0, gift: other, count: 1, second: 20 },
        { sender: 1, gift: cheap, count: 1, second: 21 },
      ],
    ];
    const eachSet = await senders('E', wallets);
    const batchSet = await senders('S', wallets);
    for (const steps of batches) {
      const one = comparable(await sendBatch('in turn', eachSet, steps));
      const rows = await sendBatch('together', batchSet, steps);
      const together = comparable(rows);
      expect(together).toEqual(one);
      // Each gift made now is told to its room as its answer's notice, under the gift's English name.
      for (const row of rows.filter((candidate) => candidate.message_payload !== null && !candidate.replayed)) {
        const notice = (JSON.parse(row.answer!) as { notice: { gift_name_en: string } }).notice;
        expect({ ...row.message_payload, data: JSON.parse(row.message_payload!.data) as unknown }).toEqual({ data: notice, description: notice.gift_name_en, extension: 'gift' });
      }
    }
    const [alone, together] = [await written(eachSet), await written(batchSet)];
    expect(together).toEqual(alone);

    // What the scenario is about happened, so the two did not merely agree on nothing.
    expect(together.records.filter((record) => record.sender_id === 0).map((record) => record.combo)).toEqual([1, 2, 1, 2, 3, 1]);
    expect(together.records.filter((record) => record.sender_id === 1)).toHaveLength(2);
    expect(together.records.filter((record) => record.sender_id === 2)).toHaveLength(0);
    expect(together.wallets.map((wallet) => Number(wallet.balance))).toEqual([
      100 - 2 * cheap.price - 4 * other.price,
      0,
      0,
      5000 - 2 * dear.price,
      50 - 4 * cheap.price,
      100 - 17 * cheap.price,
    ]);
    expect(together.users[3]!.level).toBeGreaterThan(together.users[0]!.level);
    expect(together.keys.map((row) => row.idempotency_key)).toEqual(['dear-1', 'dear-2', 'again-1', 'again-2']);
    await expectLedgerSound(server);
  });

  it('locks what every batch locks in one order, so two batches at once to one anchor both go through', async () => {
    const [first, second] = [await senders('P', Array(16).fill(100) as number[]), await senders('Q', Array(16).fill(100) as number[])];
    const steps: Step[] = Array.from({ length: 16 }, (_, sender) => ({ sender, gift: cheap, count: 1, second: sender }));
    const [one, two] = await Promise.all([sendBatch('together', first, steps), sendBatch('together', second, steps)]);
    expect([...one, ...two].every((row) => row.refusal === null && row.answer !== null)).toBe(true);
    await expectLedgerSound(server);
  });
});
