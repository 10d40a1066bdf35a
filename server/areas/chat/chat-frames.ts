import { defaultLanguage } from '../../i18n/server-messages.ts';
import { defineAreaFrames, type ImSession } from '../../ports/socket-frames.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { isRefusal, roomChatJoinRefusal, roomChatMessages, roomChatRate, roomChatSpeech, roomOfGroup, SendRate, SlowMode } from '../live/live-public.ts';
import { countTaskProgress } from '../tasks/tasks-public.ts';
import { c2cRefusal, conversationList, conversationMessages, groupRole, markRead, readOwnGroupMessage } from './conversation-service.ts';
import { deliverMessage, pushConversation } from './message-delivery.ts';
import { conversationKey, historyPage, messagesAfter, parseConversationID, storeMessage, type Conversation, type ImElemType, type ImPayload } from './message-service.ts';
import { imMessages } from './im-messages.ts';
import { verifyMessagingUser } from './messaging-account-service.ts';
import { isSiteLink } from './site-link.ts';
import { isRedEnvelopeCard, refundExpiredEnvelopes } from './red-envelope-service.ts';
import { siteMuteRefusal } from '../account/account-public.ts';

// The /im frames of messaging (DESIGN.md, the messaging port; im_mode own): login, private and group chat, the
// history of any conversation, and sending, whose room lines follow the live room chat's rules. A message is
// acknowledged (ImSent) only once stored; then it reaches every member, on every server process.

/** Private chat flooding: more than room chat allows, as pictures and files go in bursts. */
const privateChatRate = { messages: 20, windowMs: 10_000 } as const;

/** Whether the payload is the one its element type carries, with addresses of the site itself. */
function payloadProblem(messageType: ImElemType, payload: ImPayload): string | null {
  switch (messageType) {
    case 'TIMTextElem':
      return 'text' in payload ? null : imMessages.wrongPayload;
    case 'TIMImageElem':
      if (!('width' in payload)) return imMessages.wrongPayload;
      return isSiteLink(payload.url) ? null : imMessages.foreignUrl;
    case 'TIMFileElem':
      if (!('size' in payload)) return imMessages.wrongPayload;
      return isSiteLink(payload.url) ? null : imMessages.foreignUrl;
    case 'TIMCustomElem':
      if (!('data' in payload)) return imMessages.wrongPayload;
      return isRedEnvelopeCard(payload) ? imMessages.serverCard : null;
  }
}

/** A conversation this connection may read: a joined room, its member's own C2C talk, a chat group of theirs. */
async function readable(server: ServerContext, session: ImSession, conversationID: string): Promise<Conversation | null> {
  const conversation = parseConversationID(conversationID);
  if (!conversation) return null;
  const member = session.memberId();
  if (conversation.kind === 'room') return session.joined.has(conversation.groupID) ? conversation : null;
  if (member === null) return null;
  if (conversation.kind === 'c2c') return conversation;
  return (await groupRole(server, conversation.groupId, member)) ? conversation : null;
}

