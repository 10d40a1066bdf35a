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
} from '../areas/chat/message-service.ts';
import { verifyMessagingUser } from '../areas/chat/messaging-account-service.ts';
import { isRefusal, roomChatMessages, roomChatSpeech, roomOfGroup, SendRate, SlowMode } from '../areas/live/room-chat-service.ts';
import { defaultLanguage, translate, type Language } from '../i18n/server-messages.ts';
import type { ServerContext } from '../server-context.ts';
import { MessagingHub, type HubConnection } from './messaging-hub.ts';
import { createFrameParser, type ImServerMessage } from './socket-contract.ts';

// The site's own messaging service at `/im` (DESIGN.md, the messaging port; im_mode own). Every client frame
// carries an id, answered by ok, error or its own answer frame; pushes (messages, online counts) carry none.
// Frames are the contract's ImClientMessage and ImServerMessage (openapi.yaml). A message is acknowledged
// (ImSent) only once stored; then it is published on the bus to every member, on every server process.
// Groups: live rooms' chats (GROUPlive<room>) now; chat groups and one-to-one talk come with private chat.

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
} as const;

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
  const pruneRate = setInterval(() => {
    const now = server.clock.now().getTime();
    limits.rate.prune(now);
    limits.slowMode.prune(now);
  }, 60_000);
  pruneRate.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneRate);
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

    /** A conversation this connection may read: a joined group, or (with private chat) its user's own. */
    const readable = (conversationID: string): Conversation | null => {
      const conversation = parseConversationID(conversationID);
      if (!conversation || conversation.kind === 'c2c') return null;
      return joined.has(conversation.groupID) ? conversation : null;
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
            if (userID) presence.online.delete(userID);
            userID = frame.userID;
            language = frame.lang ?? defaultLanguage;
            presence.online.set(userID, { nick: '', avatar: '' });
            return reply(frame.id);
          }
          case 'logout':
            if (userID) presence.online.delete(userID);
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
            if (conversation?.kind !== 'room' || !(await roomOfGroup(server, conversation.roomId))) {
              return reply(frame.id, imMessages.noGroup);
            }
            joined.add(frame.groupID);
            await hub.join(frame.groupID, connection);
            const last = await lastSequence(server, conversationKey(conversation, 0));
            return send({
              type: 'group_joined',
              id: frame.id,
              conversationID: `GROUP${frame.groupID}`,
              onlineCount: hub.onlineCount(frame.groupID),
              lastSequence: last,
            });
          }
          case 'leave_group':
            joined.delete(frame.groupID);
            hub.leave(frame.groupID, connection);
            return reply(frame.id);
          case 'history':
          case 'sync': {
            const conversation = readable(frame.conversationID);
            if (!conversation) return reply(frame.id, imMessages.notMember, 'not_member');
            const key = conversationKey(conversation, memberId() ?? 0);
            const page =
              frame.type === 'history'
                ? await historyPage(server, key, userID ?? '', frame.beforeSequence, frame.count)
                : await messagesAfter(server, key, userID ?? '', frame.afterSequence);
            return send({ type: 'message_list', id: frame.id, conversationID: frame.conversationID, ...page });
          }
          case 'send': {
            if (!userID) return reply(frame.id, imMessages.notLoggedIn, 'not_logged_in');
            const senderId = memberId();
            if (senderId === null) return reply(frame.id, roomChatMessages.loginToChat, 'guest');
            const conversation = parseConversationID(frame.conversationID);
            if (conversation?.kind !== 'room') return reply(frame.id, imMessages.unavailable, 'unavailable');
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
      if (userID) presence.online.delete(userID);
      leaveAll();
    });
  });
}
