import type { components } from '../../../src/api/schema.d.ts';
import { publishGroupMessage } from '../../realtime/messaging-hub.ts';
import type { ServerContext } from '../../server-context.ts';
import { storeMessage } from '../chat/message-service.ts';

export type RoomGiftNotice = components['schemas']['RoomGiftNotice'];

/** The custom message's extension that marks a gift notice (RoomGiftNotice). */
export const giftNoticeExtension = 'gift';

/**
 * Tells everyone in the room of a gift: a custom message from the sender in the room's group, stored
 * like any chat line (late joiners read it in the history) and pushed to every member on every
 * process. Stored under the gift record's id, so telling twice stores it once.
 */
export async function announceGift(server: ServerContext, senderId: number, groupID: string, notice: RoomGiftNotice): Promise<void> {
  try {
    const message = await storeMessage(server, {
      senderId,
      conversation: { kind: 'room', roomId: notice.room_id, groupID },
      clientMsgID: `gift-${String(notice.record_id)}`,
      messageType: 'TIMCustomElem',
      payload: { data: JSON.stringify(notice), description: notice.gift_name_en, extension: giftNoticeExtension },
    });
    await publishGroupMessage(server.bus, groupID, message);
  } catch (error) {
    // The gift is paid and recorded; a notice that could not go out is logged, not refused to the sender.
    server.log.warn({ err: error, record: notice.record_id }, 'a gift notice could not be sent to its room');
  }
}
