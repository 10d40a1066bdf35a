import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

/** One tab of a tab list. */
export interface TabItem<Key extends string> {
  /** Identifies the tab to `selected` and `onSelect`. */
  key: Key;
  /** What the tab says. */
  label: string;
}

export interface TabsProps<Key extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** The tabs, in order. */
  tabs: readonly TabItem<Key>[];
  /** The key of the tab shown. */
  selected: Key;
  /** Called with the key of the tab chosen by click or arrow keys. */
  onSelect: (key: Key) => void;
  /** The content of the selected tab. */
  children?: ReactNode;
}

/** How much of the neighbouring tab stays in sight beside a tab scrolled to, so the row still reads as one that scrolls. */
const scrollPeek = 24;

/** Tabs as WAI-ARIA describes them: one tab stop, arrow keys move and select, Home and End jump. */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Key>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: Key) => `${id}-tab-${key}`;
  const shown = useRef(false);
  const labels = tabs.map((tab) => tab.label).join('\n');

  // On a narrow screen the row scrolls sideways, and a screen opened on a later tab (the wallet's
  // mall, by its address) would have it out of sight. The row alone is scrolled: scrollIntoView
  // would move the page to the row as well. Opening jumps; a change glides unless motion is reduced.
  // Run again when the selection or the labels (which set the tabs' widths) change.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const opening = !shown.current;
    shown.current = true;
    if (!list || !tab) return;
    const listLeft = list.getBoundingClientRect().left + list.clientLeft;
    const box = tab.getBoundingClientRect();
    const hiddenBefore = listLeft - box.left;
    const hiddenAfter = box.right - (listLeft + list.clientWidth);
    const by = hiddenBefore > 0 ? -(hiddenBefore + scrollPeek) : hiddenAfter > 0 ? Math.min(hiddenAfter + scrollPeek, -hiddenBefore) : 0;
    if (by === 0) return;
    const glide = !opening && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: by, behavior: glide ? 'smooth' : 'instant' });
  }, [selected, labels]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.key))}`)?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div ref={listRef} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} className={styles.panel}>
          {children}
        </div>
      )}
    </div>
  );
}
