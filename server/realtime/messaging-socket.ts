import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { createFrameParser, type ImServerMessage } from '../contract/socket-contract.ts';
import { defaultLanguage, translate, type Language } from '../i18n/server-messages.ts';
import type { ServerContext } from '../ports/server-context.ts';
import type { ImFrameHandlers, ImFrameType, ImSession } from '../ports/socket-frames.ts';
import { MessagingHub, type GroupPush, type HubConnection } from './messaging-hub.ts';
import { MessagingSessions, revokedSessionsChannel } from './messaging-sessions.ts';
import type { OpenSockets } from './open-sockets.ts';

// The site's own messaging service at `/im` (DESIGN.md, the messaging port; im_mode own), as a transport: the
// connections, who is logged in on each, the groups each joined, and the fan-out (messaging-hub.ts). Every client
// frame carries an id and is answered by ok, error or its own answer frame; pushes (messages, online counts) carry
// none. A frame is checked against the contract's ImClientMessage and handed to the area that answers its type
// (chat-frames.ts, live-frames.ts); one connection's frames are done in the order sent.

export interface MessagingSocketOptions {
  server: ServerContext;
  /** The areas' handlers of the client frames, by type (startAreaFrames). */
  frames: Partial<ImFrameHandlers>;
  /** This process's open /im sockets, asked to reconnect elsewhere when it stops. */
  open?: OpenSockets;
}

export const imSocketMessages = {
  malformed: 'Malformed frame',
  /** A frame no area answers; the contract's frames are all answered, so only a server mid-change says it. */
  unanswered: 'This conversation is not open yet',
  failed: 'Error',
} as const;

/** A connection that stops reading (more than this unsent) is dropped; it reconnects and syncs. */
const maxBufferedBytes = 1024 * 1024;

/** Who is logged in on each connection. */
export class MessagingPresence {
  readonly online = new Map<string, { nick: string; avatar: string }>();
}

export async function messagingSocket(app: FastifyInstance, { server, frames, open }: MessagingSocketOptions): Promise<void> {
  const presence = new MessagingPresence();
  const hub = new MessagingHub(server.bus, server.contract, server.log, server.roomChatHistory);
  const loginSessions = new MessagingSessions(server.bus, revokedSessionsChannel);
  await Promise.all([hub.ready(), loginSessions.ready()]);
  app.addHook('onClose', async () => {
    await hub.close();
    await loginSessions.close();
  });
  const parseFrame = createFrameParser(server.contract, 'ImClientMessage');

  app.get('/im', { websocket: true }, (socket: WebSocket) => {
    if (open && !open.add(socket)) return;
    let userID: string | null = null;
    let loginSessionId: number | null = null;
    let language: Language = defaultLanguage;
    const joined = new Set<string>();
    /** The groups whose pushes wait while their missed lines are read (a resume), each with what came meanwhile. */
    const holding = new Map<string, Array<{ text: string; push: GroupPush }>>();
    /** Per resumed group, the last line the client has: pushes of lines at or below it are not written again. */
    const seenTo = new Map<string, number>();
    let queue: Promise<void> = Promise.resolve();
    const connection: HubConnection = {
      sendText(text, push) {
        if (push) {
          const held = holding.get(push.groupID);
          if (held) {
            held.push({ text, push });
            return;
          }
          const seen = seenTo.get(push.groupID);
          if (seen !== undefined && push.sequence !== undefined && push.sequence <= seen) return;
        }
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > maxBufferedBytes) {
          socket.terminate();
          return;
        }
        socket.send(text);
      },
      removeFromGroup(groupID) {
        session.leaveGroup(groupID);
      },
    };
    const leaveUser = () => {
      if (loginSessionId !== null) loginSessions.remove(loginSessionId, socket);
      loginSessionId = null;
      if (!userID) return;
      presence.online.delete(userID);
      hub.leaveUser(userID, connection);
    };
    const leaveAll = () => {
      for (const groupID of joined) hub.leave(groupID, connection);
      joined.clear();
      holding.clear();
      seenTo.clear();
    };
    const session: ImSession = {
      get userID() {
        return userID;
      },
      get language() {
        return language;
      },
      joined,
      channels: hub,
      memberId: () => (userID && /^\d{1,10}$/.test(userID) ? Number(userID) : null),
      async logIn(next, nextLanguage, nextLoginSessionId) {
        leaveUser();
        loginSessionId = nextLoginSessionId;
        if (loginSessionId !== null) loginSessions.add(loginSessionId, socket);
        userID = next;
        language = nextLanguage;
        presence.online.set(next, { nick: '', avatar: '' });
        if (session.memberId() !== null) await hub.joinUser(next, connection);
      },
      logOut() {
        leaveUser();
        userID = null;
        leaveAll();
      },
      setProfile(nick, avatar) {
        if (userID) presence.online.set(userID, { nick, avatar });
      },
      async joinGroup(groupID, options) {
        joined.add(groupID);
        seenTo.delete(groupID);
        if (options?.holdPushes) holding.set(groupID, []);
        await hub.join(groupID, connection);
      },
      releaseGroup(groupID, missed, seen) {
        const held = holding.get(groupID) ?? [];
        holding.delete(groupID);
        if (!joined.has(groupID)) return;
        let last = seen;
        for (const message of missed) {
          connection.sendText(JSON.stringify({ type: 'message', message } satisfies ImServerMessage));
          last = Math.max(last ?? 0, message.sequence);
        }
        if (last !== null) seenTo.set(groupID, last);
        for (const { text, push } of held) connection.sendText(text, push);
      },
      leaveGroup(groupID) {
        joined.delete(groupID);
        holding.delete(groupID);
        seenTo.delete(groupID);
        hub.leave(groupID, connection);
      },
      send: (message: ImServerMessage) => connection.sendText(JSON.stringify(message)),
      reply: (id, error, reason, params) =>
        session.send(
          error
            ? { type: 'error', id, msg: translate(error, language, params), ...(reason ? { reason } : {}) }
            : { type: 'ok', id },
        ),
    };

    socket.on('message', (data: Buffer) => {
      const parsed = parseFrame(data.toString('utf8'));
      if (!parsed.ok) {
        session.reply(0, imSocketMessages.malformed);
        return;
      }
      const frame = parsed.message;
      const handler = frames[frame.type] as ((session: ImSession, frame: { type: ImFrameType; id: number }) => Promise<void>) | undefined;
      // One connection's frames are done in the order sent: a join right after a login finds it logged in.
      queue = queue
        .then(() => (handler ? handler(session, frame) : session.reply(frame.id, imSocketMessages.unanswered)))
        .catch((error: unknown) => {
          app.log.error(error);
          session.reply(frame.id, imSocketMessages.failed);
        });
    });
    socket.on('close', () => {
      open?.delete(socket);
      leaveUser();
      leaveAll();
    });
  });
}
