import type { ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  /** The card's heading; with `href` it is the link that opens the thing the card shows. */
  title: ReactNode;
  /** Where the card leads; the whole card is clickable, the heading carries the link for screen readers. */
  href?: string;
  /** A picture, a video cover or a crest row shown above the heading. */
  media?: ReactNode;
  /** Lines under the heading: who, when, how many. */
  children?: ReactNode;
  /** The heading level in the page's outline; defaults to 3. */
  headingLevel?: 2 | 3 | 4;
}

/** A surface that groups one item: media, heading, details. */
export function Card({ title, href, media, children, headingLevel = 3 }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={[styles.card, href ? styles.linked : ''].join(' ')}>
      {media && <div className={styles.media}>{media}</div>}
      <div className={styles.body}>
        <Heading className={styles.title}>
          {href ? (
            <a href={href} className={styles.link}>
              {title}
            </a>
          ) : (
            title
          )}
        </Heading>
        {children && <div className={styles.details}>{children}</div>}
      </div>
    </article>
  );
}
