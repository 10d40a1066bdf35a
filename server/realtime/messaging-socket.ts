import type { FastifyInstance } from 'fastify';
import { verifyMessagingUser } from '../areas/chat/messaging-account-service.ts';
import type { ServerContext } from '../server-context.ts';
import { createFrameParser, type ImServerMessage } from './socket-contract.ts';

// The site's own messaging service at `/im` (DESIGN.md, the messaging port; im_mode own). This issue
// needs only who is logged in: login with userID + userSig, logout and the profile; conversations
// and messages come with the chat issue. Every frame carries an id, answered by ok or error; frames are the
// contract's ImClientMessage and ImServerMessage (openapi.yaml).

export interface MessagingSocketOptions {
  server: ServerContext;
}

export const imMessages = {
  malformed: 'Malformed frame',
  badSignature: 'Messaging signature refused',
  notLoggedIn: 'Not logged in to messaging',
} as const;

/** Who is logged in on each connection, for the chat issue to route messages by. */
export class MessagingPresence {
  readonly online = new Map<string, { nick: string; avatar: string }>();
}

export async function messagingSocket(app: FastifyInstance, { server }: MessagingSocketOptions): Promise<void> {
  const presence = new MessagingPresence();
  const parseFrame = createFrameParser(server.contract, 'ImClientMessage');
  app.get('/im', { websocket: true }, (socket) => {
    let userID: string | null = null;
    const send = (message: ImServerMessage) => socket.send(JSON.stringify(message));
    const reply = (id: number, error?: string) => send(error ? { type: 'error', id, msg: error } : { type: 'ok', id });
    socket.on('message', (data: Buffer) => {
      const parsed = parseFrame(data.toString('utf8'));
      if (!parsed.ok) {
        send({ type: 'error', id: 0, msg: imMessages.malformed });
        return;
      }
      const frame = parsed.message;
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
