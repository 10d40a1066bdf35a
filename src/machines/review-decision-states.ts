/**
 * An admin's decision on something under review, shared by the withdrawal and role application
 * reviews: while it waits, approve or refuse with a reason; each decision is a call that, when it
 * fails, brings the review back to waiting with the failure on show. A machine using these states
 * implements the `approve` and `refuse` actors, the `hasReason` guard and the `keepReason`,
 * `keepFailure` and `clearFailure` actions.
 */

const failureOf = ({ event }: { event: { error: unknown } }) => event.error;

/** The failure of a call, as the review shows it. */
export const failureMessage = (_: unknown, error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The waiting, approving and refusing states, returning to `waiting` and ending in `approved` or
 * `refused`; `afterFailedRefusal` names actions of the machine's own to run when a refusal fails.
 */
export function reviewDecisionStates<Waiting extends string, Approved extends string, Action extends string = never>(
  waiting: Waiting,
  approved: Approved,
  ...afterFailedRefusal: Action[]
) {
  const keepFailure = { type: 'keepFailure', params: failureOf } as const;
  return {
    waiting: {
      on: {
        'review.approve': { target: 'approving', actions: 'clearFailure' },
        'review.refuse': {
          guard: { type: 'hasReason', params: ({ event }: { event: { reason: string } }) => ({ reason: event.reason }) },
          target: 'refusing',
          actions: [{ type: 'keepReason', params: ({ event }: { event: { reason: string } }) => event.reason.trim() }, 'clearFailure'],
        },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approve',
        src: 'approve',
        onDone: approved,
        onError: { target: waiting, actions: keepFailure },
      },
    },
    refusing: {
      tags: ['busy'],
      invoke: {
        id: 'refuse',
        src: 'refuse',
        input: ({ context }: { context: { reason: string | null } }) => ({ reason: context.reason ?? '' }),
        onDone: 'refused',
        onError: { target: waiting, actions: [keepFailure, ...afterFailedRefusal] as const },
      },
    },
  } as const;
}
