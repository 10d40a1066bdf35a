import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  conversationKey,
  historyPage,
  lastSequence,
  messagesAfter,
  parseConversationID,
  storeMessage,
  type Conversation,
  type ImElemType,
  type ImPayload,
} from '../areas/chat/message-service.ts';
import {
  c2cRefusal,
  conversationList,
  conversationMessages,
  groupRole,
  markRead,
  readOwnGroupMessage,
} from '../areas/chat/conversation-service.ts';
import { deliverMessage, pushConversation } from '../areas/chat/message-delivery.ts';
import { verifyMessagingUser } from '../areas/chat/messaging-account-service.ts';
import { refundExpiredEnvelopes } from '../areas/chat/red-envelope-service.ts';
import { isRefusal, revokeRoomMessage, roomChatMessages, roomChatSpeech, roomOfGroup, SendRate, SlowMode } from '../areas/live/room-chat-service.ts';
import { EntryThrottle, roomEntryOf } from '../areas/live/room-entry.ts';
import { defaultLanguage, translate, type Language } from '../i18n/server-messages.ts';
import type { ServerContext } from '../ports/server-context.ts';
import { MessagingHub, type HubConnection } from './messaging-hub.ts';
import { createFrameParser, type ImServerMessage } from '../contract/socket-contract.ts';

// The site's own messaging service at `/im` (DESIGN.md, the messaging port; im_mode own). Every client frame
// carries an id, answered by ok, error or its own answer frame; pushes (messages, online counts) carry none.
// Frames are the contract's ImClientMessage and ImServerMessage (openapi.yaml). A message is acknowledged
// (ImSent) only once stored; then it is published on the bus to every member, on every server process.
// Live rooms' chats (GROUPlive<room>) are joined per connection. Private chat (C2C<user> and chat groups GROUP<id>)
// reaches every open tab of each member through the hub's user channels, with the changed conversation after it.

export interface MessagingSocketOptions {
  server: ServerContext;
}

export const imMessages = {
  malformed: 'Malformed frame',
  badSignature: 'Messaging signature refused',
  notLoggedIn: 'Not logged in to messaging',
  noGroup: 'No such group',
  notMember: 'Join the conversation first',
  unavailable: 'This conversation is not open yet',
  wrongPayload: 'The message does not fit its type',
  foreignUrl: 'Only files served by the site can be sent',
} as const;

/** Private chat flooding: more than room chat allows, as pictures and files go in bursts. */
const privateChatRate = { messages: 20, windowMs: 10_000 } as const;

/** Whether the payload is the one its element type carries, with addresses of the site itself. */
function payloadProblem(messageType: ImElemType, payload: ImPayload): string | null {
  const sitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
  switch (messageType) {
    case 'TIMTextElem':
      return 'text' in payload ? null : imMessages.wrongPayload;
    case 'TIMImageElem':
      if (!('width' in payload)) return imMessages.wrongPayload;
      return sitePath(payload.url) ? null : imMessages.foreignUrl;
    case 'TIMFileElem':
      if (!('size' in payload)) return imMessages.wrongPayload;
      return sitePath(payload.url) ? null : imMessages.foreignUrl;
    case 'TIMCustomElem':
      return 'data' in payload ? null : imMessages.wrongPayload;
  }
}

/** A connection that stops reading (more than this unsent) is dropped; it reconnects and syncs. */
const maxBufferedBytes = 1024 * 1024;

type ImError = Extract<ImServerMessage, { type: 'error' }>;

/** Who is logged in on each connection. */
export class MessagingPresence {
  readonly online = new Map<string, { nick: string; avatar: string }>();
}

