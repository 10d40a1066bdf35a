import { assign, fromPromise, setup } from 'xstate';

/**
 * Converting income into yellow diamonds (SPEC §5: irreversible, needs confirmation): enter an
 * amount, confirm in a dialog that says it cannot be undone, converting, then done or failed. The
 * amount is whole tenths (0.1 is the smallest unit); the caller's `convert` actor sends it with one
 * Idempotency-Key per confirmation, reused when the user retries after a failure.
 */
export type ConversionEvent =
  | { type: 'amount.change'; tenths: number | null }
  | { type: 'convert.request' }
  | { type: 'convert.confirm' }
  | { type: 'convert.cancel' }
  | { type: 'convert.retry' }
  | { type: 'convert.again' };

export interface ConversionOutcome {
  /** Income left, in tenths. */
  incomeTenths: number;
}

export interface ConversionContext {
  /** The income wallet's balance, in tenths. */
  incomeTenths: number;
  tenths: number | null;
  problem: 'empty' | 'tooMuch' | null;
  failure: string | null;
}

export const conversionMachine = setup({
  types: {
    context: {} as ConversionContext,
    events: {} as ConversionEvent,
    input: {} as { incomeTenths: number },
  },
  actors: {
    convert: fromPromise<ConversionOutcome, { tenths: number }>(async () => ({ incomeTenths: 0 })),
  },
  actions: {
    keepAmount: assign({ tenths: (_, tenths: number | null) => tenths, problem: null }),
    judge: assign({
      problem: ({ context }) =>
        context.tenths === null || context.tenths <= 0 ? ('empty' as const) : context.tenths > context.incomeTenths ? ('tooMuch' as const) : null,
    }),
    keepOutcome: assign({ incomeTenths: (_, outcome: ConversionOutcome) => outcome.incomeTenths, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => (error instanceof Error ? error.message : String(error)) }),
    reset: assign({ tenths: null, problem: null, failure: null }),
  },
  guards: {
    amountFits: ({ context }) => context.tenths !== null && context.tenths > 0 && context.tenths <= context.incomeTenths,
  },
}).createMachine({
  id: 'conversion',
  context: ({ input }) => ({ incomeTenths: input.incomeTenths, tenths: null, problem: null, failure: null }),
  initial: 'entering',
  states: {
    entering: {
      on: {
        'amount.change': { actions: { type: 'keepAmount', params: ({ event }) => event.tenths } },
        'convert.request': [{ guard: 'amountFits', target: 'confirming' }, { actions: 'judge' }],
      },
    },
    confirming: {
      on: {
        'convert.confirm': 'converting',
        'convert.cancel': 'entering',
      },
    },
    converting: {
      tags: ['busy'],
      invoke: {
        id: 'convert',
        src: 'convert',
        input: ({ context }) => ({ tenths: context.tenths ?? 0 }),
        onDone: { target: 'done', actions: { type: 'keepOutcome', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: {
        'convert.retry': 'converting',
        'convert.cancel': 'entering',
      },
    },
    done: {
      on: { 'convert.again': { target: 'entering', actions: 'reset' } },
    },
  },
});
