import { assign, fromPromise, setup } from 'xstate';

/**
 * An expert application and its review (SPEC §4 review statuses, §5 fields, §6 the expert role). A
 * user who never applied, or whose application failed, may send one; under review, an admin approves
 * it, which makes the user an expert, or refuses it with a reason the user reads before applying
 * again. Approval is final. The member centre's form and the admin console drive it; the server checks
 * every status change with `expertReviewAllows`, so all three follow the same graph.
 */

export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';
export type ExpertSpeciality = 'football' | 'basketball';

/** The application as the form holds it (the contract's Member/applyChannel body). */
export interface ExpertApplicationForm {
  speciality: ExpertSpeciality;
  experience: string;
  analyst_code_agreed: boolean;
}

export type ExpertReviewEvent =
  | { type: 'application.submit'; form: ExpertApplicationForm }
  | { type: 'review.approve' }
  | { type: 'review.refuse'; reason: string };

export interface ExpertReviewContext {
  from: ReviewStatus | null;
  /** Why the review failed: the admin's words, shown to the applicant. */
  reason: string | null;
  form: ExpertApplicationForm | null;
  /** Why the last call did not go through; null when it did or none was tried. */
  failure: string | null;
}

/** SPEC §5 and §9: the experience is within 200 words. */
export const maxExperienceWords = 200;

/**
 * Words as a reader of either language counts them: each Chinese, Japanese or Korean character is a
 * word, and so is each run of other letters or digits.
 */
export function wordCount(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const others = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return cjk + others;
}

export type ExpertApplicationProblem = 'experience' | 'experienceLong' | 'analystCode';

/** What keeps the application from being sent (SPEC §5); empty when it may go. */
export function expertApplicationProblems(form: ExpertApplicationForm): ExpertApplicationProblem[] {
  const problems: ExpertApplicationProblem[] = [];
  const words = wordCount(form.experience);
  if (words === 0) problems.push('experience');
  if (words > maxExperienceWords) problems.push('experienceLong');
  if (!form.analyst_code_agreed) problems.push('analystCode');
  return problems;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error;

export const expertReviewMachine = setup({
  types: {
    context: {} as ExpertReviewContext,
    events: {} as ExpertReviewEvent,
    input: {} as { status?: ReviewStatus | null; reason?: string | null } | undefined,
  },
  actors: {
    submit: fromPromise<void, { form: ExpertApplicationForm }>(async () => {}),
    approve: fromPromise<void>(async () => {}),
    refuse: fromPromise<void, { reason: string }>(async () => {}),
  },
  actions: {
    keepForm: assign({ form: (_, form: ExpertApplicationForm) => form }),
    keepReason: assign({ reason: (_, reason: string) => reason }),
    clearReason: assign({ reason: null }),
    keepFailure: assign({ failure: (_, error: unknown) => (error instanceof Error ? error.message : String(error)) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    formValid: (_, params: { form: ExpertApplicationForm }) => expertApplicationProblems(params.form).length === 0,
    hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
    startsUnderReview: ({ context }) => context.from === 'under_review',
    startsApproved: ({ context }) => context.from === 'audit_successful',
    startsRefused: ({ context }) => context.from === 'audit_failure',
    wasRefused: ({ context }) => context.reason !== null,
  },
}).createMachine({
  id: 'expertReview',
  context: ({ input }) => ({ from: input?.status ?? null, reason: input?.reason ?? null, form: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'startsUnderReview', target: 'underReview' },
        { guard: 'startsApproved', target: 'approved' },
        { guard: 'startsRefused', target: 'refused' },
        { target: 'notApplied' },
      ],
    },
    notApplied: {
      tags: ['editable'],
      on: {
        'application.submit': {
          guard: { type: 'formValid', params: ({ event }) => ({ form: event.form }) },
          target: 'submitting',
          actions: [{ type: 'keepForm', params: ({ event }) => event.form }, 'clearFailure'],
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ form: context.form! }),
        onDone: { target: 'underReview', actions: 'clearReason' },
        onError: [
          { guard: 'wasRefused', target: 'refused', actions: { type: 'keepFailure', params: failureOf } },
          { target: 'notApplied', actions: { type: 'keepFailure', params: failureOf } },
        ],
      },
    },
    underReview: {
      on: {
        'review.approve': { target: 'approving', actions: 'clearFailure' },
        'review.refuse': {
          guard: { type: 'hasReason', params: ({ event }) => ({ reason: event.reason }) },
          target: 'refusing',
          actions: [{ type: 'keepReason', params: ({ event }) => event.reason.trim() }, 'clearFailure'],
        },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approve',
        src: 'approve',
        onDone: 'approved',
        onError: { target: 'underReview', actions: { type: 'keepFailure', params: failureOf } },
      },
    },
    refusing: {
      tags: ['busy'],
      invoke: {
        id: 'refuse',
        src: 'refuse',
        input: ({ context }) => ({ reason: context.reason ?? '' }),
        onDone: 'refused',
        onError: { target: 'underReview', actions: [{ type: 'keepFailure', params: failureOf }, 'clearReason'] },
      },
    },
    refused: {
      tags: ['editable'],
      on: {
        'application.submit': {
          guard: { type: 'formValid', params: ({ event }) => ({ form: event.form }) },
          target: 'submitting',
          actions: [{ type: 'keepForm', params: ({ event }) => event.form }, 'clearFailure'],
        },
      },
    },
    approved: { type: 'final', tags: ['expert'] },
  },
});

const stateOfStatus = {
  none: 'notApplied',
  under_review: 'underReview',
  audit_successful: 'approved',
  audit_failure: 'refused',
} as const;

/**
 * Whether an application in `status` (null: none yet) may take `event`: the server's check of a
 * status change, read off the machine's graph.
 */
export function expertReviewAllows(status: ReviewStatus | null, event: ExpertReviewEvent): boolean {
  const snapshot = expertReviewMachine.resolveState({
    value: stateOfStatus[status ?? 'none'],
    context: { from: status, reason: status === 'audit_failure' ? '' : null, form: null, failure: null },
  });
  return snapshot.status === 'active' && snapshot.can(event);
}
