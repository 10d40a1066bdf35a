import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import styles from './list.module.css';

export interface ListProps<Item> {
  /** Names the list for screen readers. */
  label: string;
  /** `loading` before the first answer, `error` when there is none to be had, else `ready`. */
  status: 'loading' | 'error' | 'ready';
  /** The items; an empty array (when ready) shows `emptyLabel`. */
  items: readonly Item[] | undefined;
  /** Draws one item. */
  renderItem: (item: Item, index: number) => ReactNode;
  /** A stable key for an item. */
  getKey: (item: Item) => string | number;
  /** Shown when there are no items: 'No data' (SPEC §8). */
  emptyLabel: string;
  /** Shown while loading: 'Data loading, please wait!' (SPEC §8). */
  loadingLabel: string;
  /** Shown when loading failed; defaults to `emptyLabel`, as the site says nothing more (SPEC §8). */
  errorLabel?: string;
  /** `rows` stacks items, `grid` lays them out in as many columns as fit. */
  layout?: 'rows' | 'grid';
  /** The narrowest a grid column may get, in px; defaults to 220. */
  minItemWidth?: number;
}

/** A list with the site's three states: loading, nothing, and the items. */
export function List<Item>({
  label,
  status,
  items,
  renderItem,
  getKey,
  emptyLabel,
  loadingLabel,
  errorLabel,
  layout = 'rows',
  minItemWidth = 220,
}: ListProps<Item>) {
  if (status === 'loading') return <EmptyState title={loadingLabel} busy />;
  if (status === 'error') return <EmptyState title={errorLabel ?? emptyLabel} />;
  if (!items || items.length === 0) return <EmptyState title={emptyLabel} />;
  return (
    <ul
      aria-label={label}
      className={[styles.list, styles[layout]].join(' ')}
      style={layout === 'grid' ? { gridTemplateColumns: `repeat(auto-fill, minmax(min(${minItemWidth}px, 100%), 1fr))` } : undefined}
    >
      {items.map((item, index) => (
        <li key={getKey(item)} className={styles.item}>
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}
