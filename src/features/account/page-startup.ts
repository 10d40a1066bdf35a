import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { Api } from '../../api/client.ts';
import { memberInfoQuery, siteConfigQuery } from '../../api/queries/account.ts';
import { startupMachine } from '../../machines/startup-machine.ts';
import { readGuestAccount } from '../../realtime/guest-account.ts';
import type { MessagingPort } from '../../realtime/messaging-port.ts';
import { readStoredMessagingProfile, readStoredMessagingUser, readStoredToken, readStoredUser } from '../../realtime/stored-user.ts';

export type PageStartup = ActorRefFrom<typeof startupMachine>;

export interface StartupPorts {
  api: Api;
  messaging: MessagingPort;
  /** The page's query cache: the config start-up loads is the one the shell reads. */
  queryClient: QueryClient;
  /** Opens the page's one site socket (src/realtime's `openSharedSiteSocket`); none by default. */
  openSiteSocket?: () => void;
}

function startupLogic({ api, messaging, queryClient, openSiteSocket }: StartupPorts) {
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
      // The page's one socket stays open when start-up stops: the screens keep using it.
      siteSocket: fromCallback(() => {
        openSiteSocket?.();
        return () => {};
      }),
    },
  });
}

/** Starts the start-up sequence of SPEC §4 for the page. */
export function startPageStartup(ports: StartupPorts): PageStartup {
  return createActor(startupLogic(ports), {
    input: { loggedIn: readStoredToken() !== null, hasGuestAccount: readGuestAccount() !== null },
  }).start();
}
