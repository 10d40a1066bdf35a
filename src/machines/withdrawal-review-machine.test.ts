import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { describeModel } from './path-replay.ts';
import { reviewAllows, withdrawalReviewMachine } from './withdrawal-review-machine.ts';
import { createActor, describeCoverage } from './path-coverage.ts';

describeModel({
  name: 'withdrawal review',
  machine: withdrawalReviewMachine.provide({
    actors: {
      approve: fromPromise<void>(() => new Promise(() => {})),
      refuse: fromPromise<void, { reason: string }>(() => new Promise(() => {})),
    },
  }),
  events: [
    { type: 'review.approve' },
    { type: 'review.refuse', reason: 'name does not match' },
    { type: 'review.refuse', reason: '   ' },
    { type: 'xstate.done.actor.approve' },
    { type: 'xstate.error.actor.approve', error: new Error('payout failed') },
    { type: 'xstate.done.actor.refuse' },
    { type: 'xstate.error.actor.refuse', error: new Error('network') },
  ],
  delays: {},
  invariant: (snapshot) => {
    // Only a pending review takes a decision; a refusal always has its reason.
    expect(snapshot.can({ type: 'review.approve' })).toBe(snapshot.matches('pending'));
    if (snapshot.matches('refusing') || snapshot.matches('refused')) expect(snapshot.context.reason).toBe('name does not match');
    if (snapshot.matches('paid') || snapshot.matches('refused')) expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('approving') || snapshot.matches('refusing'));
  },
});

describe('the server check of a status change', () => {
  it('lets a withdrawal under review be approved or refused with a reason', () => {
    expect(reviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(reviewAllows('under_review', { type: 'review.refuse', reason: 'wrong card' })).toBe(true);
    expect(reviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
  });

  it('refuses any decision once the review is over', () => {
    for (const status of ['audit_successful', 'audit_failure'] as const) {
      expect(reviewAllows(status, { type: 'review.approve' })).toBe(false);
      expect(reviewAllows(status, { type: 'review.refuse', reason: 'again' })).toBe(false);
    }
  });
});

describe('a review opened after its decision', () => {
  it('starts in the final state of the status it was opened in, and takes no decision', () => {
    for (const [status, state] of [['audit_successful', 'paid'], ['audit_failure', 'refused'], ['under_review', 'pending']] as const) {
      const actor = createActor(withdrawalReviewMachine, { input: { status } }).start();
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().can({ type: 'review.approve' })).toBe(status === 'under_review');
    }
  });
});

describeCoverage(withdrawalReviewMachine);
