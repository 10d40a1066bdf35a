import { defineAreaFrames } from '../../ports/socket-frames.ts';
import { conversationKey, imMessages, lastSequence, parseConversationID } from '../chat/chat-public.ts';
import { isRefusal, revokeRoomMessage, roomChatJoinRefusal, roomChatMessages, roomOfGroup } from './room-chat-service.ts';
import { EntryThrottle, roomEntryOf } from './room-entry.ts';

// The /im frames of a live room's chat: joining it (every viewer, guests included, read only), leaving it, and a
// moderator's revocation of a line. What is said in a room is sent with the chat area's `send`.

export const liveFrames = defineAreaFrames('live', { im: ['join_group', 'leave_group', 'revoke'] }, (server) => {
  const entries = new EntryThrottle();
  const pruneEntries = setInterval(() => entries.prune(server.clock.now().getTime()), 60_000);
  pruneEntries.unref();
  return {
    stop: () => clearInterval(pruneEntries),
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
        await session.joinGroup(frame.groupID);
        const last = await lastSequence(server, conversationKey(conversation, 0));
        session.send({
          type: 'group_joined',
          id: frame.id,
          conversationID: `GROUP${frame.groupID}`,
          onlineCount: session.channels.onlineCount(frame.groupID),
          lastSequence: last,
        });
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
