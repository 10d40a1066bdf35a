import { sql } from 'kysely';
import { chatLines } from './catalogue/chat-catalogue.ts';
import type { LedgerKind, UserWalletKind } from '../db/tables/wallet-tables.ts';
import {
  anchorShareTenths,
  at,
  dayMs,
  hourMs,
  insertReturningIds,
  insertGroupedRows,
  insertRows,
  minuteMs,
  tenthsToAmount,
  type SeedContext,
  type SeededAccounts,
  type SeededCatalogue,
  type SeededLive,
} from './context.ts';

interface Booking {
  key: string;
  kind: LedgerKind;
  userId: number;
  at: Date;
  meta: Record<string, unknown>;
  /** Account id and amount in tenths; they sum to zero per currency. */
  entries: Array<[accountId: number, tenths: number]>;
}

/**
 * Balances, only through the ledger: one opening transaction per funded wallet (the history before
 * the seeded day), then the gifts of the seeded broadcasts and some guard and nobility purchases.
 * Openings are sized so each wallet ends where the demo world wants it.
 */
export async function seedLedger(
  ctx: SeedContext,
  accounts: SeededAccounts,
  catalogue: SeededCatalogue,
  live: SeededLive,
): Promise<void> {
  const { db, now } = ctx;
  const random = ctx.random.fork('ledger');

  const wallets = await db.selectFrom('wallet_accounts').select(['id', 'owner_id', 'kind']).execute();
  const system = (kind: string) => wallets.find((w) => w.owner_id === null && w.kind === kind)!.id;
  const walletOf = new Map(wallets.filter((w) => w.owner_id !== null).map((w) => [`${w.owner_id}:${w.kind}`, w.id]));
  const wallet = (userId: number, kind: UserWalletKind) => walletOf.get(`${userId}:${kind}`)!;
  const [opening, openingCoins, revenue] = [system('system_opening'), system('system_opening_coins'), system('system_revenue')];

  // Where each wallet ends, in tenths; income of other anchors is opened at random instead.
  const finalTenths = new Map<string, number>();
  const setFinal = (userId: number, kind: UserWalletKind, diamonds: number) =>
    finalTenths.set(`${userId}:${kind}`, Math.round(diamonds * 10));
  setFinal(accounts.viewer.id, 'consumer', 5000);
  setFinal(accounts.viewer.id, 'coins', 200);
  setFinal(accounts.anchor.id, 'income', 1200);
  setFinal(accounts.anchor.id, 'consumer', 300);
  setFinal(accounts.anchor.id, 'coins', 50);
  setFinal(accounts.expert.id, 'consumer', 100);
  setFinal(accounts.expert.id, 'income', 860);
  for (const user of [...accounts.regulars, ...accounts.experts.slice(1)]) {
    setFinal(user.id, 'consumer', random.chance(0.3) ? 0 : random.int(1, 3000) + random.int(0, 9) / 10);
    setFinal(user.id, 'coins', random.int(0, 800));
  }
  const otherAnchorIncome = new Map(accounts.anchors.slice(1).map((a) => [a.id, random.int(500, 30_000) * 10]));
  for (const anchor of accounts.anchors.slice(1)) {
    setFinal(anchor.id, 'consumer', random.int(0, 500));
    setFinal(anchor.id, 'coins', random.int(0, 300));
  }

  const spent = new Map<number, number>();
  const received = new Map<number, number>();
  const receivedValue = new Map<number, number>();
  const bump = (map: Map<number, number>, id: number, tenths: number) => map.set(id, (map.get(id) ?? 0) + tenths);
  const activity: Booking[] = [];
  const createdAt = new Map(
    [
      accounts.viewer,
      accounts.anchor,
      accounts.expert,
      accounts.admin,
      ...accounts.anchors,
      ...accounts.experts,
      ...accounts.regulars,
    ].map((u) => [u.id, u.createdAt]),
  );

  const pay = (
    kind: LedgerKind,
    key: string,
    buyer: number,
    anchorId: number | null,
    totalTenths: number,
    when: Date,
    meta: Record<string, unknown>,
  ) => {
    const share = anchorId === null ? 0 : anchorShareTenths(totalTenths);
    const entries: Booking['entries'] = [
      [wallet(buyer, 'consumer'), -totalTenths],
      [revenue, totalTenths - share],
    ];
    if (anchorId !== null && share > 0) entries.push([wallet(anchorId, 'income'), share]);
    activity.push({ key, kind, userId: buyer, at: when, meta, entries: entries.filter(([, t]) => t !== 0) });
    bump(spent, buyer, totalTenths);
    if (anchorId !== null) {
      bump(received, anchorId, share);
      bump(receivedValue, anchorId, totalTenths);
    }
  };

  live.gifts.forEach((gift, n) =>
    pay('gift', `seed-gift-${n + 1}`, gift.senderId, gift.anchorId, gift.totalTenths, gift.at, {
      gift_id: gift.giftId,
      quantity: gift.quantity,
      room_id: gift.roomId,
      anchor_id: gift.anchorId,
    }),
  );

  const buyers = [...accounts.regulars];
  const purchaseTime = (userId: number) => {
    const earliest = Math.max(createdAt.get(userId)!.getTime() + hourMs, now.getTime() - 25 * dayMs);
    return new Date(earliest + random.next() * (now.getTime() - hourMs - earliest));
  };
  const nobility = catalogue.guardTiers.filter((t) => t.kind === 'nobility');
  const guards = catalogue.guardTiers.filter((t) => t.kind === 'guard');
  const memberships: Array<{
    userId: number;
    tierId: number;
    anchorId: number | null;
    at: Date;
    days: number;
    freeHorns: number;
    key: string;
  }> = [];
  random.sample(buyers, 5).forEach((user, n) => {
    const tier =
      nobility[
        random.weighted([
          [0, 4],
          [1, 3],
          [2, 2],
          [3, 1],
          [4, 0.5],
        ] as const)
      ]!;
    const when = purchaseTime(user.id);
    const key = `seed-nobility-${n + 1}`;
    pay('nobility', key, user.id, null, tier.price * 10, when, { tier_id: tier.id });
    memberships.push({
      userId: user.id,
      tierId: tier.id,
      anchorId: null,
      at: when,
      days: tier.days,
      freeHorns: tier.freeHorns,
      key,
    });
  });
  const pairs = new Set<string>();
  for (let n = 0; memberships.length < 13 && n < 50; n++) {
    const user = random.pick(buyers);
    const anchor = n === 0 ? accounts.anchor : random.pick(accounts.anchors.slice(1));
    if (pairs.has(`${user.id}:${anchor.id}`)) continue;
    pairs.add(`${user.id}:${anchor.id}`);
    // the demo anchor's guard is a silver one, so his income can still open at a fixed 1200
    const tier =
      anchor.id === accounts.anchor.id
        ? guards[0]!
        : guards[
            random.weighted([
              [0, 6],
              [1, 3],
              [2, 1],
            ] as const)
          ]!;
    const when = purchaseTime(user.id);
    const key = `seed-guard-${pairs.size}`;
    pay('guard', key, user.id, anchor.id, tier.price * 10, when, { tier_id: tier.id, anchor_id: anchor.id });
    memberships.push({ userId: user.id, tierId: tier.id, anchorId: anchor.id, at: when, days: tier.days, freeHorns: 0, key });
  }

  const openings: Booking[] = [];
  const open = (userId: number, kind: UserWalletKind, tenths: number) => {
    if (tenths < 0) throw new Error(`seed: wallet ${kind} of user ${userId} would open below zero`);
    if (tenths === 0) return;
    openings.push({
      key: `seed-opening-${userId}-${kind}`,
      kind: 'opening',
      userId,
      at: new Date(createdAt.get(userId)!.getTime() + minuteMs),
      meta: { reason: 'seeded world' },
      entries: [
        [wallet(userId, kind), tenths],
        [kind === 'coins' ? openingCoins : opening, -tenths],
      ],
    });
  };
  for (const [key, tenths] of finalTenths) {
    const [id, kind] = key.split(':') as [string, UserWalletKind];
    const userId = Number(id);
    if (kind === 'consumer') open(userId, kind, tenths + (spent.get(userId) ?? 0));
    else if (kind === 'income') open(userId, kind, tenths - (received.get(userId) ?? 0));
    else open(userId, kind, tenths);
  }
  for (const [anchorId, tenths] of otherAnchorIncome) open(anchorId, 'income', tenths);

  // Openings first: an entry may not take a user's balance below zero, even for a moment.
  const bookings = [...openings, ...activity.sort((a, b) => a.at.getTime() - b.at.getTime())];
  const transactionIds = await insertReturningIds(
    db,
    'ledger_transactions',
    bookings.map((b) => ({
      idempotency_key: b.key,
      kind: b.kind,
      user_id: b.userId,
      created_at: b.at,
      meta: JSON.stringify(b.meta),
    })),
  );
  const idOfKey = new Map(bookings.map((b, i) => [b.key, transactionIds[i]!]));
  // Each booking's entries in one statement: a ledger transaction balances after every statement.
  await insertGroupedRows(
    db,
    'ledger_entries',
    bookings.map((b, i) =>
      b.entries.map(([accountId, tenths]) => ({
        transaction_id: transactionIds[i]!,
        account_id: accountId,
        amount: tenthsToAmount(tenths),
        created_at: b.at,
      })),
    ),
  );

  await insertRows(
    db,
    'gift_records',
    live.gifts.map((gift, n) => ({
      sender_id: gift.senderId,
      anchor_id: gift.anchorId,
      room_id: gift.roomId,
      gift_id: gift.giftId,
      quantity: gift.quantity,
      total: tenthsToAmount(gift.totalTenths),
      from_backpack: false,
      transaction_id: idOfKey.get(`seed-gift-${n + 1}`)!,
      created_at: gift.at,
    })),
  );

  // Nobles spend some of their free horns (SPEC §9: 30 with nobility).
  const horns: Array<{ user_id: number; room_id: number; content: string; is_free: boolean; created_at: Date }> = [];
  const liveRooms = live.rooms.filter((r) => r.status === 'in_progress');
  const hornsUsed = new Map<number, number>();
  for (const m of memberships.filter((m) => m.anchorId === null)) {
    const count = random.int(0, 3);
    hornsUsed.set(m.userId, count);
    for (let i = 0; i < count; i++)
      horns.push({
        user_id: m.userId,
        room_id: random.pick(liveRooms).id,
        content: random.pick(chatLines.fanGroup),
        is_free: true,
        created_at: at(ctx, -random.int(5, 600) * minuteMs),
      });
  }
  await insertRows(
    db,
    'guard_memberships',
    memberships.map((m) => ({
      user_id: m.userId,
      tier_id: m.tierId,
      anchor_id: m.anchorId,
      starts_at: m.at,
      expires_at: new Date(m.at.getTime() + m.days * dayMs),
      free_horns_left: m.anchorId === null ? m.freeHorns - (hornsUsed.get(m.userId) ?? 0) : 0,
      transaction_id: idOfKey.get(m.key)!,
      created_at: m.at,
    })),
  );
  await insertRows(db, 'horns', horns);

  // Wealth points follow diamonds spent (SPEC §5); anchor experience follows gifts received.
  const bumps = (map: Map<number, number>) =>
    sql.join([...map].map(([id, tenths]) => sql`(${id}::bigint, ${tenthsToAmount(tenths)}::numeric)`));
  const add = async (column: 'experience' | 'anchor_experience', amounts: Map<number, number>) => {
    if (amounts.size === 0) return;
    await sql`update users set ${sql.ref(column)} = ${sql.ref(`users.${column}`)} + v.amount
      from (values ${bumps(amounts)}) as v(id, amount) where users.id = v.id`.execute(db);
  };
  await add('experience', spent);
  await add('anchor_experience', receivedValue);
  await sql`update users set level = w.level, exp_icon = w.icon from wealth_levels w
    where w.level = (select max(level) from wealth_levels where min_experience <= users.experience)`.execute(db);
  await sql`update users set anchor_level = a.level from anchor_levels a
    where a.level = (select max(level) from anchor_levels where min_experience <= users.anchor_experience)`.execute(db);
}
