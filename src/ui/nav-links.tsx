import type { ReactNode } from 'react';
import styles from './nav-links.module.css';

/** One link of a NavLinks group. */
export interface NavLinkItem {
  /** Identifies the link to `current`. */
  key: string;
  /** What the link says. */
  label: string;
  /** Where it leads. */
  href: string;
  /** A glyph before the label. */
  icon?: ReactNode;
}

export interface NavLinksProps {
  /** Names the navigation landmark for screen readers. */
  label: string;
  /** The links, in order. */
  items: readonly NavLinkItem[];
  /** The key of the page shown (marked aria-current); none when no link is the page shown. */
  current?: string;
  /** `side`: a column beside the content, a scrolling row on narrow screens; `chips`: pills that wrap. */
  variant?: 'side' | 'chips';
}

/** A group of links between sibling pages or filters, the page shown marked: side tabs and filter chips. */
export function NavLinks({ label, items, current, variant = 'side' }: NavLinksProps) {
  return (
    <nav aria-label={label} className={[styles.nav, styles[variant]].join(' ')}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            <a href={item.href} className={styles.link} aria-current={item.key === current ? 'page' : undefined}>
              {item.icon}
              <span className={styles.label}>{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
