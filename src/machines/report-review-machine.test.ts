import { describe, expect, it } from 'vitest';
import { describeDecisionReviewModel } from './decision-review-model.ts';
import { reportReviewAllows, reportReviewMachine } from './report-review-machine.ts';
import { createActor, describeCoverage } from './path-coverage.ts';

describeDecisionReviewModel({ name: 'report review', machine: reportReviewMachine, approved: 'removed', reason: 'banter, not abuse' });


describe('the server check of a report decision', () => {
  it('lets reported content under review be removed, or dismissed with a reason', () => {
    expect(reportReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(reportReviewAllows('under_review', { type: 'review.refuse', reason: 'fair comment' })).toBe(true);
    expect(reportReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
  });

  it('refuses any decision once one is made', () => {
    for (const status of ['removed', 'dismissed'] as const) {
      expect(reportReviewAllows(status, { type: 'review.approve' })).toBe(false);
      expect(reportReviewAllows(status, { type: 'review.refuse', reason: 'again' })).toBe(false);
    }
  });
});

describe('a report opened after its decision', () => {
  it('starts in the final state of the status it was opened in, and takes no decision', () => {
    for (const [status, state] of [['removed', 'removed'], ['dismissed', 'refused'], ['under_review', 'underReview']] as const) {
      const actor = createActor(reportReviewMachine, { input: { status } }).start();
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().can({ type: 'review.approve' })).toBe(status === 'under_review');
    }
  });
});

describeCoverage(reportReviewMachine);
