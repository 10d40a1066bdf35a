import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** Names what is in progress ('Loading page'). */
  label: string;
  /** Done so far, 0 to 1; absent while how much is left is unknown (the bar creeps instead). */
  value?: number;
  /** `page` is the thin bar fixed at the top of the window; `inline` sits in the flow. */
  placement?: 'page' | 'inline';
  /** Lets the bar fade out after reaching the end. */
  finishing?: boolean;
}

/** A progress bar; the page bar runs on each route change (SPEC §1). */
export function ProgressBar({ label, value, placement = 'inline', finishing = false }: ProgressBarProps) {
  const determinate = value !== undefined;
  const percent = determinate ? Math.round(Math.min(1, Math.max(0, value)) * 100) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={[styles.track, styles[placement], finishing ? styles.finishing : ''].join(' ')}
    >
      <div
        className={[styles.fill, determinate ? '' : styles.indeterminate].join(' ')}
        style={determinate ? { transform: `scaleX(${(percent ?? 0) / 100})` } : undefined}
      />
    </div>
  );
}
