import type { FastifyInstance } from 'fastify';
import { verifyMessagingUser } from '../areas/chat/messaging-account-service.ts';
import type { ServerContext } from '../server-context.ts';

// The site's own messaging service at `/im` (DESIGN.md, the messaging port; im_mode own). This issue
// needs only who is logged in: login with userID + userSig, logout and the profile; conversations
// and messages come with the chat issue. Every frame carries an id, answered by ok or error.

export interface MessagingSocketOptions {
  server: ServerContext;
}

type ImFrame =
  | { id: number; type: 'login'; userID: string; userSig: string }
  | { id: number; type: 'logout' }
  | { id: number; type: 'profile'; nick: string; avatar: string };

export const imMessages = {
  malformed: 'Malformed frame',
  badSignature: 'Messaging signature refused',
  notLoggedIn: 'Not logged in to messaging',
} as const;

const maxNick = 64;
const maxAvatar = 500;

function parseFrame(raw: string): ImFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { id, type } = frame as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  const fields = frame as Record<string, unknown>;
  const text = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
  if (type === 'login' && text(fields.userID, 64) && text(fields.userSig, 2048)) {
    return { id, type, userID: fields.userID as string, userSig: fields.userSig as string };
  }
  if (type === 'logout') return { id, type };
  if (type === 'profile' && text(fields.nick, maxNick) && text(fields.avatar, maxAvatar)) {
    return { id, type, nick: fields.nick as string, avatar: fields.avatar as string };
  }
  return null;
}

/** Who is logged in on each connection, for the chat issue to route messages by. */
export class MessagingPresence {
  readonly online = new Map<string, { nick: string; avatar: string }>();
}

export async function messagingSocket(app: FastifyInstance, { server }: MessagingSocketOptions): Promise<void> {
  const presence = new MessagingPresence();
  app.get('/im', { websocket: true }, (socket) => {
    let userID: string | null = null;
    const reply = (id: number, error?: string) =>
      socket.send(JSON.stringify(error ? { type: 'error', id, msg: error } : { type: 'ok', id }));
    socket.on('message', (data: Buffer) => {
      const frame = parseFrame(data.toString('utf8'));
      if (!frame) {
        socket.send(JSON.stringify({ type: 'error', id: 0, msg: imMessages.malformed }));
        return;
      }
      void (async () => {
        switch (frame.type) {
          case 'login': {
            if (!(await verifyMessagingUser(server, frame.userID, frame.userSig))) return reply(frame.id, imMessages.badSignature);
            if (userID) presence.online.delete(userID);
            userID = frame.userID;
            presence.online.set(userID, { nick: '', avatar: '' });
            return reply(frame.id);
          }
          case 'logout':
            if (userID) presence.online.delete(userID);
            userID = null;
            return reply(frame.id);
          case 'profile':
            if (!userID) return reply(frame.id, imMessages.notLoggedIn);
            presence.online.set(userID, { nick: frame.nick, avatar: frame.avatar });
            return reply(frame.id);
        }
      })().catch((error: unknown) => {
        app.log.error(error);
        reply(frame.id, 'Error');
      });
    });
    socket.on('close', () => {
      if (userID) presence.online.delete(userID);
    });
  });
}
