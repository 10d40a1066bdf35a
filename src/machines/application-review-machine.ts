import { assign, fromPromise, setup } from 'xstate';
import { failureMessage, reviewDecisionStates } from './review-decision-states.ts';

/**
 * An application for a role and its review (SPEC §4 review statuses, §5 fields). A user who never
 * applied, or whose application failed, may send one; under review, an admin approves it, which gives
 * the user the role, or refuses it with a reason the user reads before applying again. Approval is
 * final. Each role (anchor, expert) brings its own form and rules; the apply form, the admin console
 * and the server's check of every status change all follow the graph made here.
 */

/** The contract's review statuses (ReviewStatus); null is a user who never applied. */
export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';

export type ApplicationReviewEvent<Form> =
  | { type: 'application.submit'; form: Form }
  | { type: 'review.approve' }
  | { type: 'review.refuse'; reason: string };

export interface ApplicationReviewContext<Form> {
  /** The status the machine was opened in. */
  from: ReviewStatus | null;
  /** Why the review failed: the admin's words, shown to the applicant. */
  reason: string | null;
  /** The application being sent. */
  form: Form | null;
  /** Why the last call did not go through; null when it did or none was tried. */
  failure: string | null;
}

export interface ApplicationReviewOptions<Form> {
  /** The machine's id, for inspection. */
  id: string;
  /** Whether the form may be sent: the role's own rules (SPEC §5). */
  formValid: (form: Form) => boolean;
  /** The tag of the approved state, naming the role the user now has. */
  roleTag: string;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error;
// A kept reason means the applicant was refused, so a refusal that failed forgets its reason.
const decision = reviewDecisionStates('underReview', 'approved', 'clearReason');

/** The review machine of one role's applications. */
export function createApplicationReviewMachine<Form>({ id, formValid, roleTag }: ApplicationReviewOptions<Form>) {
  const submitWhenValid = {
    guard: { type: 'formValid', params: ({ event }: { event: { form: Form } }) => ({ form: event.form }) },
    target: 'submitting',
    actions: [{ type: 'keepForm', params: ({ event }: { event: { form: Form } }) => event.form }, 'clearFailure'],
  } as const;
  return setup({
    types: {
      context: {} as ApplicationReviewContext<Form>,
      events: {} as ApplicationReviewEvent<Form>,
      input: {} as { status?: ReviewStatus | null; reason?: string | null } | undefined,
    },
    actors: {
      submit: fromPromise<void, { form: Form }>(async () => {}),
      approve: fromPromise<void>(async () => {}),
      refuse: fromPromise<void, { reason: string }>(async () => {}),
    },
    actions: {
      keepForm: assign({ form: (_, form: Form) => form }),
      keepReason: assign({ reason: (_, reason: string) => reason }),
      clearReason: assign({ reason: null }),
      keepFailure: assign({ failure: failureMessage }),
      clearFailure: assign({ failure: null }),
    },
    guards: {
      formValid: (_, params: { form: Form }) => formValid(params.form),
      hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
      startsUnderReview: ({ context }) => context.from === 'under_review',
      startsApproved: ({ context }) => context.from === 'audit_successful',
      startsRefused: ({ context }) => context.from === 'audit_failure',
      wasRefused: ({ context }) => context.reason !== null,
    },
  }).createMachine({
    id,
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
        on: { 'application.submit': submitWhenValid },
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
      underReview: decision.waiting,
      approving: decision.approving,
      refusing: decision.refusing,
      refused: {
        tags: ['editable'],
        on: { 'application.submit': submitWhenValid },
      },
      approved: { type: 'final', tags: [roleTag] },
    },
  });
}

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
export function applicationReviewAllows<Form>(
  machine: ReturnType<typeof createApplicationReviewMachine<Form>>,
  status: ReviewStatus | null,
  event: ApplicationReviewEvent<Form>,
): boolean {
  const snapshot = machine.resolveState({
    value: stateOfStatus[status ?? 'none'],
    context: { from: status, reason: status === 'audit_failure' ? '' : null, form: null, failure: null },
  });
  return snapshot.status === 'active' && snapshot.can(event);
}
