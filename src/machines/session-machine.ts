import { and, assign, not, setup, stateIn } from 'xstate';

/** Message ids (src/i18n/messages) the session machine may show in a toast. */
export type SessionMessageId = 'error.generic' | 'session.loginFirst';

/** The toast the session machine holds while its `toast` region is `shown`. */
export type SessionToast =
  | { tone: 'error'; text: string }
  | { tone: 'error' | 'warning'; messageId: SessionMessageId };

export type SessionEvent =
  | { type: 'response.failed'; code: number; msg: string }
  | { type: 'network.failed' }
  | { type: 'relogin.confirmed' }
  | { type: 'relogin.cancelled' }
  | { type: 'toast.closed' };

export interface SessionContext {
  toast: SessionToast | null;
}

// SPEC §8: these codes mean the token is no longer valid.
const loggedOutCodes: ReadonlySet<number> = new Set([50008, 50012, 50014]);
export const sessionGoneCode = 700;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    clearUser: () => {},
    resetTokenAndReload: () => {},
    showServerError: assign({
      toast: ({ event }): SessionToast =>
        event.type === 'response.failed' && event.msg !== ''
          ? { tone: 'error', text: event.msg }
          : { tone: 'error', messageId: 'error.generic' },
    }),
    showLoginFirst: assign({
      toast: (): SessionToast => ({ tone: 'warning', messageId: 'session.loginFirst' }),
    }),
    clearToast: assign({ toast: null }),
  },
  guards: {
    isSessionGone: ({ event }) => event.type === 'response.failed' && event.code === sessionGoneCode,
    isLoggedOut: ({ event }) => event.type === 'response.failed' && loggedOutCodes.has(event.code),
  },
  delays: {
    toastDuration: 5000,
    sessionGoneGuard: 2000,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: { toast: null },
  on: {
    // SPEC §8: network errors reject the call and show nothing.
    'network.failed': {},
  },
  states: {
    toast: {
      initial: 'hidden',
      // Targeting `.shown` from the region exits and re-enters it, so a new failure replaces the
      // toast and restarts its 5 s.
      on: {
        'response.failed': [
          {
            guard: and(['isSessionGone', stateIn({ sessionGone: 'armed' })]),
            target: '.shown',
            actions: 'showLoginFirst',
          },
          { guard: not('isSessionGone'), target: '.shown', actions: 'showServerError' },
        ],
      },
      states: {
        hidden: {},
        shown: {
          exit: 'clearToast',
          after: { toastDuration: 'hidden' },
          on: { 'toast.closed': 'hidden' },
        },
      },
    },
    reloginConfirm: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'response.failed': { guard: 'isLoggedOut', target: 'open' } },
        },
        open: {
          on: {
            'relogin.confirmed': { target: 'closed', actions: 'resetTokenAndReload' },
            'relogin.cancelled': 'closed',
          },
        },
      },
    },
    // SPEC §8: only the first 700 within 2 s clears the user and shows the toast.
    sessionGone: {
      initial: 'armed',
      states: {
        armed: {
          on: { 'response.failed': { guard: 'isSessionGone', target: 'guarded', actions: 'clearUser' } },
        },
        guarded: {
          after: { sessionGoneGuard: 'armed' },
        },
      },
    },
  },
});
