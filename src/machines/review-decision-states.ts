import { assign, fromPromise, setup } from 'xstate';

/**
 * An admin's decision on something under review, shared by the withdrawal and role application
 * reviews: while it waits, approve or refuse with a reason; each decision is a call that, when it
 * fails, brings the review back to waiting with the failure on show. A machine using these states
 * implements the `approve` and `refuse` actors, the `hasReason` guard and the `keepReason`,
 * `keepFailure` and `clearFailure` actions.
 */

const failureOf = ({ event }: { event: { error: unknown } }) => event.error;

/** The failure of a call, as the review shows it. */
export const failureMessage = (_: unknown, error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The waiting, approving and refusing states, returning to `waiting` and ending in `approved` or
 * `refused`; `afterFailedRefusal` names actions of the machine's own to run when a refusal fails.
 */
export function reviewDecisionStates<Waiting extends string, Approved extends string, Action extends string = never>(
  waiting: Waiting,
  approved: Approved,
  ...afterFailedRefusal: Action[]
) {
  const keepFailure = { type: 'keepFailure', params: failureOf } as const;
  return {
    waiting: {
      on: {
        'review.approve': { target: 'approving', actions: 'clearFailure' },
        'review.refuse': {
          guard: { type: 'hasReason', params: ({ event }: { event: { reason: string } }) => ({ reason: event.reason }) },
          target: 'refusing',
          actions: [{ type: 'keepReason', params: ({ event }: { event: { reason: string } }) => event.reason.trim() }, 'clearFailure'],
        },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approve',
        src: 'approve',
        onDone: approved,
        onError: { target: waiting, actions: keepFailure },
      },
    },
    refusing: {
      tags: ['busy'],
      invoke: {
        id: 'refuse',
        src: 'refuse',
        input: ({ context }: { context: { reason: string | null } }) => ({ reason: context.reason ?? '' }),
        onDone: 'refused',
        onError: { target: waiting, actions: [keepFailure, ...afterFailedRefusal] as const },
      },
    },
  } as const;
}

/** An admin's decision as the decision machines take it. */
export type ReviewDecisionEvent = { type: 'review.approve' } | { type: 'review.refuse'; reason: string };

export interface DecisionReviewContext<Status extends string> {
  /** The status the review was opened in. */
  from: Status;
  /** Why it was refused. */
  reason: string | null;
  /** Why the last decision did not go through; null when it did or none was tried. */
  failure: string | null;
}

export interface DecisionReviewOptions<Status extends string, Waiting extends string, Approved extends string> {
  /** The machine's id, for inspection. */
  id: string;
  /** The state that waits for the decision, and the final state approval ends in. */
  waiting: Waiting;
  approved: Approved;
  /** The state each of the contract's statuses opens in; a decided status opens in its final state. */
  stateOfStatus: Record<Status, Waiting | Approved | 'refused'>;
  /** The status a review opened without one is in. */
  openStatus: Status;
}

/**
 * The review of something made elsewhere (a withdrawal, reported content) that an admin only
 * decides: it opens in the state of its status, waits, and ends approved or refused, both final.
 * Unlike an application it is never sent again, so it has no form. Returns the machine and the
 * server's check of a decision, read off that machine's graph.
 */
export function createDecisionReviewMachine<Status extends string, Waiting extends string, Approved extends string>(
  options: DecisionReviewOptions<Status, Waiting, Approved>,
) {
  const { id, waiting, approved, stateOfStatus, openStatus } = options;
  const decision = reviewDecisionStates(waiting, approved);
  const finalStates = { [approved]: { type: 'final' }, refused: { type: 'final' } } as Record<Approved | 'refused', { type: 'final' }>;
  const machine = setup({
    types: {
      context: {} as DecisionReviewContext<Status>,
      events: {} as ReviewDecisionEvent,
      input: {} as { status?: Status } | undefined,
    },
    actors: {
      approve: fromPromise<void>(async () => {}),
      refuse: fromPromise<void, { reason: string }>(async () => {}),
    },
    actions: {
      keepReason: assign({ reason: (_, reason: string) => reason }),
      keepFailure: assign({ failure: failureMessage }),
      clearFailure: assign({ failure: null }),
    },
    guards: {
      hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
      startsApproved: ({ context }) => stateOfStatus[context.from] === approved,
      startsRefused: ({ context }) => stateOfStatus[context.from] === 'refused',
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ from: input?.status ?? openStatus, reason: null, failure: null }),
    initial: 'start',
    states: {
      start: {
        always: [{ guard: 'startsApproved', target: approved }, { guard: 'startsRefused', target: 'refused' }, { target: waiting }],
      },
      [waiting]: decision.waiting,
      approving: decision.approving,
      refusing: decision.refusing,
      ...finalStates,
    },
  });
  /** Whether an item in `status` may take `event`: only one waiting is decided, and a refusal needs a reason. */
  const allows = (status: Status, event: ReviewDecisionEvent): boolean => {
    const snapshot = machine.resolveState({ value: stateOfStatus[status], context: { from: status, reason: null, failure: null } });
    return snapshot.status === 'active' && snapshot.can(event);
  };
  return { machine, allows };
}
