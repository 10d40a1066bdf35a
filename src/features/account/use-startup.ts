import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../api/client.ts';
import { readStoredToken } from '../../api/stored-user.ts';
import { startupMachine } from '../../machines/startup-machine.ts';
import { readGuestAccount, type MessagingPort } from './messaging-port.ts';
import { readStoredMessagingUser } from './stored-session.ts';

const userInfoKey = 'userInfo';

/**
 * Runs the start-up sequence of SPEC §4 for the app's lifetime. The socket is the scores area's:
 * pass its actor logic as `scoreSocket` when it is wired here; until then the machine invokes nothing.
 */
export function useStartup(api: Api, messaging: MessagingPort, scoreSocket = fromCallback(() => () => {})) {
  const [logic] = useState(() =>
    startupMachine.provide({
      actors: {
        loadKickoutList: fromPromise(async () => {
          await api.post('/api/live/liveKickoutList');
        }),
        loadCustomerService: fromPromise(async () => {
          await api.post('/api/user/getKefuInfo');
        }),
        loadConfig: fromPromise(async () => {
          await api.get('/api/universal/getConfig');
        }),
        loadUserInfo: fromPromise(async () => {
          await api.get('/api/Member/info');
        }),
        loadUploadToken: fromPromise(async () => {
          await api.post('/api/Member/getQiniuToken', { body: {} });
        }),
        requestGuestAccount: fromPromise(async () => {
          await messaging.guestAccount();
        }),
        messagingLogin: fromPromise(async () => {
          const user = readStoredMessagingUser();
          if (user) await messaging.login(user.userID, user.userSig);
          else await messaging.guestAccount();
        }),
        pushProfile: fromPromise(async () => {
          const raw: unknown = JSON.parse(localStorage.getItem(userInfoKey) ?? 'null');
          if (typeof raw !== 'object' || raw === null || !('profile' in raw)) return;
          const profile = raw.profile as { user_nickname?: unknown; avatar?: unknown };
          await messaging.updateProfile({ nick: String(profile.user_nickname ?? ''), avatar: String(profile.avatar ?? '') });
        }),
        scoreSocket,
      },
    }),
  );
  const startup = useActorRef(logic, {
    input: { loggedIn: readStoredToken() !== null, hasGuestAccount: readGuestAccount() !== null },
  });
  // SPEC §4: profile changes go to messaging 1 s after the stored info changes.
  useEffect(() => {
    const onChange = () => startup.send({ type: 'profile.changed' });
    window.addEventListener('pitchside:user-changed', onChange);
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener('pitchside:user-changed', onChange);
      window.removeEventListener('storage', onChange);
    };
  }, [startup]);
  return startup;
}
