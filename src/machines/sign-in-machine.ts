import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** The part of Activity/pcSignTaskList (SignTaskBoard) the sign-in button needs. */
export type SignInBoard = Pick<Schemas['SignTaskBoard'], 'is_sign' | 'today' | 'coins' | 'days'>;

/** The part of Activity/task_handle_sign's answer (SignInResult) the machine keeps. */
export type SignInOutcome = Pick<Schemas['SignInResult'], 'coins' | 'lz_num'>;

export type SignInEvent = { type: 'signin.click' } | { type: 'signin.retry' };

export interface SignInContext {
  board: SignInBoard | null;
  /** Coins credited by the sign-in of this visit. */
  credited: number | null;
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    loadBoard: fromPromise<SignInBoard>(async () => ({ is_sign: 0, today: 1, coins: 0, days: [] })),
    signIn: fromPromise<SignInOutcome, { day: number }>(async () => ({ coins: 0, lz_num: 0 })),
  },
  actions: {
    keepBoard: assign({ board: (_, board: SignInBoard) => board }),
    keepOutcome: assign(({ context }, outcome: SignInOutcome) => ({
      board: context.board && {
        ...context.board,
        is_sign: 1 as const,
        coins: outcome.coins,
        days: context.board.days.map((day) => (day.day === context.board?.today ? { ...day, is_sign: 1 as const } : day)),
      },
      credited: outcome.lz_num,
    })),
  },
  guards: {
    signedToday: ({ context }) => context.board?.is_sign === 1,
  },
}).createMachine({
  id: 'signIn',
  context: { board: null, credited: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        onDone: { target: 'ready', actions: { type: 'keepBoard', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'signin.retry': 'loading' },
    },
    ready: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'signedToday', target: 'signed' }, { target: 'unsigned' }],
        },
        unsigned: {
          on: { 'signin.click': 'signing' },
        },
        signing: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ day: context.board?.today ?? 1 }),
            onDone: { target: 'signed', actions: { type: 'keepOutcome', params: ({ event }) => event.output } },
            // Another tab may have signed in already: the board says how things stand.
            onError: '#signIn.loading',
          },
        },
        // SPEC §5: sign-in does nothing if already signed in.
        signed: {},
      },
    },
  },
});
