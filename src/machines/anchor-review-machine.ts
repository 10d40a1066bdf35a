import { assign, fromPromise, setup } from 'xstate';

/**
 * An anchor application and its review (SPEC §4 review statuses, §5 fields). A user who
 * never applied, or whose application failed, may send one; under review, an admin approves it,
 * which makes the user an anchor with a room, or refuses it with a reason the user reads before
 * applying again. Approval is final. The apply form and the admin page drive it; the server checks
 * every status change with `anchorReviewAllows`, so all three follow the same graph.
 */

/** The contract's review statuses (ReviewStatus); null is a user who never applied. */
export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';
export type ContactType = 'qq' | 'wechat' | 'phone';

/** The application as the form holds it (the contract's AnchorVerificationRequest). */
export interface AnchorApplicationForm {
  real_name: string;
  id_number: string;
  contact_type: ContactType;
  contact: string;
  inviter: string;
  experience: string;
  agree_protocol: boolean;
}

export type AnchorReviewEvent =
  | { type: 'application.submit'; form: AnchorApplicationForm }
  | { type: 'review.approve' }
  | { type: 'review.refuse'; reason: string };

export interface AnchorReviewContext {
  /** The status the machine was opened in. */
  from: ReviewStatus | null;
  /** Why the review failed: the admin's words, shown to the applicant. */
  reason: string | null;
  /** The application being sent. */
  form: AnchorApplicationForm | null;
  /** Why the last call did not go through; null when it did or none was tried. */
  failure: string | null;
}

/** SPEC §5: the experience text has at least 15 characters. */
export const minExperienceLength = 15;

const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCheckCharacters = '10X98765432';

/** A resident identity card number (GB 11643): 17 digits and the ISO 7064 MOD 11-2 check character. */
export function residentIdValid(idNumber: string): boolean {
  const id = idNumber.trim().toUpperCase();
  if (!/^[0-9]{17}[0-9X]$/.test(id)) return false;
  const sum = idWeights.reduce((total, weight, index) => total + weight * Number(id[index]), 0);
  return idCheckCharacters[sum % 11] === id[17];
}

const contactForms: Record<ContactType, RegExp> = {
  qq: /^[1-9][0-9]{4,11}$/,
  wechat: /^[A-Za-z][-_A-Za-z0-9]{5,19}$/,
  phone: /^([0-9]{1,4}-)?[0-9]{5,15}$/,
};

/** Characters as a reader counts them (a Chinese character or an emoji is one). */
const lengthOf = (text: string) => [...text.trim()].length;

export type ApplicationProblem = 'realName' | 'idNumber' | 'contact' | 'experience' | 'protocol';

/** What keeps the application from being sent (SPEC §5); empty when it may go. */
export function applicationProblems(form: AnchorApplicationForm): ApplicationProblem[] {
  const problems: ApplicationProblem[] = [];
  if (lengthOf(form.real_name) < 2 || lengthOf(form.real_name) > 30) problems.push('realName');
  if (!residentIdValid(form.id_number)) problems.push('idNumber');
  if (!contactForms[form.contact_type].test(form.contact.trim())) problems.push('contact');
  if (lengthOf(form.experience) < minExperienceLength) problems.push('experience');
  if (!form.agree_protocol) problems.push('protocol');
  return problems;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error;

export const anchorReviewMachine = setup({
  types: {
    context: {} as AnchorReviewContext,
    events: {} as AnchorReviewEvent,
    input: {} as { status?: ReviewStatus | null; reason?: string | null } | undefined,
  },
  actors: {
    submit: fromPromise<void, { form: AnchorApplicationForm }>(async () => {}),
    approve: fromPromise<void>(async () => {}),
    refuse: fromPromise<void, { reason: string }>(async () => {}),
  },
  actions: {
    keepForm: assign({ form: (_, form: AnchorApplicationForm) => form }),
    keepReason: assign({ reason: (_, reason: string) => reason }),
    clearReason: assign({ reason: null }),
    keepFailure: assign({ failure: (_, error: unknown) => (error instanceof Error ? error.message : String(error)) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    formValid: (_, params: { form: AnchorApplicationForm }) => applicationProblems(params.form).length === 0,
    hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
    startsUnderReview: ({ context }) => context.from === 'under_review',
    startsApproved: ({ context }) => context.from === 'audit_successful',
    startsRefused: ({ context }) => context.from === 'audit_failure',
    wasRefused: ({ context }) => context.reason !== null,
  },
}).createMachine({
  id: 'anchorReview',
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
        // Back where the applicant was: a refused application keeps its reason on show.
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
    approved: { type: 'final', tags: ['anchor'] },
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
 * status change, read off the machine's graph. Only a new or failed application is sent, only one
 * under review is decided, a refusal needs a reason and a form must be complete (SPEC §5).
 */
export function anchorReviewAllows(status: ReviewStatus | null, event: AnchorReviewEvent): boolean {
  const snapshot = anchorReviewMachine.resolveState({
    value: stateOfStatus[status ?? 'none'],
    context: { from: status, reason: status === 'audit_failure' ? '' : null, form: null, failure: null },
  });
  return snapshot.status === 'active' && snapshot.can(event);
}
