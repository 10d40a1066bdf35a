import { describe, expect, it } from 'vitest';
import { describeDecisionReviewModel } from './decision-review-model.ts';
import { createActor, describeCoverage } from './path-coverage.ts';
import { publishesWithoutReview, videoReviewAllows, videoReviewMachine } from './video-review-machine.ts';

describeDecisionReviewModel({ name: 'video review', machine: videoReviewMachine, approved: 'approved', reason: 'shows a pirated broadcast' });


describe('the server check of a video decision', () => {
  it('lets a video under review be published, or refused with a reason', () => {
    expect(videoReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(videoReviewAllows('under_review', { type: 'review.refuse', reason: 'not sport' })).toBe(true);
    expect(videoReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
  });

  it('refuses any decision once one is made', () => {
    for (const status of ['audit_successful', 'audit_failure'] as const) {
      expect(videoReviewAllows(status, { type: 'review.approve' })).toBe(false);
      expect(videoReviewAllows(status, { type: 'review.refuse', reason: 'again' })).toBe(false);
    }
  });
});

describe('a video opened after its decision', () => {
  it('starts in the final state of its status, and takes no decision', () => {
    for (const [status, state] of [['audit_successful', 'approved'], ['audit_failure', 'refused'], ['under_review', 'underReview']] as const) {
      const actor = createActor(videoReviewMachine, { input: { status } }).start();
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().can({ type: 'review.approve' })).toBe(status === 'under_review');
    }
  });
});

describe('whose uploads wait for review', () => {
  it('publishes anchors’ and admins’ uploads at once and holds a member’s', () => {
    expect(publishesWithoutReview({ roles: new Set(['anchor']) })).toBe(true);
    expect(publishesWithoutReview({ roles: new Set(['admin']) })).toBe(true);
    expect(publishesWithoutReview({ roles: new Set() })).toBe(false);
    expect(publishesWithoutReview({ roles: new Set(['expert']) })).toBe(false);
  });
});

describeCoverage(videoReviewMachine);
