import { useRef } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

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

/** A modal question with a confirm and a cancel button; focus stays inside while it is open. */
export function ConfirmBox({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmBoxProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={onCancel}
      initialFocus={confirmRef}
      footer={
        <>
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button ref={confirmRef} variant="primary" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
