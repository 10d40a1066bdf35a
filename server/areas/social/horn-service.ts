import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { publishHorn } from '../../realtime/messaging-hub.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { addWealth } from '../gifts/gifts-public.ts';
import { amountOf, balanceAfter, book, idempotent, ledgerMessages, tenthsOf, walletTenths, type Trx } from '../wallet/wallet-public.ts';
import { refuseSiteMuted } from '../account/account-public.ts';

export const hornMessages = {
  insufficient: 'Not enough yellow diamonds for a horn: please top up',
  muted: 'You are muted in a live room and cannot blow a horn',
} as const;

/** What a horn costs when no free one is left, unless the site configures horn_price. */
const defaultHornPrice = 10;

async function hornPriceTenths(server: ServerContext): Promise<number> {
  const row = await server.database.db.selectFrom('site_config').select('value').where('key', '=', 'horn_price').executeTakeFirst();
  const price = Number(row?.value ?? defaultHornPrice);
  return tenthsOf(Number.isFinite(price) && price > 0 ? Math.round(price * 10) / 10 : defaultHornPrice);
}

/** Free horns bought in the mall and not used yet. */
export async function boughtHorns(db: Pick<Trx, 'selectFrom'>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_horns').select('quantity').where('user_id', '=', userId).executeTakeFirst();
  return row?.quantity ?? 0;
}

function hornsQuery(server: ServerContext) {
  return server.database.db
    .selectFrom('horns')
    .innerJoin('users', 'users.id', 'horns.user_id')
    .select(['horns.id', 'horns.content', 'horns.created_at', 'users.id as user_id', 'users.user_nickname', 'users.avatar', 'users.exp_icon', 'users.is_anchor']);
}

type HornRow = Awaited<ReturnType<ReturnType<typeof hornsQuery>['execute']>>[number];

function toHorn(row: HornRow): DataOf<'memberSneHorn'>['horn'] {
  return {
    id: Number(row.id),
    user: { id: Number(row.user_id), user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
    content: row.content,
    created_at: Math.floor(row.created_at.getTime() / 1000),
  };
}

/**
 * Member/sneHorn: a site-wide barrage. A free horn of the nobility held is used first (SPEC §6: 30 with
 * nobility), then one bought in the mall; without one the horn price is paid from the consumer wallet,
 * one ledger transaction under the request's key. Every room shows the horns of Member/hornList, and
 * hears each new one at once.
 */
export async function sendHorn(server: ServerContext, userId: number, input: InputOf<'memberSneHorn'>, key: string | undefined): Promise<DataOf<'memberSneHorn'>> {
  const sent = await blowHorn(server, userId, input, key);
  // Pushed after the commit; a retry under the same key pushes the same horn again, which rooms show once.
  try {
    await publishHorn(server.bus, sent.horn);
  } catch (error) {
    server.log.warn({ err: error, horn: sent.horn.id }, 'a horn could not be pushed to the rooms');
  }
  return sent;
}

async function blowHorn(server: ServerContext, userId: number, input: InputOf<'memberSneHorn'>, key: string | undefined): Promise<DataOf<'memberSneHorn'>> {
  await refuseSiteMuted(server, userId);
  // A horn reaches every room, so a mute in any room covers it.
  const mutedAt = server.clock.now();
  const mute = await server.database.db
    .selectFrom('room_mutes')
    .select('room_id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', mutedAt)]))
    .executeTakeFirst();
  if (mute) throw new DomainError(hornMessages.muted);
  const priceTenths = await hornPriceTenths(server);
  try {
    return await idempotent(server, { userId, operation: 'memberSneHorn', key, params: { content: input.content } }, async (trx) => {
      const now = server.clock.now();
      const free = await trx
        .updateTable('guard_memberships')
        .set({ free_horns_left: sql`free_horns_left - 1` })
        .where('user_id', '=', userId)
        .where('anchor_id', 'is', null)
        .where('expires_at', '>', now)
        .where('free_horns_left', '>', 0)
        .returning('free_horns_left')
        .executeTakeFirst();
      // Without a nobility's free horn, one bought in the mall (they do not expire, so they wait).
      const bought = free
        ? undefined
        : await trx
            .updateTable('user_horns')
            .set({ quantity: sql`quantity - 1`, updated_at: now })
            .where('user_id', '=', userId)
            .where('quantity', '>', 0)
            .returning('quantity')
            .executeTakeFirst();
      let transactionId: number | null = null;
      let balance: number;
      if (free || bought) {
        balance = await walletTenths(trx, userId, 'consumer');
      } else {
        const consumer = { user: userId, kind: 'consumer' } as const;
        const booked = await book(trx, server, {
          key: `horn:${userId}:${key ?? `${now.getTime()}:${Math.random()}`}`,
          kind: 'horn',
          userId,
          postings: [
            { account: consumer, tenths: -priceTenths },
            { account: { system: 'system_revenue' }, tenths: priceTenths },
          ],
        });
        transactionId = booked.transactionId;
        balance = balanceAfter(booked, consumer);
        await addWealth(trx, userId, priceTenths);
      }
      const inserted = await trx
        .insertInto('horns')
        .values({ user_id: userId, content: input.content, is_free: free !== undefined || bought !== undefined, transaction_id: transactionId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx
        .selectFrom('horns')
        .innerJoin('users', 'users.id', 'horns.user_id')
        .select(['horns.id', 'horns.content', 'horns.created_at', 'users.id as user_id', 'users.user_nickname', 'users.avatar', 'users.exp_icon', 'users.is_anchor'])
        .where('horns.id', '=', inserted.id)
        .executeTakeFirstOrThrow();
      return {
        horn: toHorn(row),
        cost: free || bought ? 0 : amountOf(priceTenths),
        balance: amountOf(balance),
        free_horns: (free?.free_horns_left ?? 0) + (await boughtHorns(trx, userId)),
      };
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) throw new DomainError(hornMessages.insufficient);
    throw error;
  }
}

/** Member/hornList: the latest horns, newest first. */
export async function hornList(server: ServerContext, input: InputOf<'memberHornList'>): Promise<DataOf<'memberHornList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const [rows, total] = await Promise.all([
    hornsQuery(server).orderBy('horns.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    server.database.db.selectFrom('horns').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(toHorn) };
}
