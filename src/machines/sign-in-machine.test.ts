import { fromPromise } from 'xstate';
import { expect } from 'vitest';
import { describeModel } from './path-replay.ts';
import { signInMachine, type SignInBoard, type SignInOutcome } from './sign-in-machine.ts';
import { describeCoverage } from './path-coverage.ts';

const board = (is_sign: 0 | 1): SignInBoard => ({ is_sign, today: 3, coins: 40, days: [{ day: 3, is_sign, lz_num: 10 }] });

describeModel({
  name: 'sign-in',
  machine: signInMachine.provide({
    actors: {
      loadBoard: fromPromise<SignInBoard>(() => new Promise(() => {})),
      signIn: fromPromise<SignInOutcome, { day: number }>(() => new Promise(() => {})),
    },
  }),
  events: [
    { type: 'xstate.done.actor.loadBoard', output: board(0) },
    { type: 'xstate.done.actor.loadBoard', output: board(1) },
    { type: 'xstate.error.actor.loadBoard', error: new Error('network') },
    { type: 'xstate.done.actor.signIn', output: { coins: 50, lz_num: 10 } },
    { type: 'xstate.error.actor.signIn', error: new Error('already') },
    { type: 'signin.click' },
    { type: 'signin.retry' },
  ],
  delays: {},
  invariant: (snapshot) => {
    // SPEC §4 and §5: the button reads 'already signed in' when is_sign is 1, and then does nothing.
    if (snapshot.matches('ready')) expect(snapshot.matches({ ready: 'signed' })).toBe(snapshot.context.board?.is_sign === 1);
    if (snapshot.matches({ ready: 'signed' })) expect(snapshot.can({ type: 'signin.click' })).toBe(false);
    if (snapshot.context.credited !== null) expect(snapshot.context.board?.coins).toBe(50);
  },
});

describeCoverage(signInMachine);
