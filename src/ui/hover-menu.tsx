import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import styles from './hover-menu.module.css';

/** One link of a hover menu. */
export interface HoverMenuItem {
  /** Identifies the item among its siblings. */
  key: string;
  /** What the item says. */
  label: string;
  /** Where the item leads. */
  href: string;
  /** Marks the item of the page being shown (aria-current). */
  current?: boolean;
}

export interface HoverMenuProps {
  /** What the trigger shows; also its accessible name unless `triggerLabel` is given. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is not text (an avatar, say). */
  triggerLabel?: string;
  /** The links; give `children` instead for a panel of other content. */
  items?: readonly HoverMenuItem[];
  /** Panel content other than links (a user card, a language list). */
  children?: ReactNode;
  /** Highlights the trigger as the section of the page being shown. */
  current?: boolean;
  /** Which edge the panel lines up with. */
  align?: 'start' | 'end';
  /** `onDark` for the dark top bar. */
  tone?: 'default' | 'onDark';
  /** Hides the ▾ after the label. */
  hideChevron?: boolean;
  /** Places the open panel against the window under the trigger, so a row that scrolls sideways (a phone's navigation) does not clip it. */
  floating?: boolean;
}

const itemSelector = 'a[href], button:not([disabled])';
// Long enough to cross the gap between trigger and panel with the pointer, short enough to feel instant.
const closeDelayMs = 150;

/**
 * A trigger that shows a panel on hover, click, Enter, Space or ArrowDown (the disclosure pattern of
 * WAI-ARIA, fit for site navigation). Arrow keys move between the panel's links, Escape closes it and
 * returns to the trigger, and leaving it with Tab closes it.
 */
export function HoverMenu({
  label,
  triggerLabel,
  items,
  children,
  current = false,
  align = 'start',
  tone = 'default',
  hideChevron = false,
  floating = false,
}: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A click that lands on a trigger the pointer has just opened keeps the panel open instead of closing it.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    if (!floating || !open || !trigger) return;
    const box = trigger.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    setPlace(
      align === 'end'
        ? { position: 'fixed', top: box.bottom, right: Math.max(4, width - box.right), left: 'auto' }
        : { position: 'fixed', top: box.bottom, left: Math.max(4, Math.min(box.left, width - 180)) },
    );
  }, [floating, open, align]);

  function focusable(): HTMLElement[] {
    return [...(rootRef.current?.querySelectorAll<HTMLElement>(`#${CSS.escape(panelId)} :is(${itemSelector})`) ?? [])];
  }

  function focusItem(which: 'first' | 'last' | 1 | -1) {
    const list = focusable();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      which === 'first' ? 0 : which === 'last' ? list.length - 1 : (index + which + list.length) % list.length;
    list[next]?.focus();
  }

  function openThen(which: 'first' | 'last') {
    setOpen(true);
    // The panel renders on this update; focus it once it is in the document.
    requestAnimationFrame(() => focusItem(which));
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openThen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onRootKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (event.target === triggerRef.current) return;
    const moves: Record<string, 'first' | 'last' | 1 | -1> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusItem(move);
    }
  }

  return (
    <div
      ref={rootRef}
      className={[styles.root, styles[tone]].join(' ')}
      onMouseEnter={() => {
        clearTimeout(closeTimer.current);
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        closeTimer.current = setTimeout(() => setOpen(false), closeDelayMs);
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node) || !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={onRootKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        aria-current={current ? 'page' : undefined}
        data-current={current || undefined}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((was) => !was);
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        {!hideChevron && (
          <span className={styles.chevron}>
            <Icon name="chevronDown" size={16} />
          </span>
        )}
      </button>
      <div id={panelId} className={[styles.panel, styles[align]].join(' ')} hidden={!open} style={floating ? place : undefined}>
        {items ? (
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.key}>
                <a
                  href={item.href}
                  className={styles.item}
                  aria-current={item.current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
