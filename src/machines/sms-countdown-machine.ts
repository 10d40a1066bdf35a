import { assign, fromPromise, setup } from 'xstate';

/** SPEC §4 and §9: after a code is sent the button waits 60 s. */
export const smsResendSeconds = 60;

/** What the SMS code is for: 1 register, 2 anything else (forgot password). */
export type SmsPurpose = 1 | 2;

/** What a code request sends: the mobile as `country-number`, its purpose and a solved human check. */
export interface SmsCodeRequest {
  mobile: string;
  purpose: SmsPurpose;
  /** The ALTCHA widget's payload; the server spends it, so each request carries a new one. */
  altcha: string;
}

export type SmsCountdownEvent = { type: 'sms.request' } & SmsCodeRequest;

export interface SmsCountdownContext {
  /** Seconds before another code may be asked for; 0 when the button can be pressed. */
  remaining: number;
}

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
  },
  actors: {
    requestCode: fromPromise<unknown, SmsCodeRequest>(async () => undefined),
  },
  actions: {
    startCountdown: assign({ remaining: smsResendSeconds }),
    tick: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
  },
  guards: {
    moreThanOneSecondLeft: ({ context }) => context.remaining > 1,
  },
  delays: {
    smsTick: 1000,
  },
}).createMachine({
  id: 'smsCountdown',
  context: { remaining: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'sms.request': 'requesting' },
    },
    requesting: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ event }) => {
          if (event.type !== 'sms.request') throw new Error('requesting starts with sms.request');
          return { mobile: event.mobile, purpose: event.purpose, altcha: event.altcha };
        },
        onDone: { target: 'counting', actions: 'startCountdown' },
        // The failure's message is shown by the session machine (SPEC §8); the button is free again.
        onError: 'idle',
      },
    },
    counting: {
      after: {
        smsTick: [
          { guard: 'moreThanOneSecondLeft', target: 'counting', reenter: true, actions: 'tick' },
          { target: 'idle', actions: 'tick' },
        ],
      },
    },
  },
});
