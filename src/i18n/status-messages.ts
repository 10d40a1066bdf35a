import type { MessageId } from './messages.ts';

/** The words for the statuses of SPEC §4, by status: live, review and settlement. */
export const statusMessages = {
  in_progress: 'status.in_progress',
  not_started: 'status.not_started',
  over: 'status.over',
  under_review: 'status.under_review',
  audit_successful: 'status.audit_successful',
  audit_failure: 'status.audit_failure',
  to_be_settled: 'status.to_be_settled',
  settled: 'status.settled',
  won: 'status.won',
  lost: 'status.lost',
  void: 'status.void',
} as const satisfies Record<string, MessageId>;

/** A match's statuses: a match over is finished (a broadcast over has ended). */
export const matchStatusMessages = {
  in_progress: 'status.in_progress',
  not_started: 'status.not_started',
  over: 'status.finished',
} as const satisfies Record<string, MessageId>;