export async function messagingSocket(app: FastifyInstance, { server }: MessagingSocketOptions): Promise<void> {
  const presence = new MessagingPresence();
  const hub = new MessagingHub(server.bus, server.contract, server.log);
  const limits = { rate: new SendRate(), slowMode: new SlowMode() };
  const privateRate = new SendRate(privateChatRate);
  const entries = new EntryThrottle();
  // Envelopes not opened up within 24 hours give the rest back, whether anyone looks at them again or not.
  const refunds = setInterval(() => void refundExpiredEnvelopes(server).catch((error: unknown) => app.log.error(error)), 10 * 60_000);
  refunds.unref();
  const pruneRate = setInterval(() => {
    const now = server.clock.now().getTime();
    limits.rate.prune(now);
    limits.slowMode.prune(now);
    privateRate.prune(now);
    entries.prune(now);
  }, 60_000);
  pruneRate.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneRate);
    clearInterval(refunds);
    await hub.close();
  });
  const parseFrame = createFrameParser(server.contract, 'ImClientMessage');

  app.get('/im', { websocket: true }, (socket: WebSocket) => {
    let userID: string | null = null;
    let language: Language = defaultLanguage;
    const joined = new Set<string>();
    let queue: Promise<void> = Promise.resolve();
    const connection: HubConnection = {
      sendText(text) {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > maxBufferedBytes) {
          socket.terminate();
          return;
        }
        socket.send(text);
      },
    };
    const send = (message: ImServerMessage) => connection.sendText(JSON.stringify(message));
    const reply = (id: number, error?: string, reason?: ImError['reason'], params?: Readonly<Record<string, number>>) =>
      send(
        error
          ? { type: 'error', id, msg: translate(error, language, params), ...(reason ? { reason } : {}) }
          : { type: 'ok', id },
      );
    const leaveAll = () => {
      for (const groupID of joined) hub.leave(groupID, connection);
      joined.clear();
    };
    /** The member id of the logged-in user; null for guests (guest_…) and before login. */
    const memberId = () => (userID && /^\d{1,10}$/.test(userID) ? Number(userID) : null);

    /** A conversation this connection may read: a joined room, its member's own C2C talk, a chat group of theirs. */
    const readable = async (conversationID: string): Promise<Conversation | null> => {
      const conversation = parseConversationID(conversationID);
      if (!conversation) return null;
      const member = memberId();
      if (conversation.kind === 'room') return joined.has(conversation.groupID) ? conversation : null;
      if (member === null) return null;
      if (conversation.kind === 'c2c') return conversation;
      return (await groupRole(server, conversation.groupId, member)) ? conversation : null;
    };

    socket.on('message', (data: Buffer) => {
      const parsed = parseFrame(data.toString('utf8'));
      if (!parsed.ok) {
        reply(0, imMessages.malformed);
        return;
      }
      const frame = parsed.message;
      // One connection's frames are done in the order sent: a join right after a login finds it logged in.
      queue = queue.then(async () => {
        switch (frame.type) {
          case 'login': {
            if (!(await verifyMessagingUser(server, frame.userID, frame.userSig))) return reply(frame.id, imMessages.badSignature);
            if (userID) {
              presence.online.delete(userID);
              hub.leaveUser(userID, connection);
            }
            userID = frame.userID;
            language = frame.lang ?? defaultLanguage;
            presence.online.set(userID, { nick: '', avatar: '' });
            if (memberId() !== null) await hub.joinUser(userID, connection);
            return reply(frame.id);
          }
          case 'logout':
            if (userID) {
              presence.online.delete(userID);
              hub.leaveUser(userID, connection);
            }
            userID = null;
            leaveAll();
            return reply(frame.id);
          case 'profile':
            if (!userID) return reply(frame.id, imMessages.notLoggedIn);
            presence.online.set(userID, { nick: frame.nick, avatar: frame.avatar });
            return reply(frame.id);
          case 'join_group': {
            if (!userID) return reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
            const conversation = parseConversationID(`GROUP${frame.groupID}`);
            // Live rooms' chats take every viewer, guests included (read only); chat groups come with private chat.
            const room = conversation?.kind === 'room' ? await roomOfGroup(server, conversation.roomId) : null;
            if (conversation?.kind !== 'room' || !room) return reply(frame.id, imMessages.noGroup);
            joined.add(frame.groupID);
            await hub.join(frame.groupID, connection);
            const last = await lastSequence(server, conversationKey(conversation, 0));
            send({
              type: 'group_joined',
              id: frame.id,
              conversationID: `GROUP${frame.groupID}`,
              onlineCount: hub.onlineCount(frame.groupID),
              lastSequence: last,
            });
            const member = memberId();
            if (member !== null && entries.take(room.id, member, server.clock.now().getTime())) {
              const entry = await roomEntryOf(server, room, member);
              if (entry) await hub.publishFrame(frame.groupID, entry);
            }
            return;
          }
          case 'leave_group':
            joined.delete(frame.groupID);
            hub.leave(frame.groupID, connection);
            return reply(frame.id);
          case 'history':
          case 'sync': {
            const conversation = await readable(frame.conversationID);
            if (!conversation) return reply(frame.id, imMessages.notMember, 'not_member');
            const key = conversationKey(conversation, memberId() ?? 0);
            const page =
              frame.type === 'history'
                ? await historyPage(server, key, userID ?? '', frame.beforeSequence, frame.count)
                : await messagesAfter(server, key, userID ?? '', frame.afterSequence);
            return send({ type: 'message_list', id: frame.id, conversationID: frame.conversationID, ...page });
          }
          case 'conversations': {
            const member = memberId();
            if (member === null) return reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
            return send({ type: 'conversation_list', id: frame.id, conversations: await conversationList(server, member) });
          }
          case 'read': {
            const member = memberId();
            const conversation = await readable(frame.conversationID);
            if (member === null || !conversation) return reply(frame.id, imMessages.notMember, 'not_member');
            const receipt = await markRead(server, member, conversation);
            reply(frame.id);
            if (receipt) {
              await hub.publishToUser(String(receipt.peerId), {
                type: 'read_receipt',
                conversationID: `C2C${String(member)}`,
                sequence: receipt.sequence,
              });
            }
            if (conversation.kind !== 'room') await pushConversation(server, [member], () => conversation);
            return;
          }
          case 'revoke': {
            const moderatorId = memberId();
            if (moderatorId === null) return reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
            const conversation = parseConversationID(frame.conversationID);
            const room = conversation?.kind === 'room' ? await roomOfGroup(server, conversation.roomId) : null;
            if (conversation?.kind !== 'room' || !room) return reply(frame.id, roomChatMessages.noRoom, 'unavailable');
            const revocation = await revokeRoomMessage(server, room, moderatorId, frame.messageID);
            if (isRefusal(revocation)) return reply(frame.id, revocation.msg, revocation.reason);
            reply(frame.id);
            if (revocation.fresh) {
              await hub.publishFrame(conversation.groupID, {
                type: 'message_revoked',
                conversationID: frame.conversationID,
                messageID: frame.messageID,
                sequence: revocation.sequence,
              });
            }
            return;
          }
          case 'send': {
            if (!userID) return reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
            const senderId = memberId();
            if (senderId === null) return reply(frame.id, roomChatMessages.loginToChat, 'guest');
            const conversation = parseConversationID(frame.conversationID);
            if (!conversation) return reply(frame.id, imMessages.unavailable, 'unavailable');
            if (conversation.kind !== 'room') {
              const problem = payloadProblem(frame.messageType, frame.payload);
              if (problem) return reply(frame.id, problem, 'unavailable');
              if (conversation.kind === 'c2c') {
                const refusal = await c2cRefusal(server, senderId, Number(conversation.peerID));
                if (refusal) return reply(frame.id, refusal.msg, refusal.blocked ? 'blocked' : 'unavailable');
              } else if (!(await groupRole(server, conversation.groupId, senderId))) {
                return reply(frame.id, conversationMessages.notMember, 'not_member');
              }
              if (!privateRate.take(senderId, server.clock.now().getTime())) return reply(frame.id, roomChatMessages.tooFast, 'too_fast');
              const message = await storeMessage(server, {
                senderId,
                conversation,
                clientMsgID: frame.clientMsgID,
                messageType: frame.messageType,
                payload: frame.payload,
              });
              if (conversation.kind === 'group') await readOwnGroupMessage(server, conversation.groupId, senderId, message.sequence);
              send({ type: 'sent', id: frame.id, message });
              await deliverMessage(server, message, conversation, senderId);
              return;
            }
            if (!joined.has(conversation.groupID)) return reply(frame.id, imMessages.notMember, 'not_member');
            const room = await roomOfGroup(server, conversation.roomId);
            if (!room) return reply(frame.id, roomChatMessages.noRoom, 'unavailable');
            if (frame.messageType !== 'TIMTextElem' || !('text' in frame.payload)) {
              return reply(frame.id, roomChatMessages.textOnly, 'unavailable');
            }
            const speech = await roomChatSpeech(server, room, senderId, frame.payload.text, limits);
            if (isRefusal(speech)) return reply(frame.id, speech.msg, speech.reason, speech.params);
            const message = await storeMessage(server, {
              senderId,
              conversation,
              clientMsgID: frame.clientMsgID,
              messageType: 'TIMTextElem',
              payload: { text: frame.payload.text },
              ...speech,
            });
            send({ type: 'sent', id: frame.id, message });
            await hub.publish(conversation.groupID, message);
            return;
          }
        }
      }).catch((error: unknown) => {
        app.log.error(error);
        reply(frame.id, 'Error');
      });
    });
    socket.on('close', () => {
      if (userID) {
        presence.online.delete(userID);
        hub.leaveUser(userID, connection);
      }
      leaveAll();
    });
  });
}
