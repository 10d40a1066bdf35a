import type { Selectable } from 'kysely';
import type { components } from '../../../src/api/schema.d.ts';
import type { ChatMessagesTable, ChatPayload } from '../../db/tables/chat-tables.ts';
import { roomOfGroupID } from '../../contract/socket-contract.ts';
import type { ServerContext } from '../../ports/server-context.ts';

// The messaging core (DESIGN.md, Realtime): messages stored before they are acknowledged, numbered per
// conversation by the database (migration 016), read back as tim-js-sdk shapes them (ImMessage).
// Room chat (GROUPlive<room>), one-to-one talk and chat groups (conversation-service.ts) share the rows.

type Schemas = components['schemas'];
export type ImMessage = Schemas['ImMessage'];
export type ImElemType = Schemas['ImElemType'];
export type ImPayload = Schemas['ImPayload'];

/** SPEC §9: history comes 15 at a time. */
export const historyPageSize = 15;
/** The most messages one ImSync answer carries. */
export const syncPageSize = 100;

/** A conversation as the server keys it: one key for both sides of a C2C talk. */
export type Conversation =
  | { kind: 'room'; roomId: number; groupID: string }
  | { kind: 'group'; groupId: number; groupID: string }
  | { kind: 'c2c'; peerID: string };

const elemTypes: Readonly<Record<ChatMessagesTable['type'], ImElemType>> = {
  text: 'TIMTextElem',
  image: 'TIMImageElem',
  file: 'TIMFileElem',
  custom: 'TIMCustomElem',
};
const storedTypes = Object.fromEntries(Object.entries(elemTypes).map(([stored, elem]) => [elem, stored])) as Record<
  ImElemType,
  ChatMessagesTable['type']
>;

/** The conversation an ImConversationID names, or null for an id no conversation has. */
export function parseConversationID(conversationID: string): Conversation | null {
  if (conversationID.startsWith('C2C')) {
    const peerID = conversationID.slice(3);
    return /^\d{1,10}$/.test(peerID) ? { kind: 'c2c', peerID } : null;
  }
  const groupID = conversationID.slice('GROUP'.length);
  const roomId = roomOfGroupID(groupID);
  if (roomId !== null) return { kind: 'room', roomId, groupID };
  if (/^\d{1,10}$/.test(groupID)) return { kind: 'group', groupId: Number(groupID), groupID };
  return null;
}

/** The stored key of a conversation (chat_messages.conversation_key), as seen by `userId` for C2C. */
export function conversationKey(conversation: Conversation, userId: number): string {
  switch (conversation.kind) {
    case 'room':
      return `GROUPlive${String(conversation.roomId)}`;
    case 'group':
      return `GROUP${String(conversation.groupId)}`;
    case 'c2c': {
      const [low, high] = [userId, Number(conversation.peerID)].sort((a, b) => a - b);
      return `C2C${String(low)}_${String(high)}`;
    }
  }
}

type MessageRow = Selectable<ChatMessagesTable> & { nick: string; avatar: string };

/** The message as `viewerID` sees it: a C2C conversation is named by the other side. */
export function toImMessage(row: MessageRow, viewerID: string): ImMessage {
  const from = String(row.sender_id);
  let conversationID: string;
  let to: string;
  if (row.receiver_id !== null) {
    to = String(row.receiver_id);
    conversationID = `C2C${viewerID === from ? to : from}`;
  } else {
    to = row.room_id !== null ? `live${String(row.room_id)}` : String(row.group_id);
    conversationID = `GROUP${to}`;
  }
  return {
    ID: String(row.id),
    clientMsgID: row.client_msg_id ?? `s${String(row.id)}`,
    conversationID,
    conversationType: row.receiver_id !== null ? 'C2C' : 'GROUP',
    from,
    to,
    nick: row.nick,
    avatar: row.avatar,
    time: Math.floor(row.created_at.getTime() / 1000),
    sequence: row.seq,
    type: elemTypes[row.type],
    payload: row.payload,
    ...(row.receiver_id !== null ? { isPeerRead: row.read_at !== null } : {}),
    ...(row.badge ? { badge: row.badge } : {}),
  };
}

