import type { Generated } from 'kysely';
import type { Default, Id, Json, Nullable, NullableTimestamp, Numeric, Timestamp, TimestampDefault } from './column-types.ts';

export interface ChatGroupsTable {
  id: Id;
  /** fan: an anchor's fan group, with room_id. */
  kind: Default<'group' | 'fan'>;
  owner_id: number;
  room_id: Nullable<number>;
  name: string;
  avatar: string;
  notice: Default<string>;
  max_members: Default<number>;
  is_shown: Default<boolean>;
  created_at: TimestampDefault;
  dissolved_at: NullableTimestamp;
}

export interface ChatGroupMembersTable {
  group_id: number;
  user_id: number;
  role: Default<'owner' | 'admin' | 'member'>;
  muted_until: NullableTimestamp;
  last_read_message_id: Default<number>;
  /** The sequence of the group conversation read up to (migration 050). */
  last_read_seq: Default<number>;
  joined_at: TimestampDefault;
}

export type ChatMessageType = 'text' | 'image' | 'file' | 'custom';

export type ChatPayload =
  | { text: string }
  | { url: string; width: number; height: number }
  | { name: string; url: string; size: number }
  | { data: string; description: string; extension: string };

export interface ChatMessagesTable {
  id: Id;
  sender_id: number;
  /** Exactly one of receiver_id (C2C) and group_id (GROUP). */
  receiver_id: Nullable<number>;
  group_id: Nullable<number>;
  type: ChatMessageType;
  payload: Json<ChatPayload>;
  created_at: TimestampDefault;
  read_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** A live room's chat (GROUPlive<room>); exactly one of receiver_id, group_id and room_id. */
  room_id: Nullable<number>;
  /** Set by the database on insert (migration 016): GROUP<group>, GROUPlive<room> or C2C<low>_<high>. */
  conversation_key: Generated<string>;
  /** The message's place in its conversation, from 1, set by the database on insert. */
  seq: Generated<number>;
  client_msg_id: Nullable<string>;
  badge: Nullable<'anchor' | 'manager' | 'guard' | 'noble'>;
}

export interface ChatConversationSeqsTable {
  conversation_key: string;
  last_seq: number;
}

export interface UserBlocksTable {
  user_id: number;
  target_id: number;
  created_at: TimestampDefault;
}

export interface RedEnvelopesTable {
  id: Id;
  sender_id: number;
  receiver_id: Nullable<number>;
  group_id: Nullable<number>;
  kind: Default<'lucky' | 'equal'>;
  greeting: Default<string>;
  total_amount: Numeric;
  count: number;
  remaining_amount: Numeric;
  remaining_count: number;
  transaction_id: number;
  refund_transaction_id: Nullable<number>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
}

export interface RedEnvelopeClaimsTable {
  envelope_id: number;
  user_id: number;
  amount: Numeric;
  transaction_id: number;
  created_at: TimestampDefault;
}

/** The chat area's tables, by name: composed into Database (server/db/schema.ts). */
export interface ChatTables {
  chat_groups: ChatGroupsTable;
  chat_group_members: ChatGroupMembersTable;
  chat_messages: ChatMessagesTable;
  chat_conversation_seqs: ChatConversationSeqsTable;
  user_blocks: UserBlocksTable;
  red_envelopes: RedEnvelopesTable;
  red_envelope_claims: RedEnvelopeClaimsTable;
}
