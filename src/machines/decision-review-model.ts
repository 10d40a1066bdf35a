import { fromPromise, type AnyStateMachine } from 'xstate';
import { expect } from 'vitest';
import { describeModel } from './path-replay.ts';

/**
 * The model test of a machine made by createDecisionReviewMachine: its decisions held (never answered
 * unless a path says so), walked along its graph, with the invariants every such review keeps.
 */
export function describeDecisionReviewModel({
  name,
  machine,
  approved,
  reason,
}: {
  name: string;
  machine: AnyStateMachine;
  /** The machine's name for its approved final state. */
  approved: string;
  /** The refusal's reason the walk types. */
  reason: string;
}): void {
  describeModel({
    name,
    machine: machine.provide({
      actors: {
        approve: fromPromise<void>(() => new Promise(() => {})),
        refuse: fromPromise<void, { reason: string }>(() => new Promise(() => {})),
      },
    }),
    events: [
      { type: 'review.approve' },
      { type: 'review.refuse', reason },
      { type: 'review.refuse', reason: '  ' },
      { type: 'xstate.done.actor.approve' },
      { type: 'xstate.error.actor.approve', error: new Error('network') },
      { type: 'xstate.done.actor.refuse' },
      { type: 'xstate.error.actor.refuse', error: new Error('network') },
    ],
    delays: {},
    invariant: (snapshot) => {
      // Only what is under review takes a decision; a refusal always has its reason.
      expect(snapshot.can({ type: 'review.approve' })).toBe(snapshot.matches('underReview'));
      if (snapshot.matches('refusing') || snapshot.matches('refused')) expect(snapshot.context.reason).toBe(reason);
      if (snapshot.matches(approved) || snapshot.matches('refused')) expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('approving') || snapshot.matches('refusing'));
    },
  });
}
