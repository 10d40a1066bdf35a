import styles from './count-badge.module.css';

export interface CountBadgeProps {
  /** What is counted; above `max` it reads `max+`. */
  count: number;
  /** The largest count written out in full. */
  max?: number;
  /** Shown before the number, as in "+3" for goals waiting behind the one shown. */
  prefix?: string;
  /** live: something for the user to read (unread chat); accent: something queued (goal pop-ups). */
  tone?: 'live' | 'accent';
  /** Placement by the parent (a margin beside a link's text). */
  className?: string;
}

/**
 * A small round count beside a link or button. It is hidden from screen readers: the parent says the
 * count in words, in the user's language, where it makes sense of it ("3 unread messages").
 */
export function CountBadge({ count, max = 99, prefix = '', tone = 'live', className }: CountBadgeProps) {
  const shown = count > max ? `${String(max)}+` : String(count);
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} data-tone={tone} aria-hidden="true">
      {prefix}
      {shown}
    </span>
  );
}