export function selectMessages(server: ServerContext) {
  return server.database.db
    .selectFrom('chat_messages')
    .innerJoin('users', 'users.id', 'chat_messages.sender_id')
    .selectAll('chat_messages')
    .select(['users.user_nickname as nick', 'users.avatar as avatar'])
    .where('chat_messages.revoked_at', 'is', null);
}

export interface NewMessage {
  senderId: number;
  conversation: Conversation;
  clientMsgID: string;
  messageType: ImElemType;
  payload: ImPayload;
  badge?: 'anchor' | 'manager' | 'guard' | 'noble';
}

/**
 * Stores a message and answers it as stored; the database gives it the conversation's next sequence. The same
 * clientMsgID from the same sender answers the message stored the first time (a retry after a lost answer).
 */
export async function storeMessage(server: ServerContext, message: NewMessage): Promise<ImMessage> {
  const { db } = server.database;
  const { conversation } = message;
  const target =
    conversation.kind === 'room'
      ? { room_id: conversation.roomId }
      : conversation.kind === 'group'
        ? { group_id: conversation.groupId }
        : { receiver_id: Number(conversation.peerID) };
  const inserted = await db
    .insertInto('chat_messages')
    .values({
      sender_id: message.senderId,
      ...target,
      type: storedTypes[message.messageType],
      payload: JSON.stringify(message.payload satisfies ChatPayload),
      client_msg_id: message.clientMsgID,
      badge: message.badge ?? null,
      created_at: server.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['sender_id', 'client_msg_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await selectMessages(server)
    .where(
      'chat_messages.id',
      '=',
      inserted?.id ??
        (
          await db
            .selectFrom('chat_messages')
            .select('id')
            .where('sender_id', '=', message.senderId)
            .where('client_msg_id', '=', message.clientMsgID)
            .executeTakeFirstOrThrow()
        ).id,
    )
    .executeTakeFirstOrThrow();
  return toImMessage(row, String(message.senderId));
}

/** A page of history, newest last: the `count` messages before `beforeSeq` (or the latest). */
export async function historyPage(
  server: ServerContext,
  key: string,
  viewerID: string,
  beforeSeq: number | undefined,
  count = historyPageSize,
): Promise<{ messages: ImMessage[]; isCompleted: boolean }> {
  let query = selectMessages(server).where('chat_messages.conversation_key', '=', key);
  if (beforeSeq !== undefined) query = query.where('chat_messages.seq', '<', beforeSeq);
  const rows = await query.orderBy('chat_messages.seq', 'desc').limit(count + 1).execute();
  const page = rows.slice(0, count).reverse();
  return { messages: page.map((row) => toImMessage(row, viewerID)), isCompleted: rows.length <= count };
}

/** What follows `afterSeq`, oldest first, at most syncPageSize. */
export async function messagesAfter(
  server: ServerContext,
  key: string,
  viewerID: string,
  afterSeq: number,
): Promise<{ messages: ImMessage[]; isCompleted: boolean }> {
  const rows = await selectMessages(server)
    .where('chat_messages.conversation_key', '=', key)
    .where('chat_messages.seq', '>', afterSeq)
    .orderBy('chat_messages.seq', 'asc')
    .limit(syncPageSize + 1)
    .execute();
  return { messages: rows.slice(0, syncPageSize).map((row) => toImMessage(row, viewerID)), isCompleted: rows.length <= syncPageSize };
}

/** The sequence of a conversation's newest message, 0 when it has none. */
export async function lastSequence(server: ServerContext, key: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('chat_conversation_seqs')
    .select('last_seq')
    .where('conversation_key', '=', key)
    .executeTakeFirst();
  return row?.last_seq ?? 0;
}
