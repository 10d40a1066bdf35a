import { randomInt } from 'node:crypto';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, balanceAfter, book, idempotent, moneyTransaction, tenthsOf, tenthsText, type Trx } from '../wallet/wallet-public.ts';
import { c2cRefusal, conversationMessages, groupRole } from './conversation-service.ts';
import { deliverMessage } from './message-delivery.ts';
import { storeMessage, type Conversation } from './message-service.ts';

// Red envelopes in chats: the whole sum leaves the sender's consumer wallet for the system escrow when
// the envelope is sent (one ledger transaction); each opener takes one share out of escrow, once; what is left
// after 24 hours goes back to the sender. The envelope shows in its conversation as a custom card.

type RedEnvelopeSent = DataOf<'redenvelopeInsert'>;
type RedEnvelopeDetail = DataOf<'redenvelopeGetRedInfo'>;
type RedEnvelopeReceipt = DataOf<'redenvelopeReceiveRed'>;

/** An envelope not opened up within this time gives the rest back. */
export const redEnvelopeLifetimeMs = 24 * 60 * 60 * 1000;
/** The card type of a red envelope message (ImCustomPayload.data). */
export const redEnvelopeCardType = 'red_envelope';

/**
 * Whether a custom card a client sends would show as a red envelope: only the server makes those (with the
 * envelope's money held first), so a client's card naming the type anywhere is refused.
 */
export function isRedEnvelopeCard(payload: { data: string; description?: string; extension?: string }): boolean {
  if (payload.extension?.toLowerCase().includes(redEnvelopeCardType)) return true;
  try {
    const card: unknown = JSON.parse(payload.data);
    return typeof card === 'object' && card !== null && JSON.stringify(card).toLowerCase().includes(redEnvelopeCardType);
  } catch {
    return payload.data.toLowerCase().includes(redEnvelopeCardType);
  }
}
const defaultGreeting = '恭喜发财，大吉大利';

export const redEnvelopeMessages = {
  tooSmall: 'Each share must be at least 0.1',
  notFound: 'Red envelope not found',
  empty: 'All shares have been taken',
  expired: 'This red envelope has expired',
  already: 'You have already opened this red envelope',
  oneShare: 'A red envelope to one person has one share',
  oneTarget: 'Input error: give exactly one of group_id and to_uid',
  recipientOnly: 'Only the recipient can open this red envelope',
} as const;

/**
 * One share in tenths: an equal split, or a lucky one (uniform between one tenth and twice the mean of what is
 * left, the usual "double mean" rule), leaving at least one tenth for each share after it. The last takes the rest.
 */
export function shareTenths(kind: 'lucky' | 'equal', remainingTenths: number, remainingCount: number, random = randomInt): number {
  if (remainingCount <= 1) return remainingTenths;
  if (kind === 'equal') return Math.floor(remainingTenths / remainingCount);
  const most = Math.min(remainingTenths - (remainingCount - 1), Math.floor((2 * remainingTenths) / remainingCount));
  return most <= 1 ? 1 : random(1, most + 1);
}

async function senderBrief(db: Pick<Trx, 'selectFrom'>, userId: number) {
  const row = await db.selectFrom('users').select(['id', 'user_nickname', 'avatar', 'exp_icon', 'is_anchor']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: Number(row.id), user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor === 1 ? (1 as const) : (0 as const) };
}

type EnvelopeRow = Awaited<ReturnType<typeof envelopeRow>>;
function envelopeRow(db: Pick<Trx, 'selectFrom'>, id: number) {
  return db.selectFrom('red_envelopes').selectAll().where('id', '=', id).executeTakeFirst();
}

async function toEnvelope(db: Pick<Trx, 'selectFrom'>, row: NonNullable<EnvelopeRow>, now: Date): Promise<RedEnvelopeSent['red_envelope']> {
  const status = row.refund_transaction_id !== null || (row.remaining_count > 0 && row.expires_at <= now) ? 'expired' : row.remaining_count === 0 ? 'finished' : 'active';
  return {
    id: Number(row.id),
    sender: await senderBrief(db, Number(row.sender_id)),
    group_id: row.group_id === null ? null : Number(row.group_id),
    to_uid: row.receiver_id === null ? null : Number(row.receiver_id),
    total_amount: amountOf(tenthsOf(row.total_amount)),
    count: row.count,
    remaining_amount: amountOf(tenthsOf(row.remaining_amount)),
    remaining_count: row.remaining_count,
    greeting: row.greeting,
    status,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    expires_at: Math.floor(row.expires_at.getTime() / 1000),
  };
}

