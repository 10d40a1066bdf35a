import type { components } from '../../../src/api/schema.d.ts';
import { publishGroupMessage } from '../../realtime/messaging-hub.ts';
import type { ServerContext } from '../../server-context.ts';
import { toImMessage } from '../chat/message-service.ts';

export type RoomGiftNotice = components['schemas']['RoomGiftNotice'];

/** The custom message's extension that marks a gift notice (RoomGiftNotice). */
export const giftNoticeExtension = 'gift';

/** A gift made, to be told in its room: the notice and what its chat message shows of the sender. */
export interface GiftToTell {
  senderId: number;
  roomId: number;
  groupID: string;
  notice: RoomGiftNotice;
  /** The payload's data: the notice's json text as the gift stored it under its key. */
  data: string;
  nick: string;
  avatar: string;
  createdAt: Date;
}

interface Waiting {
  gift: GiftToTell;
  done: () => void;
}

/** Per server and room: the notices waiting to be stored, and whether a batch is being stored. */
const rooms = new WeakMap<ServerContext, Map<string, { waiting: Waiting[]; storing: boolean }>>();

/**
 * Tells everyone in the room of a gift: a custom message from the sender in the room's group, stored like
 * any chat line (late joiners read it in the history) under the gift record's id (clientMsgID gift-<record>,
 * so telling twice stores it once), then pushed to every member on every process. A room's chat numbers its
 * messages on one row per room (migration 016), locked until the storing transaction commits: the notices of
 * gifts that arrive while a batch is being stored go together in the next one, one commit for all of them.
 */
export async function announceGift(server: ServerContext, gift: GiftToTell): Promise<void> {
  let byRoom = rooms.get(server);
  if (!byRoom) rooms.set(server, (byRoom = new Map()));
  let room = byRoom.get(gift.groupID);
  if (!room) byRoom.set(gift.groupID, (room = { waiting: [], storing: false }));
  const told = new Promise<void>((resolve) => room.waiting.push({ gift, done: resolve }));
  if (!room.storing) {
    room.storing = true;
    void storeBatches(server, room).finally(() => {
      room.storing = false;
      if (room.waiting.length === 0) byRoom.delete(gift.groupID);
    });
  }
  await told;
}

async function storeBatches(server: ServerContext, room: { waiting: Waiting[] }): Promise<void> {
  while (room.waiting.length > 0) {
    const batch = room.waiting.splice(0, room.waiting.length);
    try {
      const rows = await server.database.db
        .insertInto('chat_messages')
        .values(
          batch.map(({ gift }) => ({
            sender_id: gift.senderId,
            room_id: gift.roomId,
            type: 'custom' as const,
            payload: JSON.stringify({ data: gift.data, description: gift.notice.gift_name_en, extension: giftNoticeExtension }),
            client_msg_id: `gift-${String(gift.notice.record_id)}`,
            badge: null,
            created_at: gift.createdAt,
          })),
        )
        .onConflict((conflict) => conflict.columns(['sender_id', 'client_msg_id']).doNothing())
        .returningAll()
        .execute();
      const stored = new Map(rows.map((row) => [`${String(row.sender_id)}:${String(row.client_msg_id)}`, row]));
      await Promise.all(
        batch.map(async ({ gift }) => {
          const row = stored.get(`${String(gift.senderId)}:gift-${String(gift.notice.record_id)}`);
          if (!row) return;
          await publishGroupMessage(server.bus, gift.groupID, toImMessage({ ...row, nick: gift.nick, avatar: gift.avatar }, String(gift.senderId)));
        }),
      );
    } catch (error) {
      // The gifts are paid and recorded; notices that could not go out are logged, not refused to the senders.
      server.log.warn({ err: error, records: batch.map(({ gift }) => gift.notice.record_id) }, 'gift notices could not be sent to their room');
    } finally {
      for (const { done } of batch) done();
    }
  }
}