export const chatFrames = defineAreaFrames(
  'chat',
  { im: ['login', 'logout', 'profile', 'send', 'history', 'sync', 'conversations', 'read'] },
  (server) => {
    const roomLimits = { rate: new SendRate(roomChatRate, server.sendCounter, 'room'), slowMode: new SlowMode(server.sendCounter) };
    const privateRate = new SendRate(privateChatRate, server.sendCounter, 'private');
    // Envelopes not opened up within 24 hours give the rest back, whether anyone looks at them again or not.
    const refunds = setInterval(() => void refundExpiredEnvelopes(server).catch((error: unknown) => server.log.error(error)), 10 * 60_000);
    refunds.unref();

    return {
      stop() {
        clearInterval(refunds);
      },
      site: {},
      im: {
        async login(session, frame) {
          const login = await verifyMessagingUser(server, frame.userID, frame.userSig);
          if (!login) return session.reply(frame.id, imMessages.badSignature);
          await session.logIn(frame.userID, frame.lang ?? defaultLanguage, login.sessionId);
          return session.reply(frame.id);
        },
        async logout(session, frame) {
          session.logOut();
          return session.reply(frame.id);
        },
        async profile(session, frame) {
          if (!session.userID) return session.reply(frame.id, imMessages.notLoggedIn);
          session.setProfile(frame.nick, frame.avatar);
          return session.reply(frame.id);
        },
        async history(session, frame) {
          const conversation = await readable(server, session, frame.conversationID);
          if (!conversation) return session.reply(frame.id, imMessages.notMember, 'not_member');
          const key = conversationKey(conversation, session.memberId() ?? 0);
          const page = await historyPage(server, key, session.userID ?? '', frame.beforeSequence, frame.count);
          return session.send({ type: 'message_list', id: frame.id, conversationID: frame.conversationID, ...page });
        },
        async sync(session, frame) {
          const conversation = await readable(server, session, frame.conversationID);
          if (!conversation) return session.reply(frame.id, imMessages.notMember, 'not_member');
          const key = conversationKey(conversation, session.memberId() ?? 0);
          const page = await messagesAfter(server, key, session.userID ?? '', frame.afterSequence);
          return session.send({ type: 'message_list', id: frame.id, conversationID: frame.conversationID, ...page });
        },
        async conversations(session, frame) {
          const member = session.memberId();
          if (member === null) return session.reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
          return session.send({ type: 'conversation_list', id: frame.id, conversations: await conversationList(server, member) });
        },
        async read(session, frame) {
          const member = session.memberId();
          const conversation = await readable(server, session, frame.conversationID);
          if (member === null || !conversation) return session.reply(frame.id, imMessages.notMember, 'not_member');
          const receipt = await markRead(server, member, conversation);
          session.reply(frame.id);
          if (receipt) {
            await session.channels.publishToUser(String(receipt.peerId), {
              type: 'read_receipt',
              conversationID: `C2C${String(member)}`,
              sequence: receipt.sequence,
            });
          }
          if (conversation.kind !== 'room') await pushConversation(server, [member], () => conversation);
        },
        async send(session, frame) {
          if (!session.userID) return session.reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
          const senderId = session.memberId();
          if (senderId === null) return session.reply(frame.id, roomChatMessages.loginToChat, 'guest');
          const siteMute = await siteMuteRefusal(server, senderId);
          if (siteMute) return session.reply(frame.id, siteMute.msg, 'muted', siteMute.params);
          const conversation = parseConversationID(frame.conversationID);
          if (!conversation) return session.reply(frame.id, imMessages.unavailable, 'unavailable');
          if (conversation.kind !== 'room') {
            const problem = payloadProblem(frame.messageType, frame.payload);
            if (problem) return session.reply(frame.id, problem, 'unavailable');
            if (conversation.kind === 'c2c') {
              const refusal = await c2cRefusal(server, senderId, Number(conversation.peerID));
              if (refusal) return session.reply(frame.id, refusal.msg, refusal.blocked ? 'blocked' : 'unavailable');
            } else if (!(await groupRole(server, conversation.groupId, senderId))) {
              return session.reply(frame.id, conversationMessages.notMember, 'not_member');
            }
            if (!(await privateRate.take(senderId, server.clock.now().getTime()))) return session.reply(frame.id, roomChatMessages.tooFast, 'too_fast');
            const message = await storeMessage(server, {
              senderId,
              conversation,
              clientMsgID: frame.clientMsgID,
              messageType: frame.messageType,
              payload: frame.payload,
            });
            if (conversation.kind === 'group') await readOwnGroupMessage(server, conversation.groupId, senderId, message.sequence);
            session.send({ type: 'sent', id: frame.id, message });
            await deliverMessage(server, message, conversation, senderId);
            return;
          }
          // A live room's chat: the room chat's rules (live area) say whether and how the line is said.
          const room = await roomOfGroup(server, conversation.roomId);
          if (!session.joined.has(conversation.groupID)) {
            // A kick takes the socket out of the room's chat: it hears why, not just that it is outside.
            const kicked = room ? await roomChatJoinRefusal(server, room, senderId) : null;
            return kicked ? session.reply(frame.id, kicked.msg, kicked.reason) : session.reply(frame.id, imMessages.notMember, 'not_member');
          }
          if (!room) return session.reply(frame.id, roomChatMessages.noRoom, 'unavailable');
          if (frame.messageType !== 'TIMTextElem' || !('text' in frame.payload)) {
            return session.reply(frame.id, roomChatMessages.textOnly, 'unavailable');
          }
          const speech = await roomChatSpeech(server, room, senderId, frame.payload.text, roomLimits);
          if (isRefusal(speech)) return session.reply(frame.id, speech.msg, speech.reason, speech.params);
          const message = await storeMessage(server, {
            senderId,
            conversation,
            clientMsgID: frame.clientMsgID,
            messageType: 'TIMTextElem',
            payload: { text: frame.payload.text },
            ...speech,
          });
          session.send({ type: 'sent', id: frame.id, message });
          await session.channels.publish(conversation.groupID, message);
          // A line in a room's chat flies over the picture as danmaku: it is the daily barrage task's action.
          await countTaskProgress(server, senderId, 'send_barrage');
        },
      },
    };
  },
);
