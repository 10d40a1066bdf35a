import type { ReviewStatus } from './application-review-machine.ts';
import { createDecisionReviewMachine, type ReviewDecisionEvent } from './review-decision-states.ts';

/**
 * The review of a video a member uploaded (SPEC §4 review statuses): under review only its author and
 * admins see it; an admin publishes it in every list, or refuses it with a reason the author reads on
 * their works. Both are final: a refused video is uploaded again, not sent back. The console drives it;
 * the server checks each decision with `videoReviewAllows`, so both sides follow the same graph.
 */
export type VideoReviewEvent = ReviewDecisionEvent;

const review = createDecisionReviewMachine({
  id: 'videoReview',
  waiting: 'underReview',
  approved: 'approved',
  stateOfStatus: { under_review: 'underReview', audit_successful: 'approved', audit_failure: 'refused' },
  openStatus: 'under_review' as ReviewStatus,
});

export const videoReviewMachine = review.machine;

/** Whether a video in `status` may take `event`: only one under review is decided, and a refusal needs a reason. */
export const videoReviewAllows: (status: ReviewStatus, event: VideoReviewEvent) => boolean = review.allows;

/**
 * Whose uploads are published at once. Anchors passed the anchor review and broadcast live without a
 * review of each minute, and admins are the reviewers; a member's upload waits for an admin.
 */
export function publishesWithoutReview(author: { roles: ReadonlySet<string> }): boolean {
  return author.roles.has('anchor') || author.roles.has('admin');
}
