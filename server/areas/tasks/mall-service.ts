import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import { DomainError } from '../../errors.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, balanceAfter, book, idempotent, ledgerMessages, tenthsOf, type Trx } from '../wallet/wallet-public.ts';

export const mallMessages = {
  notOnSale: 'This item is not on sale',
  soldOut: 'This item is sold out',
  fewLeft: 'Only {left} of this item left',
  limit: 'Each user may exchange at most {limit} of this item; you have {had}',
  insufficient: 'Not enough coins: sign in and do tasks to earn more',
  // SPEC §5's text for an incomplete form: physical goods need a receiver, a phone and an address.
  address: 'Please complete the information before submitting',
} as const;

type Goods = DataOf<'goodsGoodsList'>['list'][number];
type ExchangeRecord = DataOf<'goodsExchangeRecords'>['list'][number];

const goodsColumns = [
  'goods.id',
  'goods.name',
  'goods.name_en',
  'goods.name_vi',
  'goods.image',
  'goods.description',
  'goods.description_en',
  'goods.description_vi',
  'goods.kind',
  'goods.price_coins',
  'goods.stock',
  'goods.limit_per_user',
  'goods.gift_id',
  'goods.gift_quantity',
  'goods.horn_quantity',
] as const;

function goodsOnSale(server: ServerContext) {
  return server.database.db.selectFrom('goods').select(goodsColumns).where('goods.enabled', '=', true);
}

type GoodsRow = Awaited<ReturnType<ReturnType<typeof goodsOnSale>['executeTakeFirstOrThrow']>>;

function toGoods(row: GoodsRow, language: Language): Goods {
  return {
    id: Number(row.id),
    name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }),
    img: row.image,
    description: catalogueText(language, { zh: row.description, en: row.description_en, vi: row.description_vi }),
    kind: row.kind,
    lz_num: row.price_coins,
    stock: row.stock,
    limit_per_user: row.limit_per_user,
  };
}

/** goods/goodsList: the goods on sale, in shelf order, of one kind or all. */
export async function goodsList(server: ServerContext, input: InputOf<'goodsGoodsList'>, language: Language): Promise<DataOf<'goodsGoodsList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  let query = goodsOnSale(server);
  if (input.kind) query = query.where('goods.kind', '=', input.kind);
  const [rows, total] = await Promise.all([
    query.orderBy('goods.sort').orderBy('goods.id').limit(limit).offset((page - 1) * limit).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map((row) => toGoods(row, language)) };
}

function recordsQuery(db: Pick<Trx, 'selectFrom'>) {
  return db
    .selectFrom('goods_exchanges')
    .innerJoin('goods', 'goods.id', 'goods_exchanges.goods_id')
    .select([
      'goods_exchanges.id',
      'goods_exchanges.goods_id',
      'goods_exchanges.quantity',
      'goods_exchanges.coins',
      'goods_exchanges.status',
      'goods_exchanges.created_at',
      'goods.name',
      'goods.name_en',
      'goods.name_vi',
      'goods.image',
      'goods.kind',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordsQuery>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow, language: Language): ExchangeRecord {
  return {
    id: Number(row.id),
    goods_id: Number(row.goods_id),
    goods_name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }),
    goods_img: row.image,
    kind: row.kind,
    count: row.quantity,
    lz_num: row.coins,
    status: row.status,
    created_at: timestampOf(row.created_at),
  };
}

