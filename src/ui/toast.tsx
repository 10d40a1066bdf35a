import styles from './toast.module.css';

export type ToastProps = {
  /** The text shown, already translated (or the server's own msg). */
  message: string;
  /** `error` is announced at once (role alert); `warning` and `info` politely (role status). */
  tone?: 'error' | 'warning' | 'info';
} & (
  | {
      /** Called by the close button; without it the toast has no close button. */
      onClose: () => void;
      /** Accessible name of the close button, already translated. */
      closeLabel: string;
    }
  | {
      /** Called by the close button; without it the toast has no close button. */
      onClose?: undefined;
      /** Accessible name of the close button, already translated. */
      closeLabel?: undefined;
    }
);

/** A short message at the top of the page. How long it stays is its owner's business. */
export function Toast({ message, tone = 'info', onClose, closeLabel }: ToastProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={[styles.toast, styles[tone]].join(' ')}>
      <span className={styles.message}>{message}</span>
      {onClose && (
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
