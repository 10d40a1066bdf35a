import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import { publishGroupMessage } from '../../realtime/messaging-hub.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { storeMessage } from '../chat/chat-public.ts';
import { addWealth } from '../gifts/gifts-public.ts';
import { existingRoom, roomChatGroupId, standingIn } from '../live/live-public.ts';
import { countTaskProgress } from '../tasks/tasks-public.ts';
import { amountOf, balanceAfter, book, idempotent, ledgerMessages, tenthsOf, walletTenths } from '../wallet/wallet-public.ts';
import { refuseSiteMuted } from '../account/account-public.ts';

export const barrageMessages = {
  styleNotFound: 'This barrage colour is not available',
  nobilityNeeded: 'This barrage colour needs a higher nobility',
  muted: 'You are muted in this room',
  insufficient: 'Not enough yellow diamonds for this barrage: please top up',
} as const;

/** The custom message's extension that marks a coloured barrage (ColouredBarrage) in a room's chat. */
export const barrageNoticeExtension = 'barrage';

/** Barrage/getList: the coloured barrage styles on sale, in display order. */
export async function barrageStyles(server: ServerContext, language: Language): Promise<DataOf<'barrageGetList'>> {
  const rows = await server.database.db.selectFrom('barrage_styles').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }), colour: row.color, price: amountOf(tenthsOf(row.price)) }));
}

/** The level of the nobility the user holds now; 0 for none. */
async function nobilityLevel(server: ServerContext, userId: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('guard_memberships')
    .innerJoin('guard_tiers', 'guard_tiers.id', 'guard_memberships.tier_id')
    .select('guard_tiers.level')
    .where('guard_memberships.user_id', '=', userId)
    .where('guard_memberships.anchor_id', 'is', null)
    .where('guard_memberships.expires_at', '>', server.clock.now())
    .executeTakeFirst();
  return row?.level ?? 0;
}

/**
 * Barrage/send: a coloured barrage in a room, its style's price from the consumer wallet (one ledger
 * transaction under the request's key), then told to the room as a custom message every viewer's
 * chat and danmaku receive. Muted viewers are refused, as in room chat.
 */
export async function sendBarrage(
  server: ServerContext,
  userId: number,
  input: InputOf<'barrageSend'>,
  key: string | undefined,
): Promise<DataOf<'barrageSend'>> {
  const room = await existingRoom(server, input.room_id);
  const { db } = server.database;
  const style = await db.selectFrom('barrage_styles').selectAll().where('id', '=', input.style_id).where('enabled', '=', true).executeTakeFirst();
  if (!style) throw new DomainError(barrageMessages.styleNotFound);
  if (style.min_nobility_level > 0 && (await nobilityLevel(server, userId)) < style.min_nobility_level) throw new DomainError(barrageMessages.nobilityNeeded);
  const standing = await standingIn(server, room, userId);
  if (standing.is_taboo === 1 || standing.is_kicked === 1) throw new DomainError(barrageMessages.muted);
  await refuseSiteMuted(server, userId);
  const priceTenths = tenthsOf(style.price);
  const params = { room_id: room.id, style_id: Number(style.id), content: input.content };
  let fresh = false;
  let answer: DataOf<'barrageSend'>;
  try {
    answer = await idempotent(server, { userId, operation: 'barrageSend', key, params }, async (trx) => {
      const now = server.clock.now();
      const consumer = { user: userId, kind: 'consumer' } as const;
      let transactionId: number | null = null;
      let balance: number;
      if (priceTenths > 0) {
        const booked = await book(trx, server, {
          key: `barrage:${userId}:${key ?? `${now.getTime()}:${Math.random()}`}`,
          kind: 'barrage',
          userId,
          meta: { room_id: room.id, style_id: Number(style.id) },
          postings: [
            { account: consumer, tenths: -priceTenths },
            { account: { system: 'system_revenue' }, tenths: priceTenths },
          ],
        });
        transactionId = booked.transactionId;
        balance = balanceAfter(booked, consumer);
        await addWealth(trx, userId, priceTenths);
      } else {
        balance = await walletTenths(trx, userId, 'consumer');
      }
      const record = await trx
        .insertInto('barrage_records')
        .values({ user_id: userId, room_id: room.id, style_id: Number(style.id), content: input.content, transaction_id: transactionId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx.selectFrom('users').select(['id', 'user_nickname', 'avatar', 'exp_icon', 'is_anchor']).where('id', '=', userId).executeTakeFirstOrThrow();
      fresh = true;
      return {
        barrage: {
          id: Number(record.id),
          room_id: room.id,
          style_id: Number(style.id),
          colour: style.color,
          content: input.content,
          user: { id: Number(user.id), user_nickname: user.user_nickname, avatar: user.avatar, exp_icon: user.exp_icon, is_anchor: user.is_anchor },
          created_at: Math.floor(now.getTime() / 1000),
        },
        cost: amountOf(priceTenths),
        balance: amountOf(balance),
      };
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) throw new DomainError(barrageMessages.insufficient);
    throw error;
  }
  if (fresh) {
    const groupID = roomChatGroupId(room.id);
    try {
      const message = await storeMessage(server, {
        senderId: userId,
        conversation: { kind: 'room', roomId: room.id, groupID },
        clientMsgID: `barrage-${String(answer.barrage.id)}`,
        messageType: 'TIMCustomElem',
        payload: { data: JSON.stringify(answer.barrage), description: input.content.slice(0, 200), extension: barrageNoticeExtension },
      });
      await publishGroupMessage(server, groupID, message);
    } catch (error) {
      server.log.warn({ err: error, barrage: answer.barrage.id }, 'a coloured barrage could not be sent to its room');
    }
    await countTaskProgress(server, userId, 'send_barrage');
  }
  return answer;
}
