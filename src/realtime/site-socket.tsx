import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import type { SiteSocketEmitted, SiteSocketEvent } from '../machines/site-socket-machine.ts';
import { deferredActor } from './deferred-actor.ts';
import type { SiteSocketActor } from './site-socket-actor.ts';
import { onStoredUserChanged, readStoredToken } from './stored-user.ts';

/**
 * What the screens use of the site socket: send it the machine's events and hear what it emits. The machine's
 * actor has this shape (stories and tests provide one); the page's own is a facade that loads the machine, xstate
 * and the frames' schemas after the first paint, so the first load carries none of them.
 */
export interface SiteSocket {
  send(event: SiteSocketEvent): void;
  on<Type extends SiteSocketEmitted['type']>(type: Type, listener: (event: SiteSocketEmitted & { type: Type }) => void): { unsubscribe(): void };
}

/** The site socket: `/ws` on the page's own origin (SPEC §4). */
export function siteSocketUrl(): string {
  return `${window.location.origin.replace(/^http/, 'ws')}/ws`;
}

let shared: { socket: SiteSocket; open: () => void } | null = null;

/**
 * One socket for the whole page, opened on first use (an event sent, a listener added, or start-up) and kept for
 * the page's life. A machine whose code could not be loaded is loaded again at the next use.
 */
function sharedSiteSocket(): { socket: SiteSocket; open: () => void } {
  if (shared) return shared;
  const deferred = deferredActor<SiteSocketEvent, SiteSocketEmitted, SiteSocketActor>(() =>
    import('./site-socket-actor.ts').then(
      ({ startSiteSocket }) =>
        () =>
          startSiteSocket({ url: siteSocketUrl(), companyId: 1, classifyType: 0, token: readStoredToken(), random: Math.random }),
    ),
  );
  const open = () => void deferred.start().catch(() => undefined);
  let token = readStoredToken();
  onStoredUserChanged(() => {
    if (readStoredToken() === token) return;
    token = readStoredToken();
    deferred.send({ type: 'token.changed', token });
  });
  shared = {
    socket: {
      send: deferred.send,
      on(type, listener) {
        open();
        return deferred.on(type, listener);
      },
    },
    open,
  };
  return shared;
}

/**
 * Opens the page's socket if no screen has (SPEC §4 opens it at start-up); the start-up machine's `siteSocket`
 * actor calls it, and it stays open when start-up stops, since the screens keep using it.
 */
export function openSharedSiteSocket(): void {
  sharedSiteSocket().open();
}

const SiteSocketContext = createContext<SiteSocket | null>(null);

/** Gives the screens below it a site socket of their own (stories and tests). */
export function SiteSocketProvider({ socket, children }: { socket: SiteSocket; children: ReactNode }) {
  return <SiteSocketContext value={socket}>{children}</SiteSocketContext>;
}

/** The site socket: the provided one, else the page's shared one. */
export function useSiteSocket(): SiteSocket {
  return useContext(SiteSocketContext) ?? sharedSiteSocket().socket;
}

/**
 * The site socket, looked up only when first called: for logic that may never use it, such as a login dialog
 * whose story provides stub actors.
 */
export function useSiteSocketLater(): () => SiteSocket {
  const provided = useContext(SiteSocketContext);
  return useCallback(() => provided ?? sharedSiteSocket().socket, [provided]);
}

/** Calls `listener` for each event of `type` the socket emits while the component is mounted. */
export function useSocketEvent<Type extends SiteSocketEmitted['type']>(
  type: Type,
  listener: (event: SiteSocketEmitted & { type: Type }) => void,
): void {
  const socket = useSiteSocket();
  useEffect(() => {
    const subscription = socket.on(type, listener);
    return () => subscription.unsubscribe();
  }, [socket, type, listener]);
}
