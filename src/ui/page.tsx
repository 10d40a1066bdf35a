import type { ReactNode } from 'react';
import styles from './page.module.css';

export interface PageProps {
  /** The page's one h1. */
  title: string;
  /** The title is what a user wrote (a video's title), not the site's words: marked data-user-content. */
  titleIsUserContent?: boolean;
  /** A line under the title. */
  subtitle?: string;
  /** Controls on the title's row (filters, a button). */
  actions?: ReactNode;
  /** The page's content. */
  children?: ReactNode;
}

/** The frame of a screen's main content: its title and what follows. */
export function Page({ title, titleIsUserContent = false, subtitle, actions, children }: PageProps) {
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title} data-user-content={titleIsUserContent || undefined}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}
