import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { describeModel } from './path-replay.ts';
import { reportReviewAllows, reportReviewMachine } from './report-review-machine.ts';
import { createActor, describeCoverage } from './path-coverage.ts';

describeModel({
  name: 'report review',
  machine: reportReviewMachine.provide({
    actors: {
      approve: fromPromise<void>(() => new Promise(() => {})),
      refuse: fromPromise<void, { reason: string }>(() => new Promise(() => {})),
    },
  }),
  events: [
    { type: 'review.approve' },
    { type: 'review.refuse', reason: 'banter, not abuse' },
    { type: 'review.refuse', reason: '  ' },
    { type: 'xstate.done.actor.approve' },
    { type: 'xstate.error.actor.approve', error: new Error('network') },
    { type: 'xstate.done.actor.refuse' },
    { type: 'xstate.error.actor.refuse', error: new Error('network') },
  ],
  delays: {},
  invariant: (snapshot) => {
    // Only content under review takes a decision; a dismissal always has its reason.
    expect(snapshot.can({ type: 'review.approve' })).toBe(snapshot.matches('underReview'));
    if (snapshot.matches('refusing') || snapshot.matches('refused')) expect(snapshot.context.reason).toBe('banter, not abuse');
    if (snapshot.matches('removed') || snapshot.matches('refused')) expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('approving') || snapshot.matches('refusing'));
  },
});

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

describe('report review opened on decided content', () => {
  it('starts where the list says the review ended', () => {
    const removed = createActor(reportReviewMachine, { input: { status: 'removed' } }).start();
    expect(removed.getSnapshot().value).toBe('removed');
    const dismissed = createActor(reportReviewMachine, { input: { status: 'dismissed' } }).start();
    expect(dismissed.getSnapshot().value).toBe('refused');
  });
});

describeCoverage(reportReviewMachine);
