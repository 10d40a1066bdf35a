import { type Expression, type RawBuilder, sql } from 'kysely';

/** A room notice stored in the room's chat (a row of chat_store_room_notices, migration 130). */
export interface RoomNoticeStored {
  /** The notice's place among those given. */
  ord: number;
  message_id: number | string;
  message_seq: number | string;
  payload: { data: string; description: string; extension: string };
}

/** The notices to store, each at one place of every array. */
export interface RoomNoticeArrays {
  ord: Expression<unknown>;
  sender: Expression<unknown>;
  room: Expression<unknown>;
  /** The chat message's custom payload, jsonb. */
  payload: Expression<unknown>;
  clientMsgId: Expression<unknown>;
  createdAt: Expression<unknown>;
}

/**
 * Notices stored in their rooms' chats, numbered in each room's conversation as any message is, to select from in the
 * statement that makes what they tell of. Each room's chat counter stays locked from this write to the commit, so it
 * goes last.
 */
export function roomNoticesStored(notices: RoomNoticeArrays): RawBuilder<RoomNoticeStored> {
  const { ord, sender, room, payload, clientMsgId, createdAt } = notices;
  return sql<RoomNoticeStored>`chat_store_room_notices(${ord}, ${sender}, ${room}, ${payload}, ${clientMsgId}, ${createdAt})`;
}
