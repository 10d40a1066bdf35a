import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../server-context.ts';
import { existingRoom, roomChatGroupId } from '../live/room-info-service.ts';
import { amountOf, balanceAfter, idempotent, ledgerMessages, prepareBooking, tenthsOf, walletTenths, type Trx } from '../wallet/ledger.ts';
import { announceGift, type RoomGiftNotice } from './room-gift-notice.ts';
import { addWealth } from './wealth.ts';

export const giftMessages = {
  // SPEC §5: an anchor may not gift to themselves.
  notToYourself: 'An anchor may not gift to themselves',
  giftNotFound: 'This gift is not on sale',
  notAnchorsRoom: 'This room is not the anchor’s',
  notInBackpack: 'Not enough of this gift in your backpack',
  insufficient: 'Not enough yellow diamonds for this gift: please top up',
} as const;

/** The same gift again within this long continues the sender's combo. */
export const comboWindowMs = 10_000;

type GiftRow = {
  id: number;
  name: string;
  name_en: string;
  icon: string;
  price: number | string;
  effect: 'none' | 'small' | 'big' | 'fullscreen';
  animation_url: string | null;
};

function animationTypeOf(effect: GiftRow['effect']): 'none' | 'gif' | 'fullscreen' {
  if (effect === 'none') return 'none';
  return effect === 'fullscreen' ? 'fullscreen' : 'gif';
}

function toGift(row: GiftRow, language: Language) {
  const animationType = animationTypeOf(row.effect);
  return {
    id: Number(row.id),
    name: language === 'zh' ? row.name : row.name_en,
    icon: row.icon,
    price: amountOf(tenthsOf(row.price)),
    animation_type: animationType,
    animation_url: animationType === 'none' ? null : row.animation_url,
  };
}

function giftsQuery(server: ServerContext) {
  return server.database.db
    .selectFrom('gifts')
    .select(['gifts.id', 'gifts.name', 'gifts.name_en', 'gifts.icon', 'gifts.price', 'gifts.effect', 'gifts.animation_url'])
    .where('gifts.enabled', '=', true);
}

/** The gifts on sale in display order, read again at most every 10 s. */
function giftsOnSale(server: ServerContext): Promise<GiftRow[]> {
  return server.cache.get('gifts_on_sale', 10_000, () => giftsQuery(server).orderBy('sort').orderBy('id').execute());
}

/** Gift/getList: the gifts on sale, in display order. */
export async function giftList(server: ServerContext, language: Language): Promise<DataOf<'giftGetList'>> {
  return (await giftsOnSale(server)).map((row) => toGift(row, language));
}

/** Gift/getUserGiftList: the pieces in the viewer's backpack (they do not expire here). */
export async function backpack(server: ServerContext, userId: number, language: Language): Promise<DataOf<'giftGetUserGiftList'>> {
  const rows = await giftsQuery(server)
    .innerJoin('user_gifts', 'user_gifts.gift_id', 'gifts.id')
    .select('user_gifts.quantity')
    .where('user_gifts.user_id', '=', userId)
    .where('user_gifts.quantity', '>', 0)
    .orderBy('gifts.sort')
    .execute();
  return rows.map((row) => ({ ...toGift(row, language), count: row.quantity, expires_at: null }));
}

/** The anchor's part of a gift in tenths, as the site configures it (site_config.gift_anchor_share). */
async function anchorShareTenths(trx: Trx, totalTenths: number): Promise<number> {
  const row = await trx.selectFrom('site_config').select('value').where('key', '=', 'gift_anchor_share').executeTakeFirst();
  const share = Number(row?.value ?? 0.5);
  const bounded = Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0.5;
  return Math.floor(totalTenths * bounded);
}

/** The combo a gift continues: the sender's last gift in the room, when it is the same and recent. */
async function comboOf(trx: Trx, senderId: number, roomId: number, giftId: number, now: Date): Promise<number> {
  const last = await trx
    .selectFrom('gift_records')
    .select(['gift_id', 'combo', 'created_at'])
    .where('sender_id', '=', senderId)
    .where('room_id', '=', roomId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last || Number(last.gift_id) !== giftId || now.getTime() - last.created_at.getTime() > comboWindowMs) return 1;
  return last.combo + 1;
}

