import { assign, fromPromise, setup } from 'xstate';
import { failureMessage, reviewDecisionStates } from './review-decision-states.ts';

/**
 * The review of one withdrawal (DESIGN.md Money): under review (pending) it may be
 * approved, which pays it out through the payment port, or refused with a reason, which returns the
 * held amount. Paid and refused are final. The admin page drives it; the server validates every
 * status change with `reviewAllows`, so both sides follow the same graph.
 */
export type ReviewDecision = { type: 'review.approve' } | { type: 'review.refuse'; reason: string };
export type ReviewEvent = ReviewDecision;

export interface ReviewContext {
  /** The status the review was opened in. */
  from: ReviewStatus;
  reason: string | null;
  /** Why the last decision did not go through; null when it did or none was tried. */
  failure: string | null;
}

/** The contract's review statuses (ReviewStatus) as the machine's final or starting states. */
export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';

const decision = reviewDecisionStates('pending', 'paid');

export const withdrawalReviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as { status?: ReviewStatus } | undefined,
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
    startsPaid: ({ context }) => context.from === 'audit_successful',
    startsRefused: ({ context }) => context.from === 'audit_failure',
  },
}).createMachine({
  id: 'withdrawalReview',
  context: ({ input }) => ({ from: input?.status ?? 'under_review', reason: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'startsPaid', target: 'paid' },
        { guard: 'startsRefused', target: 'refused' },
        { target: 'pending' },
      ],
    },
    pending: decision.waiting,
    approving: decision.approving,
    refusing: decision.refusing,
    paid: { type: 'final' },
    refused: { type: 'final' },
  },
});

/**
 * Whether a withdrawal in `status` may take `decision`: the server's check of a status change,
 * read off the machine's graph (only a pending review moves, and a refusal needs a reason).
 */
export function reviewAllows(status: ReviewStatus, decision: ReviewDecision): boolean {
  const machine = withdrawalReviewMachine;
  const snapshot = machine.resolveState({
    value: status === 'under_review' ? 'pending' : status === 'audit_successful' ? 'paid' : 'refused',
    context: { from: status, reason: null, failure: null },
  });
  return snapshot.status === 'active' && snapshot.can(decision);
}
