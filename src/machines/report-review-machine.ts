import { createDecisionReviewMachine, type ReviewDecisionEvent } from './review-decision-states.ts';

/**
 * The review of one piece of reported content: under review an admin removes it, which hides it
 * everywhere it is shown, or dismisses the reports with a reason, which keeps it. Both are final.
 * The console drives it; the server checks each decision with `reportReviewAllows`, so both sides
 * follow the same graph.
 */
export type ReportReviewEvent = ReviewDecisionEvent;

/** The contract's report statuses (ReportStatus). */
export type ReportStatus = 'under_review' | 'removed' | 'dismissed';

// Approving a report removes the content; refusing it dismisses the reports and the content stays.
const review = createDecisionReviewMachine({
  id: 'reportReview',
  waiting: 'underReview',
  approved: 'removed',
  stateOfStatus: { under_review: 'underReview', removed: 'removed', dismissed: 'refused' },
  openStatus: 'under_review' as ReportStatus,
});

export const reportReviewMachine = review.machine;

/**
 * Whether reported content in `status` may take `event`: the server's check of a decision, read off
 * the machine's graph (only content under review is decided, and a dismissal needs a reason).
 */
export const reportReviewAllows: (status: ReportStatus, event: ReportReviewEvent) => boolean = review.allows;
