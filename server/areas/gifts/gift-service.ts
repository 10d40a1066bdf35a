import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { existingRoom, roomChatGroupId } from '../live/live-public.ts';
import { publishGroupMessage } from '../../realtime/messaging-hub.ts';
import { toImMessage } from '../chat/chat-public.ts';
import { countTaskProgress } from '../tasks/tasks-public.ts';
import { amountOf, isBelowZero, ledgerMessages, paramsHashOf, tenthsOf } from '../wallet/wallet-public.ts';
import type { GiftOutcome } from '../../ports/gift-queue.ts';

export const giftMessages = {
  // SPEC §5: an anchor may not gift to themselves.
  notToYourself: 'An anchor may not gift to themselves',
  giftNotFound: 'This gift is not on sale',
  notAnchorsRoom: 'This room is not the anchor’s',
  notInBackpack: 'Not enough of this gift in your backpack',
  insufficient: 'Not enough yellow diamonds for this gift: please top up',
} as const;

type GiftRow = {
  id: number;
  name: string;
  name_en: string;
  name_vi: string;
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
    name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }),
    icon: row.icon,
    price: amountOf(tenthsOf(row.price)),
    animation_type: animationType,
    animation_url: animationType === 'none' ? null : row.animation_url,
  };
}

function giftsQuery(server: ServerContext) {
  return server.database.db
    .selectFrom('gifts')
    .select(['gifts.id', 'gifts.name', 'gifts.name_en', 'gifts.name_vi', 'gifts.icon', 'gifts.price', 'gifts.effect', 'gifts.animation_url'])
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

/** The ledger's refusals of a gift (ledger_book_gifts, migration 130), as the sender is told. */
const giftRefusals: Record<string, string> = {
  gift_key_reused: ledgerMessages.keyReused,
  gift_not_in_backpack: giftMessages.notInBackpack,
  gift_insufficient: giftMessages.insufficient,
};

/**
 * member/handselGift: price × count yellow diamonds from the consumer wallet (or pieces from the
 * backpack), the anchor's share to their income wallet and the rest to the platform, one ledger
 * transaction under the request's Idempotency-Key (Stripe's semantics, as `idempotent` keeps them);
 * the room's notice (a banner and an effect) stored with it through the room's chat, then pushed to the room.
 * The ledger books the gift with the others that arrive meanwhile, in one statement and one commit
 * (gift-batches.ts); what it credits the anchor and the platform goes to balance parts, so gifts to one anchor
 * from other processes do not wait for each other's commits.
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
  const params = { anchor_uid: input.anchor_uid, room_id: input.room_id, gift_id: input.gift_id, count: input.count, source };
  const now = server.clock.now();
  let outcome: GiftOutcome;
  try {
    outcome = await server.gifts.make({
      sender: senderId,
      anchor: input.anchor_uid,
      room: room.id,
      gift: Number(gift.id),
      count: input.count,
      from_backpack: source === 'backpack',
      price_tenths: tenthsOf(gift.price),
      key: key ?? null,
      params_hash: key === undefined ? null : paramsHashOf('memberHandselGift', params),
      ledger_key: `gift:${String(senderId)}:${key ?? `${String(now.getTime())}:${String(Math.random())}`}`,
      now,
      gift_name: gift.name,
      gift_name_en: gift.name_en,
      icon: gift.icon,
      effect: gift.effect,
      animation_url: gift.animation_url,
    });
  } catch (error) {
    // Past the ledger's own refusals: the account's check on its balance, kept for anything that got by.
    if (isBelowZero(error)) throw new DomainError(giftMessages.insufficient);
    throw error;
  }
  if (outcome.refusal !== null) {
    const refusal = giftRefusals[outcome.refusal];
    if (refusal === undefined) throw new Error(`the ledger refused a gift with ${outcome.refusal}, which the server does not know`);
    throw new DomainError(refusal);
  }
  const answer = JSON.parse(outcome.answer ?? 'null') as DataOf<'memberHandselGift'>;
  // Told once, by the request that made the gift (a replay of its key answers without telling again).
  if (outcome.notice !== null) {
    const { notice } = outcome;
    const message = toImMessage(
      {
        id: notice.id,
        seq: notice.seq,
        sender_id: senderId,
        receiver_id: null,
        group_id: null,
        room_id: room.id,
        conversation_key: `GROUPlive${String(room.id)}`,
        type: 'custom',
        payload: notice.payload,
        client_msg_id: `gift-${String(answer.notice.record_id)}`,
        badge: null,
        created_at: now,
        read_at: null,
        revoked_at: null,
        nick: notice.nick,
        avatar: notice.avatar,
      },
      String(senderId),
    );
    // The gift is paid and its notice stored (late joiners read it in the history); a push that fails is logged.
    publishGroupMessage(server, roomChatGroupId(room.id), message).catch((error: unknown) => {
      server.log.warn({ err: error, record: answer.notice.record_id }, 'a gift notice could not be pushed to its room');
    });
    await countTaskProgress(server, senderId, 'send_gift');
  }
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
      'gifts.name_vi',
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
      gift_name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }),
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
