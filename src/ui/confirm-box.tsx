import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Button } from './button.tsx';
import styles from './confirm-box.module.css';

export interface ConfirmBoxProps {
  /** Whether the box is shown; when false nothing is rendered. */
  open: boolean;
  /** The heading, which also names the dialog. */
  title: string;
  /** The statement or question, which also describes the dialog. */
  message: string;
  /** Label of the confirming button, which has the focus when the box opens. */
  confirmLabel: string;
  /** Label of the cancelling button. */
  cancelLabel: string;
  /** Called by the confirming button. */
  onConfirm: () => void;
  /** Called by the cancelling button and by Escape. */
  onCancel: () => void;
}

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal question with a confirm and a cancel button; focus stays inside while it is open. */
export function ConfirmBox({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmBoxProps) {
  const titleId = useId();
  const messageId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    // Tab wraps inside the box (onKeyDown); this brings back focus that got out another way.
    function keepFocusInside(event: FocusEvent) {
      if (event.target instanceof Node && !boxRef.current?.contains(event.target)) confirmRef.current?.focus();
    }
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
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
        aria-describedby={messageId}
        className={styles.box}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={messageId} className={styles.message}>
          {message}
        </p>
        <div className={styles.actions}>
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button ref={confirmRef} variant="primary" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
