import { assign, fromPromise, setup } from 'xstate';
import { failureMessage, reviewDecisionStates } from './review-decision-states.ts';

/**
 * The review of one piece of reported content: under review an admin removes it, which hides it
 * everywhere it is shown, or dismisses the reports with a reason, which keeps it. Both are final.
 * The console drives it; the server checks each decision with `reportReviewAllows`, so both sides
 * follow the same graph.
 */
export type ReportReviewEvent = { type: 'review.approve' } | { type: 'review.refuse'; reason: string };

/** The contract's report statuses (ReportStatus). */
export type ReportStatus = 'under_review' | 'removed' | 'dismissed';

export interface ReportReviewContext {
  /** The status the review was opened in. */
  from: ReportStatus;
  /** Why the reports were dismissed. */
  reason: string | null;
  /** Why the last decision did not go through; null when it did or none was tried. */
  failure: string | null;
}

// Approving a report removes the content; refusing it dismisses the report.
const decision = reviewDecisionStates('underReview', 'removed');

export const reportReviewMachine = setup({
  types: {
    context: {} as ReportReviewContext,
    events: {} as ReportReviewEvent,
    input: {} as { status?: ReportStatus } | undefined,
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
    startsRemoved: ({ context }) => context.from === 'removed',
    startsDismissed: ({ context }) => context.from === 'dismissed',
  },
}).createMachine({
  id: 'reportReview',
  context: ({ input }) => ({ from: input?.status ?? 'under_review', reason: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'startsRemoved', target: 'removed' },
        { guard: 'startsDismissed', target: 'refused' },
        { target: 'underReview' },
      ],
    },
    underReview: decision.waiting,
    approving: decision.approving,
    refusing: decision.refusing,
    removed: { type: 'final' },
    // Dismissed: the reports are refused and the content stays.
    refused: { type: 'final' },
  },
});

const stateOfStatus = { under_review: 'underReview', removed: 'removed', dismissed: 'refused' } as const;

/**
 * Whether reported content in `status` may take `event`: the server's check of a decision, read off
 * the machine's graph (only content under review is decided, and a dismissal needs a reason).
 */
export function reportReviewAllows(status: ReportStatus, event: ReportReviewEvent): boolean {
  const snapshot = reportReviewMachine.resolveState({ value: stateOfStatus[status], context: { from: status, reason: null, failure: null } });
  return snapshot.status === 'active' && snapshot.can(event);
}
