import { fromPromise } from 'xstate';
import { expect } from 'vitest';
import type { createApplicationReviewMachine, ReviewStatus } from './application-review-machine.ts';
import { describeModel } from './path-replay.ts';

// Shared by the role review machines' model-based tests: every path of the application graph,
// opened in each review status, with the invariants every role's review keeps.

export interface ApplicationReviewModel<Form> {
  /** The role, for the tests' names. */
  role: string;
  machine: ReturnType<typeof createApplicationReviewMachine<Form>>;
  /** A form the role's rules take. */
  form: Form;
  /** A form the role's rules refuse. */
  invalidForm: Form;
  /** An admin's reason for refusing. */
  reason: string;
}

/** Replays the paths of a role's review machine, its calls never answering unless the path says so. */
export function describeApplicationReviewModel<Form>({ role, machine, form, invalidForm, reason }: ApplicationReviewModel<Form>) {
  const stubbed = machine.provide({
    actors: {
      submit: fromPromise<void, { form: Form }>(() => new Promise(() => {})),
      approve: fromPromise<void>(() => new Promise(() => {})),
      refuse: fromPromise<void, { reason: string }>(() => new Promise(() => {})),
    },
  });

  const events = [
    { type: 'application.submit', form },
    { type: 'application.submit', form: invalidForm },
    { type: 'review.approve' },
    { type: 'review.refuse', reason },
    { type: 'review.refuse', reason: '  ' },
    { type: 'xstate.done.actor.submit' },
    { type: 'xstate.error.actor.submit', error: new Error('network') },
    { type: 'xstate.done.actor.approve' },
    { type: 'xstate.error.actor.approve', error: new Error('network') },
    { type: 'xstate.done.actor.refuse' },
    { type: 'xstate.error.actor.refuse', error: new Error('network') },
  ];

  /** What holds in every state, whichever status the machine opened in. */
  function invariant(snapshot: ReturnType<typeof stubbed.resolveState>) {
    // Only a new or failed application is sent, and only one under review is decided.
    const editable = snapshot.matches('notApplied') || snapshot.matches('refused');
    expect(snapshot.hasTag('editable')).toBe(editable);
    expect(snapshot.can({ type: 'application.submit', form })).toBe(editable);
    expect(snapshot.can({ type: 'application.submit', form: invalidForm })).toBe(false);
    expect(snapshot.can({ type: 'review.approve' })).toBe(snapshot.matches('underReview'));
    expect(snapshot.can({ type: 'review.refuse', reason: ' ' })).toBe(false);
    // A form that went out passed the role's rules (SPEC §5).
    if (snapshot.matches('submitting')) expect(snapshot.context.form).toEqual(form);
    if (snapshot.matches('refusing')) expect(snapshot.context.reason).toBe(reason);
    if (snapshot.matches('underReview')) expect(snapshot.context.reason).toBeNull();
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('submitting') || snapshot.matches('approving') || snapshot.matches('refusing'));
    expect(snapshot.status === 'done').toBe(snapshot.matches('approved'));
  }

  const statuses: readonly (ReviewStatus | null)[] = [null, 'under_review', 'audit_failure', 'audit_successful'];
  for (const status of statuses) {
    describeModel({
      name: `${role} review opened at ${status ?? 'no application'}`,
      machine: stubbed,
      input: { status, reason: status === 'audit_failure' ? reason : null },
      events,
      delays: {},
      invariant,
    });
  }
}
