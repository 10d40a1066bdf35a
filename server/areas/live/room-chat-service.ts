import type { components } from '../../../src/api/schema.d.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { cachedRoom } from './room-list-service.ts';
import { standingIn } from './room-info-service.ts';
import { roomChatMaxLength } from '../../../src/rules/chat-lengths.ts';
import type { SendCounter, SendLimit } from '../../ports/send-counter.ts';
import { MemorySendCounter } from '../../adapters/limits/memory-send-counter.ts';

// The rules of a live room's chat (SPEC §6 room managers): who may speak, with which badge, how
// much and how often. The messaging socket asks these before it stores a message.

type RefusalReason = NonNullable<components['schemas']['ImError']['reason']>;

export const roomChatMessages = {
  loginToChat: 'Log in to chat',
  muted: 'You are muted in this room',
  kicked: 'You were kicked out of this room',
  tooLong: 'A message may have at most {max} characters',
  tooFast: 'You are sending too fast; wait a moment',
  textOnly: 'Room chat takes text only',
  noRoom: 'Live room not found',
  slowMode: 'Slow mode is on: wait {seconds} s before your next message',
  followersOnly: 'Only followers of the anchor may chat in this room',
  linkBlocked: "Links are not allowed in this room's chat",
  deleteNotManager: "Only the room's anchor and managers may delete messages",
  deleteStaff: "Only the anchor may delete the messages of the room's managers",
  messageNotFound: 'This message is not in this room',
} as const;

/** Flooding: at most this many messages per user in the window, over all rooms and every process. */
export const roomChatRate = { messages: 5, windowMs: 10_000 } as const;

export interface RoomChatRefusal {
  reason: RefusalReason;
  msg: string;
  params?: Readonly<Record<string, number>>;
}

export interface RoomChatSpeech {
  badge?: 'anchor' | 'manager' | 'guard' | 'noble';
}

/** The room of a room chat group (live<room id>) when it exists. */
export async function roomOfGroup(server: ServerContext, roomId: number): Promise<ChatRoom | null> {
  const room = await cachedRoom(server, roomId);
  return room
    ? {
        id: room.id,
        anchor_id: room.anchor_id,
        slowSeconds: room.chat_slow_seconds,
        followersOnly: room.chat_followers_only,
        blockLinks: room.chat_block_links,
      }
    : null;
}

/** Whether a member may join a room's chat: not while kicked out of the room (a kick shuts the room for its time). */
export async function roomChatJoinRefusal(server: ServerContext, room: ChatRoom, userId: number): Promise<RoomChatRefusal | null> {
  return (await standingIn(server, room, userId)).is_kicked === 1 ? { reason: 'kicked', msg: roomChatMessages.kicked } : null;
}

/** A room as its chat's rules need it (live/setChatRules). */
export interface ChatRoom {
  id: number;
  anchor_id: number;
  slowSeconds: number;
  followersOnly: boolean;
  blockLinks: boolean;
}

/** A web address: a scheme, www., or a name under a common top-level domain (link blocking). */
const linkPattern = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|cn|me|tv|cc|co|info|xyz|top|vip|app|link|ly|gg)\b)/i;

export function hasLink(text: string): boolean {
  return linkPattern.test(text.normalize('NFKC'));
}

/**
 * Per room and user, one line in each `slowSeconds` (slow mode), counted by the server's send counter: in Redis
 * when several processes serve the site, so a viewer whose tabs sit on two processes waits as with one.
 */
export class SlowMode {
  constructor(private readonly counter: SendCounter = new MemorySendCounter()) {}

  /** Seconds left to wait in a room with `slowSeconds`, or 0 after counting this message. */
  async take(roomId: number, userId: number, slowSeconds: number, now: number): Promise<number> {
    const waitMs = await this.counter.wait(`slow:${String(roomId)}:${String(userId)}`, { messages: 1, windowMs: slowSeconds * 1000 }, now);
    return Math.ceil(waitMs / 1000);
  }
}

/**
 * A user's sends of one kind against a limit, counted by the server's send counter: in Redis when several processes
 * serve the site, so a user's sockets on different processes share one count.
 */
export class SendRate {
  constructor(
    private readonly limit: SendLimit = roomChatRate,
    private readonly counter: SendCounter = new MemorySendCounter(),
    private readonly kind = 'room',
  ) {}

  /** Counts a send at `now` unless the user is over the limit; true when allowed. */
  take(userId: number, now: number): Promise<boolean> {
    return this.counter.take(`${this.kind}:${String(userId)}`, this.limit, now);
  }
}

/**
 * Whether `userId` may say `text` in the room now: refused when muted or kicked out (live/liveKickout), when too
 * long or too fast; allowed with the anchor's, a manager's, a guard's or a noble's badge. The text itself is stored as it is and shown
 * as text (never markup) by every screen.
 */
