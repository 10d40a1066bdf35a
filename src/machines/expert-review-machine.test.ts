import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { describeModel } from './path-replay.ts';
import {
  expertApplicationProblems,
  expertReviewAllows,
  expertReviewMachine,
  wordCount,
  type ExpertApplicationForm,
} from './expert-review-machine.ts';

const form: ExpertApplicationForm = { speciality: 'football', experience: '十年英超分析，擅长亚洲盘口', analyst_code_agreed: true };
const unticked = { ...form, analyst_code_agreed: false };

const stubbed = expertReviewMachine.provide({
  actors: {
    submit: fromPromise<void, { form: ExpertApplicationForm }>(() => new Promise(() => {})),
    approve: fromPromise<void>(() => new Promise(() => {})),
    refuse: fromPromise<void, { reason: string }>(() => new Promise(() => {})),
  },
});

const events = [
  { type: 'application.submit', form },
  { type: 'application.submit', form: unticked },
  { type: 'review.approve' },
  { type: 'review.refuse', reason: 'record too short' },
  { type: 'review.refuse', reason: '  ' },
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new Error('network') },
  { type: 'xstate.done.actor.approve' },
  { type: 'xstate.error.actor.approve', error: new Error('network') },
  { type: 'xstate.done.actor.refuse' },
  { type: 'xstate.error.actor.refuse', error: new Error('network') },
];

function invariant(snapshot: ReturnType<typeof stubbed.resolveState>) {
  const editable = snapshot.matches('notApplied') || snapshot.matches('refused');
  expect(snapshot.hasTag('editable')).toBe(editable);
  expect(snapshot.can({ type: 'application.submit', form })).toBe(editable);
  expect(snapshot.can({ type: 'application.submit', form: unticked })).toBe(false);
  expect(snapshot.can({ type: 'review.approve' })).toBe(snapshot.matches('underReview'));
  expect(snapshot.can({ type: 'review.refuse', reason: ' ' })).toBe(false);
  if (snapshot.matches('submitting')) expect(snapshot.context.form).toEqual(form);
  if (snapshot.matches('refusing')) expect(snapshot.context.reason).toBe('record too short');
  if (snapshot.matches('underReview')) expect(snapshot.context.reason).toBeNull();
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('submitting') || snapshot.matches('approving') || snapshot.matches('refusing'));
  expect(snapshot.status === 'done').toBe(snapshot.matches('approved'));
}

for (const status of [null, 'under_review', 'audit_failure', 'audit_successful'] as const) {
  describeModel({
    name: `expert review opened at ${status ?? 'no application'}`,
    machine: stubbed,
    input: { status, reason: status === 'audit_failure' ? 'record too short' : null },
    events,
    delays: {},
    invariant,
  });
}

describe('the expert application rules (SPEC §5)', () => {
  it('counts a Chinese character as a word and a run of letters as one', () => {
    expect(wordCount('十年英超')).toBe(4);
    expect(wordCount('Ten years of Premier League, 2 titles')).toBe(7);
    expect(wordCount('英超 Premier 分析')).toBe(5);
    expect(wordCount('  ')).toBe(0);
  });

  it('takes 200 words and refuses 201, an empty text and an unticked code', () => {
    expect(expertApplicationProblems({ ...form, experience: 'word '.repeat(200) })).toEqual([]);
    expect(expertApplicationProblems({ ...form, experience: '析'.repeat(201) })).toEqual(['experienceLong']);
    expect(expertApplicationProblems({ ...form, experience: ' ', analyst_code_agreed: false })).toEqual(['experience', 'analystCode']);
  });

  it('lets the server decide only what the graph allows', () => {
    expect(expertReviewAllows(null, { type: 'application.submit', form })).toBe(true);
    expect(expertReviewAllows('audit_failure', { type: 'application.submit', form })).toBe(true);
    expect(expertReviewAllows('under_review', { type: 'application.submit', form })).toBe(false);
    expect(expertReviewAllows('audit_successful', { type: 'application.submit', form })).toBe(false);
    expect(expertReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(expertReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
    for (const status of [null, 'audit_successful', 'audit_failure'] as const) {
      expect(expertReviewAllows(status, { type: 'review.approve' })).toBe(false);
    }
  });
});
