import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './form.module.css';

export interface FormProps {
  /**
   * The heading over the fields, where the form is one of several on a page; it names the form. A
   * level 2 heading: forms sit right under a page's title as often as under a section's, and a level
   * 2 heading skips no level in either.
   */
  title?: string;
  /** The fields, in order. */
  children: ReactNode;
  /** Called when the form is sent (the submit button or Enter in a field); the owner checks the fields. */
  onSubmit: () => void;
  /** What keeps the form from being sent, read out at once; null or absent when nothing does. */
  problem?: string | null;
  /** Label of the submit button. */
  submitLabel: string;
  /** Greys the submit button out while a send is under way. */
  busy?: boolean;
  /** Said under the button once the send went through. */
  done?: string | null;
}

/**
 * A form that checks its own fields: the fields, what is wrong with them as an alert, the one
 * submit button and the word that it went through. The browser's own checks are off, so the
 * owner's messages (the SPEC's texts) are the ones shown.
 */
export function Form({ title, children, onSubmit, problem, submitLabel, busy = false, done }: FormProps) {
  const titleId = useId();
  return (
    <form
      className={styles.form}
      aria-labelledby={title ? titleId : undefined}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
      {done && <p role="status">{done}</p>}
    </form>
  );
}