export async function roomChatSpeech(
  server: ServerContext,
  room: ChatRoom,
  userId: number,
  text: string,
  limits: { rate: SendRate; slowMode: SlowMode },
): Promise<RoomChatSpeech | RoomChatRefusal> {
  if ([...text].length > roomChatMaxLength) {
    return { reason: 'too_long', msg: roomChatMessages.tooLong, params: { max: roomChatMaxLength } };
  }
  const standing = await standingIn(server, room, userId);
  if (standing.is_kicked === 1) return { reason: 'kicked', msg: roomChatMessages.kicked };
  if (standing.is_taboo === 1) return { reason: 'muted', msg: roomChatMessages.muted };
  const now = server.clock.now().getTime();
  if (!(await limits.rate.take(userId, now))) return { reason: 'too_fast', msg: roomChatMessages.tooFast };
  // The room's rules bind viewers; its anchor and managers are exempt.
  if (standing.is_manager === 1) return { badge: room.anchor_id === userId ? 'anchor' : 'manager' };
  if (room.blockLinks && hasLink(text)) return { reason: 'link_blocked', msg: roomChatMessages.linkBlocked };
  if (room.followersOnly && !(await follows(server, userId, room.anchor_id))) {
    return { reason: 'followers_only', msg: roomChatMessages.followersOnly };
  }
  const wait = room.slowSeconds > 0 ? await limits.slowMode.take(room.id, userId, room.slowSeconds, now) : 0;
  if (wait > 0) return { reason: 'slow_mode', msg: roomChatMessages.slowMode, params: { seconds: wait } };
  // Who guards the room's anchor, else who holds a nobility, wears its badge.
  if (standing.is_guard === 1) return { badge: 'guard' };
  const noble = await server.database.db
    .selectFrom('guard_memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('anchor_id', 'is', null)
    .where('expires_at', '>', server.clock.now())
    .executeTakeFirst();
  return noble ? { badge: 'noble' } : {};
}

async function follows(server: ServerContext, userId: number, anchorId: number): Promise<boolean> {
  const row = await server.database.db.selectFrom('follows').select('user_id').where('user_id', '=', userId).where('target_id', '=', anchorId).executeTakeFirst();
  return row !== undefined;
}

export function isRefusal<T extends object>(answer: T | RoomChatRefusal): answer is RoomChatRefusal {
  return 'reason' in answer;
}

/** The sequences of a room's lines in (after, to] that were deleted: a resume's replay leaves them out. */
export async function revokedRoomLines(server: ServerContext, roomId: number, after: number, to: number): Promise<Set<number>> {
  const rows = await server.database.db
    .selectFrom('chat_messages')
    .select('seq')
    .where('conversation_key', '=', `GROUPlive${String(roomId)}`)
    .where('seq', '>', after)
    .where('seq', '<=', to)
    .where('revoked_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.seq));
}

/** A deleted message: its sequence, and whether this call deleted it (false: it was deleted already). */
export interface RoomChatRevocation {
  sequence: number;
  fresh: boolean;
}

/**
 * Deletes a message of the room's chat for the room's anchor or a manager: the anchor any, a manager
 * a viewer's or their own, as nobody moderates the anchor or a manager. The row stays, marked revoked, so history and
 * sync leave it out; deleting it again changes nothing.
 */
export async function revokeRoomMessage(
  server: ServerContext,
  room: ChatRoom,
  moderatorId: number,
  messageID: string,
): Promise<RoomChatRevocation | RoomChatRefusal> {
  if ((await standingIn(server, room, moderatorId)).is_manager !== 1) return { reason: 'not_manager', msg: roomChatMessages.deleteNotManager };
  const { db } = server.database;
  const message = await db
    .selectFrom('chat_messages')
    .select(['id', 'sender_id', 'seq', 'revoked_at'])
    .where('id', '=', Number(messageID))
    .where('room_id', '=', room.id)
    .executeTakeFirst();
  if (!message) return { reason: 'unavailable', msg: roomChatMessages.messageNotFound };
  if (moderatorId !== room.anchor_id && message.sender_id !== moderatorId && (await standingIn(server, room, message.sender_id)).is_manager === 1) {
    return { reason: 'not_manager', msg: roomChatMessages.deleteStaff };
  }
  if (message.revoked_at !== null) return { sequence: message.seq, fresh: false };
  const revoked = await db
    .updateTable('chat_messages')
    .set({ revoked_at: server.clock.now() })
    .where('id', '=', message.id)
    .where('revoked_at', 'is', null)
    .returning('seq')
    .executeTakeFirst();
  return { sequence: message.seq, fresh: revoked !== undefined };
}
