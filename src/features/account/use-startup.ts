import { useEffect } from 'react';
import { onStoredUserChanged } from '../../realtime/stored-user.ts';
import { whenIdle } from '../../realtime/when-idle.ts';
import type { PageStartup, StartupPorts } from './page-startup.ts';

// One start-up per page load. It is not tied to a component's effects: React runs those twice in
// StrictMode (and again when a tree remounts), and a restarted sequence repeats its requests, the
// guest messaging account among them, whose promises a stop cannot take back. Its machine and
// xstate load at the first idle moment, not with the first screen.
let pageStartup: Promise<PageStartup> | null = null;

function beginPageStartup(ports: StartupPorts): Promise<PageStartup> {
  pageStartup ??= import('./page-startup.ts').then(
    (module) => module.startPageStartup(ports),
    (error: unknown) => {
      pageStartup = null;
      throw error;
    },
  );
  return pageStartup;
}

/** Runs the start-up sequence of SPEC §4 once for the page. */
export function useStartup({ api, messaging, queryClient, openSiteSocket }: StartupPorts): void {
  useEffect(() => {
    const begin = () => beginPageStartup({ api, messaging, queryClient, openSiteSocket });
    const cancel = whenIdle(() => void begin().catch(() => undefined));
    // SPEC §4: profile changes go to messaging 1 s after the stored info changes; a change before the
    // idle moment starts the sequence at once, so it is not lost.
    const onChange = () =>
      void begin().then(
        (startup) => startup.send({ type: 'profile.changed' }),
        () => undefined,
      );
    const stopListening = onStoredUserChanged(onChange, { anyKey: true });
    return () => {
      cancel();
      stopListening();
    };
  }, [api, messaging, queryClient, openSiteSocket]);
}