/** goods/exchangeRecords: the user's own exchanges, newest first. */
export async function exchangeRecords(
  server: ServerContext,
  userId: number,
  input: InputOf<'goodsExchangeRecords'>,
  language: Language,
): Promise<DataOf<'goodsExchangeRecords'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const [rows, total] = await Promise.all([
    recordsQuery(server.database.db)
      .where('goods_exchanges.user_id', '=', userId)
      .orderBy('goods_exchanges.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    server.database.db
      .selectFrom('goods_exchanges')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map((row) => toRecord(row, language)) };
}

function receiverOf(input: InputOf<'goodsExchange'>): { name: string; phone: string; address: string } | null {
  const name = input.receiver_name?.trim() ?? '';
  const phone = input.receiver_phone?.trim() ?? '';
  const address = input.receiver_address?.trim() ?? '';
  if (name === '' || phone === '' || address === '') return null;
  return { name, phone, address };
}

/**
 * goods/exchange: lz_num × count coins from the user's coins to the site's, one ledger transaction
 * under the request's Idempotency-Key, together with the stock taken, the record and the delivery
 * (gifts to the backpack, free horns). The goods row is locked first, so exchanges of one goods wait
 * in turn: stock never goes below zero and the per-user limit counts every earlier exchange.
 */
export async function exchangeGoods(
  server: ServerContext,
  userId: number,
  input: InputOf<'goodsExchange'>,
  key: string | undefined,
  language: Language,
): Promise<DataOf<'goodsExchange'>> {
  const count = input.count ?? 1;
  const goods = await goodsOnSale(server).where('goods.id', '=', input.goods_id).executeTakeFirst();
  if (!goods) throw new DomainError(mallMessages.notOnSale);
  const receiver = goods.kind === 'physical' ? receiverOf(input) : null;
  if (goods.kind === 'physical' && !receiver) throw new DomainError(mallMessages.address);
  const priceTenths = tenthsOf(goods.price_coins) * count;
  const params = {
    goods_id: input.goods_id,
    count,
    receiver_name: input.receiver_name,
    receiver_phone: input.receiver_phone,
    receiver_address: input.receiver_address,
  };

  try {
    return await idempotent(server, { userId, operation: 'goodsExchange', key, params }, async (trx) => {
      const now = server.clock.now();
      const taken = await trx
        .updateTable('goods')
        .set({ stock: sql<number | null>`case when stock is null then null else stock - ${count}::int end` })
        .where('id', '=', input.goods_id)
        .where('enabled', '=', true)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', count)]))
        .returning(['stock', 'limit_per_user'])
        .executeTakeFirst();
      if (!taken) {
        const current = await trx.selectFrom('goods').select(['stock', 'enabled']).where('id', '=', input.goods_id).executeTakeFirst();
        if (!current?.enabled) throw new DomainError(mallMessages.notOnSale);
        if (!current.stock) throw new DomainError(mallMessages.soldOut);
        throw new DomainError(mallMessages.fewLeft, undefined, { left: current.stock });
      }
      if (taken.limit_per_user !== null) {
        const had = await trx
          .selectFrom('goods_exchanges')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), eb.lit(0)).as('n'))
          .where('user_id', '=', userId)
          .where('goods_id', '=', input.goods_id)
          .executeTakeFirstOrThrow();
        const already = Number(had.n);
        if (already + count > taken.limit_per_user) {
          throw new DomainError(mallMessages.limit, undefined, { limit: taken.limit_per_user, had: already });
        }
      }
      const coins = { user: userId, kind: 'coins' } as const;
      const booked = await book(trx, server, {
        key: `exchange:${userId}:${key ?? `${now.getTime()}:${Math.random()}`}`,
        kind: 'exchange',
        userId,
        meta: { goods_id: input.goods_id, quantity: count },
        postings: [
          { account: coins, tenths: -priceTenths },
          { account: { system: 'system_coins' }, tenths: priceTenths },
        ],
      });
      const inserted = await trx
        .insertInto('goods_exchanges')
        .values({
          user_id: userId,
          goods_id: input.goods_id,
          quantity: count,
          coins: goods.price_coins * count,
          status: goods.kind === 'physical' ? 'pending' : 'completed',
          address: receiver ? JSON.stringify(receiver) : null,
          transaction_id: booked.transactionId,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (goods.kind === 'gift' && goods.gift_id !== null) {
        const pieces = goods.gift_quantity * count;
        await trx
          .insertInto('user_gifts')
          .values({ user_id: userId, gift_id: Number(goods.gift_id), quantity: pieces, updated_at: now })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'gift_id']).doUpdateSet({ quantity: sql`user_gifts.quantity + ${pieces}::int`, updated_at: now }),
          )
          .execute();
      }
      if (goods.kind === 'horn') {
        const horns = goods.horn_quantity * count;
        await trx
          .insertInto('user_horns')
          .values({ user_id: userId, quantity: horns, updated_at: now })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ quantity: sql`user_horns.quantity + ${horns}::int`, updated_at: now }))
          .execute();
      }
      const record = await recordsQuery(trx).where('goods_exchanges.id', '=', inserted.id).executeTakeFirstOrThrow();
      return { record: toRecord(record, language), coins: amountOf(balanceAfter(booked, coins)) };
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) throw new DomainError(mallMessages.insufficient);
    throw error;
  }
}
