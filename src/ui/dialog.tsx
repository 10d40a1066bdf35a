import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { IconButton } from './icon-button.tsx';
import styles from './dialog.module.css';

export interface DialogProps {
  /** Whether the dialog is shown; when false nothing is rendered. */
  open: boolean;
  /** The heading, which also names the dialog. */
  title: string;
  /** Called by Escape and by the close button. */
  onClose: () => void;
  /** The dialog's content. */
  children?: ReactNode;
  /** A sentence under the title that also describes the dialog to screen readers. */
  description?: string;
  /** Buttons at the bottom, end-aligned. */
  footer?: ReactNode;
  /** Accessible name of the × button; without it the dialog has no × button. */
  closeLabel?: string;
  /** Width in px on screens wide enough (the login dialog is 500, SPEC §2); defaults to 420. */
  width?: number;
  /** The element that gets the focus on opening; defaults to the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
}

const focusableSelector =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus is trapped inside, Escape closes it, and focus goes back where it was. */
export function Dialog({ open, title, onClose, children, description, footer, closeLabel, width = 420, initialFocus }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusStart = () => (initialFocus?.current ?? boxRef.current?.querySelector<HTMLElement>(focusableSelector) ?? boxRef.current)?.focus();
    focusStart();
    // Tab wraps inside the box (onKeyDown); this brings back focus that got out another way.
    function keepFocusInside(event: FocusEvent) {
      if (event.target instanceof Node && !boxRef.current?.contains(event.target)) focusStart();
    }
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      previouslyFocused?.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = [...boxRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={styles.overlay}>
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.box}
        style={{ width: `min(${width}px, 100%)` }}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {closeLabel && <IconButton icon="close" label={closeLabel} onClick={onClose} />}
        </div>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