/**
 * member/handselGift: price × count yellow diamonds from the consumer wallet (or pieces from the
 * backpack), the anchor's share to their income wallet and the rest to the platform, one ledger
 * transaction under the request's Idempotency-Key; then the room is told (a banner and an effect).
 */
export async function sendGift(
  server: ServerContext,
  senderId: number,
  input: InputOf<'memberHandselGift'>,
  key: string | undefined,
): Promise<DataOf<'memberHandselGift'>> {
  if (input.anchor_uid === senderId) throw new DomainError(giftMessages.notToYourself);
  const room = await existingRoom(server, input.room_id);
  if (room.anchor_id !== input.anchor_uid) throw new DomainError(giftMessages.notAnchorsRoom);
  // The list Gift/getList shows: a gift sells exactly while the list offers it.
  const gift = (await giftsOnSale(server)).find((candidate) => Number(candidate.id) === input.gift_id);
  if (!gift) throw new DomainError(giftMessages.giftNotFound);
  const source = input.source ?? 'wallet';
  const priceTenths = tenthsOf(gift.price);
  const totalTenths = priceTenths * input.count;
  let notice: RoomGiftNotice | null = null;

  const params = { anchor_uid: input.anchor_uid, room_id: input.room_id, gift_id: input.gift_id, count: input.count, source };
  let answer: DataOf<'memberHandselGift'>;
  try {
    answer = await idempotent(server, { userId: senderId, operation: 'memberHandselGift', key, params }, async (trx) => {
      const now = server.clock.now();
      const combo = await comboOf(trx, senderId, room.id, Number(gift.id), now);
      let transactionId: number | null = null;
      let balance = 0;
      let backpackCount: number | null = null;
      let applyEntries: (() => Promise<void>) | null = null;
      if (source === 'backpack') {
        const left = await trx
          .updateTable('user_gifts')
          .set({ quantity: sql`quantity - ${input.count}`, updated_at: now })
          .where('user_id', '=', senderId)
          .where('gift_id', '=', Number(gift.id))
          .where('quantity', '>=', input.count)
          .returning('quantity')
          .executeTakeFirst();
        if (!left) throw new DomainError(giftMessages.notInBackpack);
        backpackCount = left.quantity;
        balance = await walletTenths(trx, senderId, 'consumer');
      } else {
        const consumer = { user: senderId, kind: 'consumer' } as const;
        const incomeTenths = await anchorShareTenths(trx, totalTenths);
        const platformTenths = totalTenths - incomeTenths;
        const booking = await prepareBooking(trx, server, {
          key: `gift:${senderId}:${key ?? `${now.getTime()}:${Math.random()}`}`,
          kind: 'gift',
          userId: senderId,
          meta: { gift_id: Number(gift.id), quantity: input.count, room_id: room.id, anchor_id: input.anchor_uid },
          postings: [
            { account: consumer, tenths: -totalTenths },
            ...(incomeTenths > 0 ? [{ account: { user: input.anchor_uid, kind: 'income' } as const, tenths: incomeTenths }] : []),
            ...(platformTenths > 0 ? [{ account: { system: 'system_revenue' } as const, tenths: platformTenths }] : []),
          ],
        });
        transactionId = booking.transactionId;
        applyEntries = async () => {
          balance = balanceAfter(await booking.apply(), consumer);
        };
      }
      const record = await trx
        .insertInto('gift_records')
        .values({
          sender_id: senderId,
          anchor_id: input.anchor_uid,
          room_id: room.id,
          gift_id: Number(gift.id),
          quantity: input.count,
          total: source === 'backpack' ? '0' : amountOf(totalTenths).toFixed(1),
          from_backpack: source === 'backpack',
          transaction_id: transactionId,
          created_at: now,
          combo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const spent = source === 'backpack' ? 0 : totalTenths;
      const experience = await addWealth(trx, senderId, spent);
      // The money moves last: the anchor's income and the platform's revenue are rows every gift to them
      // updates, so they are locked for the last statements and the commit only.
      if (applyEntries) await applyEntries();
      // The anchor's experience follows the value received (SPEC §5 wealth is the sender's).
      if (spent > 0) {
        await trx
          .updateTable('users')
          .set({ anchor_experience: sql`anchor_experience + ${amountOf(totalTenths).toFixed(1)}::numeric` })
          .where('id', '=', input.anchor_uid)
          .execute();
      }
      notice = {
        kind: 'gift',
        record_id: Number(record.id),
        gift_id: Number(gift.id),
        gift_name: gift.name,
        gift_name_en: gift.name_en,
        icon: gift.icon,
        effect: gift.effect,
        animation_url: gift.effect === 'none' ? null : gift.animation_url,
        count: input.count,
        combo,
        total_price: amountOf(totalTenths),
        anchor_uid: input.anchor_uid,
        room_id: room.id,
      };
      return {
        gift_id: Number(gift.id),
        count: input.count,
        source,
        total_price: amountOf(totalTenths),
        balance: amountOf(balance),
        backpack_count: backpackCount,
        experience: amountOf(tenthsOf(experience)),
        notice,
      };
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) throw new DomainError(giftMessages.insufficient);
    throw error;
  }
  // Told once, by the request that made the gift (a replay of its key answers without telling again).
  if (notice) await announceGift(server, senderId, roomChatGroupId(room.id), notice);
  return answer;
}

/** member/webgetAnchorgiftlist: the gifts the anchor received, newest first, with the range's income. */
export async function receivedGifts(
  server: ServerContext,
  anchorId: number,
  input: InputOf<'memberWebgetAnchorgiftlist'>,
  language: Language,
): Promise<DataOf<'memberWebgetAnchorgiftlist'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const ownRoom = await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchorId).executeTakeFirst();
  const fallbackRoom = Number(ownRoom?.id ?? 1);
  let base = db.selectFrom('gift_records').where('gift_records.anchor_id', '=', anchorId);
  if (input.start_time !== undefined) base = base.where('gift_records.created_at', '>=', new Date(input.start_time * 1000));
  if (input.end_time !== undefined) base = base.where('gift_records.created_at', '<', new Date(input.end_time * 1000));
  // The income is what the ledger credited the anchor for each gift (backpack gifts credit nothing).
  const withIncome = base.leftJoin('ledger_entries as income', (join) =>
    join
      .onRef('income.transaction_id', '=', 'gift_records.transaction_id')
      .on('income.account_id', '=', (eb) =>
        eb.selectFrom('wallet_accounts').select('wallet_accounts.id').where('wallet_accounts.owner_id', '=', anchorId).where('wallet_accounts.kind', '=', 'income'),
      ),
  );
  const totals = await withIncome
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.sum<number | string | null>('income.amount').as('income')])
    .executeTakeFirstOrThrow();
  const rows = await withIncome
    .innerJoin('users', 'users.id', 'gift_records.sender_id')
    .innerJoin('gifts', 'gifts.id', 'gift_records.gift_id')
    .select([
      'gift_records.id',
      'gift_records.gift_id',
      'gift_records.quantity',
      'gift_records.total',
      'gift_records.room_id',
      'gift_records.created_at',
      'income.amount as income',
      'users.id as sender_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      'gifts.name',
      'gifts.name_en',
      'gifts.icon',
    ])
    .orderBy('gift_records.created_at', 'desc')
    .orderBy('gift_records.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    total: Number(totals.total),
    page,
    limit,
    income_total: amountOf(tenthsOf(totals.income ?? 0)),
    list: rows.map((row) => ({
      id: Number(row.id),
      sender: { id: Number(row.sender_id), user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
      gift_id: Number(row.gift_id),
      gift_name: language === 'zh' ? row.name : row.name_en,
      gift_icon: row.icon,
      count: row.quantity,
      total_price: amountOf(tenthsOf(row.total)),
      income: amountOf(tenthsOf(row.income ?? 0)),
      // A record keeps its room; a room deleted since (room_id set null) is named by the anchor's room of today.
      room_id: Number(row.room_id ?? fallbackRoom),
      created_at: Math.floor(row.created_at.getTime() / 1000),
    })),
  };
}
