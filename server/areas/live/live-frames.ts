import { defineAreaFrames } from '../../ports/socket-frames.ts';
import { conversationKey, imMessages, lastSequence, parseConversationID } from '../chat/chat-public.ts';
import { isRefusal, revokedRoomLines, revokeRoomMessage, roomChatJoinRefusal, roomChatMessages, roomOfGroup } from './room-chat-service.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { ImSession } from '../../ports/socket-frames.ts';
import { countTaskProgress } from '../tasks/tasks-public.ts';
import { EntryThrottle, roomEntryOf } from './room-entry.ts';
import { recordRoomPresence } from './broadcast-service.ts';
import { cachedRoom } from './room-list-service.ts';

/** How often a member in a room on air counts one more minute of the watch task; tests shorten it. */
export const watchPace = { minuteMs: 60_000 };

/**
 * Counts the watch task's minutes of a connection that joined a room: each minute it is in a room on air, one; the
 * pace keeps two tabs (on two processes) from counting a minute twice. Stops once the connection is in no room.
 */
function watchMinutes(server: ServerContext, session: ImSession, watching: Set<ImSession>): void {
  if (watching.has(session)) return;
  watching.add(session);
  const minuteMs = watchPace.minuteMs;
  const timer = setInterval(() => {
    const rooms = [...session.joined].map((groupID) => parseConversationID(`GROUP${groupID}`)).filter((conversation) => conversation?.kind === 'room');
    if (rooms.length === 0) {
      clearInterval(timer);
      watching.delete(session);
      return;
    }
    const member = session.memberId();
    if (member === null) return;
    void (async () => {
      for (const conversation of rooms) {
        if (conversation?.kind !== 'room') continue;
        if ((await cachedRoom(server, conversation.roomId))?.status !== 'in_progress') continue;
        await countTaskProgress(server, member, 'watch_room', 1, minuteMs * 0.9);
        return;
      }
    })().catch((error: unknown) => server.log.error(error));
  }, minuteMs);
  timer.unref();
}

type RoomLine = Awaited<ReturnType<ImSession['channels']['missedInRoom']>>;

/**
 * What a resuming tab missed in a room's chat since `afterSequence`, from the history every process shares (the
 * lines revoked since left out); null when it is not all there. Nothing newer than `last` stored: nothing missed.
 */
async function missedLines(
  server: ServerContext,
  session: ImSession,
  roomId: number,
  groupID: string,
  afterSequence: number,
  last: number,
): Promise<{ lines: NonNullable<RoomLine>; seenTo: number } | null> {
  if (afterSequence >= last) return { lines: [], seenTo: afterSequence };
  const held = await session.channels.missedInRoom(groupID, afterSequence);
  if (!held) return null;
  const seenTo = held.at(-1)?.sequence ?? afterSequence;
  const revoked = held.length > 0 ? await revokedRoomLines(server, roomId, afterSequence, seenTo) : new Set<number>();
  return { lines: held.filter((line) => !revoked.has(line.sequence)), seenTo };
}

// The /im frames of a live room's chat: joining it (every viewer, guests included, read only), leaving it, and a
// moderator's revocation of a line. What is said in a room is sent with the chat area's `send`.

export const liveFrames = defineAreaFrames('live', { im: ['join_group', 'leave_group', 'revoke'] }, (server) => {
  const entries = new EntryThrottle();
  const watching = new Set<ImSession>();
  const pruneEntries = setInterval(() => entries.prune(server.clock.now().getTime()), 60_000);
  pruneEntries.unref();
  // A room's audience is written once a second at most, after the joins and leaves (closed tabs too) of that second:
  // each room this process has seen joined is counted until nobody is left in it.
  const audiences = new Map<string, { channels: ImSession['channels']; written: number | null }>();
  const countAudiences = setInterval(() => {
    for (const [groupID, audience] of audiences) {
      const present = audience.channels.onlineCount(groupID);
      if (present === audience.written) {
        if (present === 0) audiences.delete(groupID);
        continue;
      }
      audience.written = present;
      const room = parseConversationID(`GROUP${groupID}`);
      if (room?.kind === 'room') recordRoomPresence(server, room.roomId, present).catch((error: unknown) => server.log.error(error));
    }
  }, 1000);
  countAudiences.unref();
  return {
    stop: () => {
      clearInterval(pruneEntries);
      clearInterval(countAudiences);
    },
    site: {},
    im: {
      async join_group(session, frame) {
        if (!session.userID) return session.reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
        const conversation = parseConversationID(`GROUP${frame.groupID}`);
        // Live rooms' chats take every viewer, guests included (read only); chat groups come with private chat.
        const room = conversation?.kind === 'room' ? await roomOfGroup(server, conversation.roomId) : null;
        if (conversation?.kind !== 'room' || !room) return session.reply(frame.id, imMessages.noGroup);
        const memberId = session.memberId();
        const kicked = memberId === null ? null : await roomChatJoinRefusal(server, room, memberId);
        if (kicked) return session.reply(frame.id, kicked.msg, kicked.reason);
        const resuming = frame.afterSequence !== undefined;
        // Joined before anything is read: a line pushed from now on is held, one stored before is read below.
        await session.joinGroup(frame.groupID, { holdPushes: resuming });
        watchMinutes(server, session, watching);
        if (!audiences.has(frame.groupID)) audiences.set(frame.groupID, { channels: session.channels, written: null });
        const last = await lastSequence(server, conversationKey(conversation, 0));
        const missed = frame.afterSequence === undefined ? null : await missedLines(server, session, room.id, frame.groupID, frame.afterSequence, last);
        session.send({
          type: 'group_joined',
          id: frame.id,
          conversationID: `GROUP${frame.groupID}`,
          onlineCount: session.channels.onlineCount(frame.groupID),
          lastSequence: last,
          ...(resuming && !missed ? { resync: true } : {}),
        });
        if (resuming) session.releaseGroup(frame.groupID, missed?.lines ?? [], missed?.seenTo ?? null);
        const member = session.memberId();
        if (member !== null && entries.take(room.id, member, server.clock.now().getTime())) {
          const entry = await roomEntryOf(server, room, member);
          if (entry) await session.channels.publishFrame(frame.groupID, entry);
        }
      },
      async leave_group(session, frame) {
        session.leaveGroup(frame.groupID);
        return session.reply(frame.id);
      },
      async revoke(session, frame) {
        const moderatorId = session.memberId();
        if (moderatorId === null) return session.reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
        const conversation = parseConversationID(frame.conversationID);
        const room = conversation?.kind === 'room' ? await roomOfGroup(server, conversation.roomId) : null;
        if (conversation?.kind !== 'room' || !room) return session.reply(frame.id, roomChatMessages.noRoom, 'unavailable');
        const revocation = await revokeRoomMessage(server, room, moderatorId, frame.messageID);
        if (isRefusal(revocation)) return session.reply(frame.id, revocation.msg, revocation.reason);
        session.reply(frame.id);
        if (revocation.fresh) {
          await session.channels.publishFrame(conversation.groupID, {
            type: 'message_revoked',
            conversationID: frame.conversationID,
            messageID: frame.messageID,
            sequence: revocation.sequence,
          });
        }
      },
    },
  };
});
