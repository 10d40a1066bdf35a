import styles from './status-badge.module.css';

/** The statuses of SPEC §4: live rooms and matches, reviews, and settlements of expert plans. */
export type BadgeStatus =
  | 'in_progress'
  | 'not_started'
  | 'over'
  | 'under_review'
  | 'audit_successful'
  | 'audit_failure'
  | 'to_be_settled'
  | 'settled'
  | 'won'
  | 'lost'
  | 'void';

const tones: Record<BadgeStatus, 'live' | 'info' | 'neutral' | 'warning' | 'success' | 'error'> = {
  in_progress: 'live',
  not_started: 'info',
  over: 'neutral',
  under_review: 'warning',
  audit_successful: 'success',
  audit_failure: 'error',
  to_be_settled: 'warning',
  settled: 'neutral',
  won: 'success',
  lost: 'error',
  void: 'neutral',
};

export interface StatusBadgeProps {
  /** The status shown; it picks the colour. */
  status: BadgeStatus;
  /** The status in words, already translated ('Live', '进行中'). */
  label: string;
}

/** A small coloured label for a status; live ones have a pulsing dot. */
export function StatusBadge({ status, label }: StatusBadgeProps) {
  const tone = tones[status];
  return (
    <span className={[styles.badge, styles[tone]].join(' ')} data-status={status}>
      {tone === 'live' && <span className={styles.dot} aria-hidden="true" />}
      {label}
    </span>
  );
}
