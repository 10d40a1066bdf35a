import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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

/** Tabs as WAI-ARIA describes them: one tab stop, arrow keys move and select, Home and End jump. */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Key>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: Key) => `${id}-tab-${key}`;

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
