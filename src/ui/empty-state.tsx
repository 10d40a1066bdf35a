import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** The one line that says what is (not) here: 'No data', 'Data loading, please wait!'. */
  title: string;
  /** A second line that says why or what to do. */
  description?: string;
  /** The glyph above the title; defaults to an empty tray. */
  icon?: IconName;
  /** A button or link that helps out of the state. */
  action?: ReactNode;
  /** `busy` marks a loading state for screen readers (aria-busy) and spins a ring instead of the glyph. */
  busy?: boolean;
}

/** What a list or page shows when it has nothing, or nothing yet. */
export function EmptyState({ title, description, icon = 'inbox', action, busy = false }: EmptyStateProps) {
  return (
    <div className={styles.state} role="status" aria-busy={busy || undefined}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : <Icon name={icon} size={40} />}
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action}
    </div>
  );
}
