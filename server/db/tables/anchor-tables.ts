import type { Default, Id, Nullable, NullableTimestamp, ReviewStatus, TimestampDefault } from './column-types.ts';

export interface AnchorVerificationsTable {
  id: Id;
  user_id: number;
  real_name: string;
  id_number: string;
  contact_type: 'qq' | 'wechat' | 'phone';
  contact: string;
  inviter: Default<string>;
  experience: string;
  agreed_protocol: boolean;
  status: Default<ReviewStatus>;
  reviewer_id: Nullable<number>;
  review_note: Default<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** null exactly while under review. */
  reviewed_at: NullableTimestamp;
}

/** The anchor area's tables, by name: composed into Database (server/db/schema.ts). */
export interface AnchorTables {
  anchor_verifications: AnchorVerificationsTable;
}
