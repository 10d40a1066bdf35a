import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import { siteSocketMachine, type ConnectionCommand, type SiteSocketInput } from '../machines/site-socket-machine.ts';
import { readSocketFrame } from './socket-frame-guard.ts';

export type SiteSocketActor = ActorRefFrom<typeof siteSocketMachine>;

/** The browser's WebSocket behind the machine's `connection` actor. */
export const browserConnection = fromCallback<ConnectionCommand, { url: string }>(({ input, sendBack, receive }) => {
  const socket = new WebSocket(input.url);
  socket.addEventListener('open', () => sendBack({ type: 'socket.opened' }));
  socket.addEventListener('close', () => sendBack({ type: 'socket.closed' }));
  socket.addEventListener('message', (message) => {
    // Only frames of the contract's SocketServerMessage reach the machine (openapi.yaml).
    const frame = readSocketFrame(message.data);
    if (frame) sendBack({ type: 'socket.message', message: frame });
    else console.warn('site socket: a frame outside the contract was dropped');
  });
  receive((command) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command.frame));
  });
  return () => socket.close();
});

/** Starts the site socket machine over the browser's WebSocket. */
export function startSiteSocket(input: SiteSocketInput): SiteSocketActor {
  return createActor(siteSocketMachine.provide({ actors: { connection: browserConnection } }), { input }).start();
}
