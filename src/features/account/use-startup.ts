import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import type { Api } from '../../api/client.ts';
import { memberInfoQuery, siteConfigQuery } from '../../api/queries/account.ts';
import { startupMachine } from '../../machines/startup-machine.ts';
import { readGuestAccount } from '../../realtime/guest-account.ts';
import type { MessagingPort } from '../../realtime/messaging-port.ts';
import {
  onStoredUserChanged,
  readStoredMessagingProfile,
  readStoredMessagingUser,
  readStoredToken,
  readStoredUser,
} from '../../realtime/stored-user.ts';

const noSocket = fromCallback(() => () => {});

type StartupActor = ActorRefFrom<typeof startupMachine>;

export interface StartupPorts {
  api: Api;
  messaging: MessagingPort;
  /** The page's query cache: the config start-up loads is the one the shell reads. */
  queryClient: QueryClient;
  /** The page's one site socket (src/realtime's `sharedSiteSocketAtStartup`); none by default. */
  siteSocket?: AnyActorLogic;
}

function startupLogic({ api, messaging, queryClient, siteSocket = noSocket }: StartupPorts) {
  return startupMachine.provide({
    actors: {
      loadKickoutList: fromPromise(async () => {
        await api.post('/api/live/liveKickoutList');
      }),
      loadCustomerService: fromPromise(async () => {
        await api.quiet.post('/api/user/getKefuInfo');
      }),
      loadConfig: fromPromise(async () => {
        await queryClient.fetchQuery(siteConfigQuery(api));
      }),
      loadUserInfo: fromPromise(async () => {
        await queryClient.fetchQuery(memberInfoQuery(api, readStoredUser()?.id ?? null));
      }),
      // SPEC §4 loads an upload token at start; each upload asks for its own when it begins (uploadPicture, the
      // chat's uploads), so a page start does not spend the call's 30-a-minute limit (two tabs ran into it).
      loadUploadToken: fromPromise<void>(async () => {}),
      requestGuestAccount: fromPromise(async () => {
        await messaging.guestAccount();
      }),
      messagingLogin: fromPromise(async () => {
        const user = readStoredMessagingUser();
        if (user) await messaging.login(user.userID, user.userSig);
        else await messaging.guestAccount();
      }),
      pushProfile: fromPromise(async () => {
        const profile = readStoredMessagingProfile();
        if (profile) await messaging.updateProfile(profile);
      }),
      siteSocket,
    },
  });
}

/**
 * Runs `task` at the browser's first idle moment, within 1.5 s: start-up's requests and sockets then
 * do not compete with the first screen's own requests and rendering. Returns a cancel.
 */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

// One start-up per page load. It is not tied to a component's effects: React runs those twice in
// StrictMode (and again when a tree remounts), and a restarted sequence repeats its requests, the
// guest messaging account among them, whose promises a stop cannot take back.
let pageStartup: StartupActor | null = null;

/** Runs the start-up sequence of SPEC §4 once for the page. */
export function useStartup({ api, messaging, queryClient, siteSocket }: StartupPorts): void {
  useEffect(() => {
    const begin = () => {
      pageStartup ??= createActor(startupLogic({ api, messaging, queryClient, siteSocket }), {
        input: { loggedIn: readStoredToken() !== null, hasGuestAccount: readGuestAccount() !== null },
      }).start();
      return pageStartup;
    };
    const cancel = whenIdle(begin);
    // SPEC §4: profile changes go to messaging 1 s after the stored info changes; a change before the
    // idle moment starts the sequence at once, so it is not lost.
    const onChange = () => begin().send({ type: 'profile.changed' });
    const stopListening = onStoredUserChanged(onChange, { anyKey: true });
    return () => {
      cancel();
      stopListening();
    };
  }, [api, messaging, queryClient, siteSocket]);
}
