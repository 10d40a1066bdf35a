import { Icon } from './icon.tsx';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are; with one page or none nothing is rendered. */
  pageCount: number;
  /** Called with the page to show. */
  onChange: (page: number) => void;
  /** Names the navigation landmark ('Pages'). */
  label: string;
  /** Accessible name of the previous-page button. */
  previousLabel: string;
  /** Accessible name of the next-page button. */
  nextLabel: string;
  /** Accessible name of a page button, given its number ('Page 3'). */
  pageLabel: (page: number) => string;
}

/** How many pages a list of `total` items has at `limit` a page (the contract's page fields); at least one. */
export function pageCountOf(total: number, limit: number): number {
  return limit > 0 ? Math.max(1, Math.ceil(total / limit)) : 1;
}

/** The page numbers to show: first, last, and two either side of the current one, with gaps between. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set([1, pageCount]);
  for (let near = page - 2; near <= page + 2; near++) if (near >= 1 && near <= pageCount) shown.add(near);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    return previous !== undefined && number - previous > 1 ? (['gap', number] as const) : [number];
  });
}

/** Previous, page numbers and next; the current page is marked for screen readers. */
export function Pagination({ page, pageCount, onChange, label, previousLabel, nextLabel, pageLabel }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      <button type="button" className={styles.step} aria-label={previousLabel} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <Icon name="chevronLeft" />
      </button>
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            className={styles.page}
            aria-label={pageLabel(entry)}
            aria-current={entry === page ? 'page' : undefined}
            onClick={() => onChange(entry)}
          >
            {entry}
          </button>
        ),
      )}
      <button type="button" className={styles.step} aria-label={nextLabel} disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
