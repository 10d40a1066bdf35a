import { createActor, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../machines/session-machine.ts';
import { clearStoredUser, notifyStoredUserChanged } from '../realtime/stored-user.ts';

const appSessionMachine = sessionMachine.provide({
  actions: {
    clearUser: () => {
      clearStoredUser();
      notifyStoredUserChanged();
    },
    resetTokenAndReload: () => {
      clearStoredUser();
      window.location.reload();
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Starts the page's session machine (SPEC §8), which hears every failed call and the socket's 700. */
export function startSession(): SessionActor {
  return createActor(appSessionMachine).start();
}