/** Redenvelope/insert: holds the total from the sender's wallet and posts the envelope's card in the conversation. */
export async function sendRedEnvelope(
  server: ServerContext,
  senderId: number,
  input: InputOf<'redenvelopeInsert'>,
  idempotencyKey: string | undefined,
): Promise<RedEnvelopeSent> {
  const totalTenths = tenthsOf(input.total_amount);
  if (totalTenths < input.count) throw new DomainError(redEnvelopeMessages.tooSmall);
  if ((input.group_id === undefined) === (input.to_uid === undefined)) throw new DomainError(redEnvelopeMessages.oneTarget);
  let conversation: Conversation;
  if (input.group_id !== undefined) {
    if (!(await groupRole(server, input.group_id, senderId))) throw new DomainError(conversationMessages.notMember);
    conversation = { kind: 'group', groupId: input.group_id, groupID: String(input.group_id) };
  } else {
    if (input.count !== 1) throw new DomainError(redEnvelopeMessages.oneShare);
    const peerId = input.to_uid ?? 0;
    const refusal = await c2cRefusal(server, senderId, peerId);
    if (refusal) throw new DomainError(refusal.msg);
    conversation = { kind: 'c2c', peerID: String(peerId) };
  }
  const kind = input.kind ?? 'lucky';
  const greeting = input.greeting?.trim() || defaultGreeting;
  const sent = await idempotent(
    server,
    { userId: senderId, operation: 'redenvelopeInsert', key: idempotencyKey, params: { ...input, kind, greeting } },
    async (trx) => {
      const now = server.clock.now();
      const booked = await book(trx, server, {
        key: `red_envelope:${String(senderId)}:${idempotencyKey ?? `${String(now.getTime())}:${String(randomInt(1e9))}`}`,
        kind: 'red_envelope',
        userId: senderId,
        postings: [
          { account: { user: senderId, kind: 'consumer' }, tenths: -totalTenths },
          { account: { system: 'system_escrow' }, tenths: totalTenths },
        ],
      });
      const row = await trx
        .insertInto('red_envelopes')
        .values({
          sender_id: senderId,
          receiver_id: conversation.kind === 'c2c' ? Number(conversation.peerID) : null,
          group_id: conversation.kind === 'group' ? conversation.groupId : null,
          kind,
          greeting,
          total_amount: tenthsText(totalTenths),
          count: input.count,
          remaining_amount: tenthsText(totalTenths),
          remaining_count: input.count,
          transaction_id: booked.transactionId,
          created_at: now,
          expires_at: new Date(now.getTime() + redEnvelopeLifetimeMs),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        red_envelope: await toEnvelope(trx, row, now),
        balance: amountOf(balanceAfter(booked, { user: senderId, kind: 'consumer' })),
      };
    },
  );
  // The card goes out once per envelope: its client id is the envelope's.
  const message = await storeMessage(server, {
    senderId,
    conversation,
    clientMsgID: `red${String(sent.red_envelope.id)}`,
    messageType: 'TIMCustomElem',
    payload: {
      data: JSON.stringify({ title: greeting, imageUrl: '/emoji/red-envelope.svg', id: sent.red_envelope.id, type: redEnvelopeCardType, price: sent.red_envelope.total_amount }),
      description: greeting,
      extension: redEnvelopeCardType,
    },
  });
  await deliverMessage(server, message, conversation, senderId);
  return sent;
}

/** Whether the user may see and open the envelope: its receiver, its sender, or a member of its group. */
async function mayOpen(server: ServerContext, row: NonNullable<EnvelopeRow>, userId: number): Promise<boolean> {
  if (row.receiver_id !== null) return Number(row.receiver_id) === userId || Number(row.sender_id) === userId;
  return row.group_id !== null && (await groupRole(server, Number(row.group_id), userId)) !== null;
}

/** Gives the unopened rest of an expired envelope back to its sender, once. */
async function refundIfExpired(server: ServerContext, trx: Trx, row: NonNullable<EnvelopeRow>): Promise<NonNullable<EnvelopeRow>> {
  if (row.refund_transaction_id !== null || row.remaining_count === 0 || row.expires_at > server.clock.now()) return row;
  const rest = tenthsOf(row.remaining_amount);
  const booked = await book(trx, server, {
    key: `red_envelope_refund:${String(row.id)}`,
    kind: 'red_envelope_refund',
    userId: Number(row.sender_id),
    postings: [
      { account: { system: 'system_escrow' }, tenths: -rest },
      { account: { user: Number(row.sender_id), kind: 'consumer' }, tenths: rest },
    ],
  });
  return trx
    .updateTable('red_envelopes')
    .set({ refund_transaction_id: booked.transactionId, remaining_amount: '0.0', remaining_count: 0 })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Refunds every envelope past its time (run now and then by the server, and on any look at one). */
export async function refundExpiredEnvelopes(server: ServerContext): Promise<number> {
  const due = await server.database.db
    .selectFrom('red_envelopes')
    .select('id')
    .where('refund_transaction_id', 'is', null)
    .where('remaining_count', '>', 0)
    .where('expires_at', '<=', server.clock.now())
    .execute();
  for (const { id } of due) {
    await moneyTransaction(server, async (trx) => {
      const row = await trx.selectFrom('red_envelopes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (row) await refundIfExpired(server, trx, row);
    });
  }
  return due.length;
}

/** Redenvelope/receiveRed: one share to the caller, once; the envelope row is locked so shares never overrun. */
export async function openRedEnvelope(server: ServerContext, userId: number, redId: number, idempotencyKey: string | undefined): Promise<RedEnvelopeReceipt> {
  const first = await envelopeRow(server.database.db, redId);
  if (!first || !(await mayOpen(server, first, userId))) throw new DomainError(redEnvelopeMessages.notFound);
  // The sender of a one-to-one envelope may look at it (getRedInfo) but not take it back: it is the recipient's.
  if (first.receiver_id !== null && Number(first.receiver_id) !== userId) throw new DomainError(redEnvelopeMessages.recipientOnly);
  const outcome = await idempotent(server, { userId, operation: 'redenvelopeReceiveRed', key: idempotencyKey, params: { red_id: redId } }, async (trx) => {
    const locked = await trx.selectFrom('red_envelopes').selectAll().where('id', '=', redId).forUpdate().executeTakeFirstOrThrow();
    const row = await refundIfExpired(server, trx, locked);
    if (row.refund_transaction_id !== null) return { refused: redEnvelopeMessages.expired } as const;
    const claimed = await trx.selectFrom('red_envelope_claims').select('user_id').where('envelope_id', '=', redId).where('user_id', '=', userId).executeTakeFirst();
    if (claimed) return { refused: redEnvelopeMessages.already } as const;
    if (row.remaining_count === 0) return { refused: redEnvelopeMessages.empty } as const;
    const remaining = tenthsOf(row.remaining_amount);
    const share = shareTenths(row.kind, remaining, row.remaining_count);
    const booked = await book(trx, server, {
      key: `red_envelope_claim:${String(redId)}:${String(userId)}`,
      kind: 'red_envelope_claim',
      userId,
      postings: [
        { account: { system: 'system_escrow' }, tenths: -share },
        { account: { user: userId, kind: 'consumer' }, tenths: share },
      ],
    });
    await trx
      .insertInto('red_envelope_claims')
      .values({ envelope_id: redId, user_id: userId, amount: tenthsText(share), transaction_id: booked.transactionId, created_at: server.clock.now() })
      .execute();
    await trx
      .updateTable('red_envelopes')
      .set({ remaining_amount: tenthsText(remaining - share), remaining_count: row.remaining_count - 1 })
      .where('id', '=', redId)
      .execute();
    return { red_id: redId, amount: amountOf(share), balance: amountOf(balanceAfter(booked, { user: userId, kind: 'consumer' })) };
  });
  if ('refused' in outcome) throw new DomainError(String(outcome.refused));
  return outcome;
}

/** Redenvelope/getRedInfo: the envelope, who opened it for how much, and the caller's own share. */
export async function redEnvelopeDetail(server: ServerContext, userId: number, redId: number): Promise<RedEnvelopeDetail> {
  let row = await envelopeRow(server.database.db, redId);
  if (!row || !(await mayOpen(server, row, userId))) throw new DomainError(redEnvelopeMessages.notFound);
  if (row.refund_transaction_id === null && row.remaining_count > 0 && row.expires_at <= server.clock.now()) {
    row = await moneyTransaction(server, async (trx) =>
      refundIfExpired(server, trx, await trx.selectFrom('red_envelopes').selectAll().where('id', '=', redId).forUpdate().executeTakeFirstOrThrow()),
    );
  }
  const claims = await server.database.db
    .selectFrom('red_envelope_claims')
    .innerJoin('users', 'users.id', 'red_envelope_claims.user_id')
    .select(['users.id', 'users.user_nickname', 'users.avatar', 'users.exp_icon', 'users.is_anchor', 'red_envelope_claims.amount', 'red_envelope_claims.created_at'])
    .where('red_envelope_claims.envelope_id', '=', redId)
    .orderBy('red_envelope_claims.created_at')
    .orderBy('users.id')
    .execute();
  const mine = claims.find((claim) => Number(claim.id) === userId);
  return {
    ...(await toEnvelope(server.database.db, row, server.clock.now())),
    shares: claims.map((claim) => ({
      user: { id: Number(claim.id), user_nickname: claim.user_nickname, avatar: claim.avatar, exp_icon: claim.exp_icon, is_anchor: claim.is_anchor === 1 ? 1 : 0 },
      amount: amountOf(tenthsOf(claim.amount)),
      received_at: Math.floor(claim.created_at.getTime() / 1000),
    })),
    my_amount: mine ? amountOf(tenthsOf(mine.amount)) : null,
  };
}
