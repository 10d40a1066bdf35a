import { createDecisionReviewMachine, type ReviewDecisionEvent } from './review-decision-states.ts';

/**
 * The review of one withdrawal (DESIGN.md Money): under review (pending) it may be
 * approved, which pays it out through the payment port, or refused with a reason, which returns the
 * held amount. Paid and refused are final. The admin page drives it; the server validates every
 * status change with `reviewAllows`, so both sides follow the same graph.
 */
export type ReviewDecision = ReviewDecisionEvent;

/** The contract's review statuses (ReviewStatus) as the machine's final or starting states. */
export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';

const review = createDecisionReviewMachine({
  id: 'withdrawalReview',
  waiting: 'pending',
  approved: 'paid',
  stateOfStatus: { under_review: 'pending', audit_successful: 'paid', audit_failure: 'refused' },
  openStatus: 'under_review' as ReviewStatus,
});

export const withdrawalReviewMachine = review.machine;

/**
 * Whether a withdrawal in `status` may take `decision`: the server's check of a status change,
 * read off the machine's graph (only a pending review moves, and a refusal needs a reason).
 */
export const reviewAllows: (status: ReviewStatus, decision: ReviewDecision) => boolean = review.allows;
