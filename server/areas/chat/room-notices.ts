import { type Expression, type RawBuilder, sql } from 'kysely';

/** A room notice stored in the room's chat (a row of chat_store_room_notices, migration 130). */
export interface RoomNoticeStored {
  /** The notice's place among those given. */
  ord: number;
  message_id: number | string;
  message_seq: number | string;
  payload: { data: string; description: string; extension: string };
}

/**
 * Notices stored in their rooms' chats, numbered in each room's conversation as any message is, to select from in the
 * statement that makes what they tell of: `notices` is a json array of {ord, sender, room, payload, client_msg_id,
 * created_at}. Each room's chat counter stays locked from this write to the commit, so it goes last.
 */
export function roomNoticesStored(notices: Expression<unknown>): RawBuilder<RoomNoticeStored> {
  return sql<RoomNoticeStored>`chat_store_room_notices(${notices})`;
}
