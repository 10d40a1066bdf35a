import { fromCallback, fromPromise, setup, type EventObject } from 'xstate';

export type StartupEvent = { type: 'profile.changed' };

export interface StartupInput {
  /** A user is stored (SPEC §3 userInfo). */
  loggedIn: boolean;
  /** A guest messaging account is stored (SPEC §3 imTouristAccount). */
  hasGuestAccount: boolean;
}

export interface StartupContext {
  loggedIn: boolean;
  hasGuestAccount: boolean;
}

const ignored = fromPromise<void>(async () => undefined);

type LoadedOnce = 'loadKickoutList' | 'loadCustomerService' | 'loadConfig' | 'loadUserInfo' | 'loadUploadToken';

/** A region that loads once and is done whether the load worked or not. */
function loadOnce<Src extends LoadedOnce>(src: Src) {
  return {
    initial: 'loading',
    states: {
      loading: { invoke: { id: src, src, onDone: 'done', onError: 'done' } },
      done: { type: 'final' },
    },
  } as const;
}

/**
 * The start-up sequence of SPEC §4. The socket is the page's one site socket (its
 * socket machine, which reconnects by itself), attached by the `siteSocket` actor the caller
 * provides: it opens that socket if no screen has yet, and never opens a second.
 */
export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
    input: {} as StartupInput,
  },
  actors: {
    loadKickoutList: ignored,
    loadCustomerService: ignored,
    loadConfig: ignored,
    loadUserInfo: ignored,
    loadUploadToken: ignored,
    requestGuestAccount: ignored,
    messagingLogin: ignored,
    pushProfile: ignored,
    siteSocket: fromCallback<EventObject>(() => () => {}),
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    needsGuestAccount: ({ context }) => !context.loggedIn && !context.hasGuestAccount,
  },
  delays: {
    // SPEC §9: the tourist login delay, and the profile push after stored info changes.
    messagingLoginDelay: 500,
    profilePushDelay: 1000,
  },
}).createMachine({
  id: 'startup',
  context: ({ input }) => ({ ...input }),
  type: 'parallel',
  invoke: { id: 'siteSocket', src: 'siteSocket' },
  states: {
    // SPEC §8: failures of the config and the customer-service info are ignored.
    kickoutList: loadOnce('loadKickoutList'),
    customerService: loadOnce('loadCustomerService'),
    config: loadOnce('loadConfig'),
    messaging: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'needsGuestAccount', target: 'requestingGuest' }, { target: 'waiting' }],
        },
        requestingGuest: {
          invoke: { id: 'requestGuestAccount', src: 'requestGuestAccount', onDone: 'ready', onError: 'failed' },
        },
        waiting: {
          after: { messagingLoginDelay: 'loggingIn' },
        },
        loggingIn: {
          invoke: { id: 'messagingLogin', src: 'messagingLogin', onDone: 'ready', onError: 'failed' },
        },
        ready: {},
        failed: {},
      },
    },
    user: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'loggedIn', target: 'loading' }, { target: 'guest' }],
        },
        loading: {
          type: 'parallel',
          states: {
            info: loadOnce('loadUserInfo'),
            // SPEC §8: an upload token that fails is ignored.
            uploadToken: loadOnce('loadUploadToken'),
          },
          onDone: 'loaded',
        },
        loaded: {},
        guest: {},
      },
    },
    profileSync: {
      initial: 'idle',
      on: { 'profile.changed': { target: '.pending', reenter: true } },
      states: {
        idle: {},
        pending: {
          after: { profilePushDelay: 'pushing' },
        },
        pushing: {
          invoke: { id: 'pushProfile', src: 'pushProfile', onDone: 'idle', onError: 'idle' },
        },
      },
    },
  },
});
