import type { components } from '../../../src/api/schema.d.ts';
import { publishGroupMessage } from '../../realtime/messaging-hub.ts';
import type { ServerContext } from '../../server-context.ts';
import { toImMessage, type MessageRow } from '../chat/message-service.ts';

export type RoomGiftNotice = components['schemas']['RoomGiftNotice'];

/** The custom message's extension that marks a gift notice (RoomGiftNotice). */
export const giftNoticeExtension = 'gift';

/** A gift notice as the database stored it in the room's chat with the gift (gift_send, migration 100). */
export interface StoredGiftNotice {
  senderId: number;
  roomId: number;
  groupID: string;
  notice: RoomGiftNotice;
  /** The payload's data: the notice as stored, the text late joiners read in the history. */
  data: string;
  messageId: number;
  seq: number;
  nick: string;
  avatar: string;
  createdAt: Date;
}

/**
 * Tells everyone in the room of a gift: the custom message from the sender in the room's group, stored with
 * the gift under the gift record's id (clientMsgID gift-<record>), pushed to every member on every process.
 */
export async function announceGift(server: ServerContext, stored: StoredGiftNotice): Promise<void> {
  const row: MessageRow = {
    id: stored.messageId,
    sender_id: stored.senderId,
    receiver_id: null,
    group_id: null,
    room_id: stored.roomId,
    type: 'custom',
    payload: { data: stored.data, description: stored.notice.gift_name_en, extension: giftNoticeExtension },
    created_at: stored.createdAt,
    read_at: null,
    revoked_at: null,
    conversation_key: `GROUP${stored.groupID}`,
    seq: stored.seq,
    client_msg_id: `gift-${String(stored.notice.record_id)}`,
    badge: null,
    nick: stored.nick,
    avatar: stored.avatar,
  };
  try {
    await publishGroupMessage(server.bus, stored.groupID, toImMessage(row, String(stored.senderId)));
  } catch (error) {
    // The gift is paid and recorded with its notice (late joiners read it); a push that failed is logged, not refused to the sender.
    server.log.warn({ err: error, record: stored.notice.record_id }, 'a gift notice could not be pushed to its room');
  }
}
