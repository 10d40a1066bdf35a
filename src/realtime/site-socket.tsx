import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import { siteSocketMachine, type ConnectionCommand, type SiteSocketEmitted } from '../machines/site-socket-machine.ts';
import type * as frameGuardModule from './socket-frame-guard.ts';
import { onStoredUserChanged, readStoredToken } from './stored-user.ts';

export type SiteSocketActor = ActorRefFrom<typeof siteSocketMachine>;

type FrameGuard = typeof frameGuardModule;

let frameGuard: Promise<FrameGuard> | null = null;

/** The frames' schemas load with the first connection, not with the first page; a failed load is tried again next time. */
function loadFrameGuard(): Promise<FrameGuard> {
  frameGuard ??= import('./socket-frame-guard.ts').catch((error: unknown) => {
    frameGuard = null;
    throw error;
  });
  return frameGuard;
}

/** The browser's WebSocket behind the machine's `connection` actor. */
export const browserConnection = fromCallback<ConnectionCommand, { url: string }>(({ input, sendBack, receive }) => {
  const socket = new WebSocket(input.url);
  const guard = loadFrameGuard();
  // Every event waits for the guard on the same promise, so the machine gets them in the order they came.
  const inOrder = (deliver: (frames: FrameGuard) => void) => void guard.then(deliver, () => undefined);
  guard.catch(() => {
    socket.close();
    sendBack({ type: 'socket.closed' });
  });
  socket.addEventListener('open', () => inOrder(() => sendBack({ type: 'socket.opened' })));
  socket.addEventListener('close', () => inOrder(() => sendBack({ type: 'socket.closed' })));
  socket.addEventListener('message', (message) =>
    inOrder(({ readSocketFrame }) => {
      // Only frames of the contract's SocketServerMessage reach the machine (openapi.yaml).
      const frame = readSocketFrame(message.data);
      if (frame) sendBack({ type: 'socket.message', message: frame });
      else console.warn('site socket: a frame outside the contract was dropped');
    }),
  );
  receive((command) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command.frame));
  });
  return () => socket.close();
});

/** The site socket: `/ws` on the page's own origin (SPEC §4). */
export function siteSocketUrl(): string {
  return `${window.location.origin.replace(/^http/, 'ws')}/ws`;
}

let shared: SiteSocketActor | null = null;

/** One socket for the whole page, started on first use and kept for the page's life. */
function sharedSiteSocket(): SiteSocketActor {
  if (shared) return shared;
  const socket = createActor(siteSocketMachine.provide({ actors: { connection: browserConnection } }), {
    input: { url: siteSocketUrl(), companyId: 1, classifyType: 0, token: readStoredToken(), random: Math.random },
  }).start();
  let token = readStoredToken();
  onStoredUserChanged(() => {
    if (readStoredToken() === token) return;
    token = readStoredToken();
    socket.send({ type: 'token.changed', token });
  });
  shared = socket;
  return shared;
}

/**
 * The page's socket as the start-up machine's `siteSocket` actor (SPEC §4 opens the socket at
 * start-up): starts the shared socket if no screen has, and leaves it open when start-up stops,
 * since the screens keep using it.
 */
export const sharedSiteSocketAtStartup = fromCallback(() => {
  sharedSiteSocket();
  return () => {};
});

const SiteSocketContext = createContext<SiteSocketActor | null>(null);

/** Gives the screens below it a site socket of their own (stories, tests, or the start-up machine's `siteSocket`). */
export function SiteSocketProvider({ socket, children }: { socket: SiteSocketActor; children: ReactNode }) {
  return <SiteSocketContext value={socket}>{children}</SiteSocketContext>;
}

/** The site socket actor: the provided one, else the page's shared one. */
export function useSiteSocket(): SiteSocketActor {
  return useContext(SiteSocketContext) ?? sharedSiteSocket();
}

/**
 * The site socket actor, looked up (and the page's shared one started) only when first called: for logic that
 * may never use it, such as a login dialog whose story provides stub actors.
 */
export function useSiteSocketLater(): () => SiteSocketActor {
  const provided = useContext(SiteSocketContext);
  return useCallback(() => provided ?? sharedSiteSocket(), [provided]);
}

/** Calls `listener` for each event of `type` the socket emits while the component is mounted. */
export function useSocketEvent<Type extends SiteSocketEmitted['type']>(
  type: Type,
  // The shape of xstate's `actor.on` handler, so the listener is passed through as it is.
  listener: (event: SiteSocketEmitted & (Type extends '*' ? unknown : { type: Type })) => void,
): void {
  const socket = useSiteSocket();
  useEffect(() => {
    const subscription = socket.on(type, listener);
    return () => subscription.unsubscribe();
  }, [socket, type, listener]);
}
