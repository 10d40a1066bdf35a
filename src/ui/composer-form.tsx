import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import styles from './composer-form.module.css';

export interface ComposerFormProps {
  /** The level 2 heading that names the form (a circle post, an article). */
  title: string;
  /** A line under the heading, such as that a guest must log in first; none by default. */
  note?: string | null;
  /** The fields, in order. */
  children: ReactNode;
  /** Shown at the start of the action row, before the submit button: a photo picker, say. */
  actions?: ReactNode;
  /** Called when the form is sent (the button, or Enter in a one-line field); the owner checks the fields. */
  onSubmit: () => void;
  /** The submit button's words. */
  submitLabel: string;
  /** Greys the submit button out while a send or an upload is under way. */
  busy?: boolean;
  /** What keeps the form from being sent, or why the server refused it, read out at once; none when nothing does. */
  problem?: string | null;
  /** Said under the button after a send went through; the fields stay for the next one. */
  done?: string | null;
  /** Said in place of the fields and the button once the form takes nothing more (an article sent to review). */
  finished?: string | null;
}

/**
 * The card a user writes something to publish in: a heading, the fields, a row of actions ending in the
 * submit button, and what went wrong or right. The browser's own checks are off, so the owner's
 * messages (the SPEC's texts) are the ones shown.
 */
export function ComposerForm({ title, note, children, actions, onSubmit, submitLabel, busy = false, problem, done, finished }: ComposerFormProps) {
  const titleId = useId();
  return (
    <form
      className={styles.composer}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {note && <p className={styles.note}>{note}</p>}
      {finished ? (
        <p role="status" className={styles.done}>
          {finished}
        </p>
      ) : (
        <>
          {children}
          <div className={styles.actions}>
            {actions}
            <Button type="submit" variant="primary" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
          {done && !problem && (
            <p role="status" className={styles.done}>
              {done}
            </p>
          )}
        </>
      )}
    </form>
  );
}

export interface ComposerTextAreaProps {
  /** The field's label; with `hideLabel` it is read and shown as the hint instead. */
  label: string;
  /** Keeps the label for screen readers only and shows it as the empty field's hint. */
  hideLabel?: boolean;
  /** The current text. */
  value: string;
  /** Called with the new text on every change. */
  onChange: (value: string) => void;
  /** The most characters the contract takes. */
  maxLength: number;
  /** How many lines show before the field scrolls: 4 for a post, more for an article. */
  rows?: number;
}

/** The composer's many-line text field: the body of a post or an article, user text kept as typed. */
export function ComposerTextArea({ label, hideLabel = false, value, onChange, maxLength, rows = 4 }: ComposerTextAreaProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'ps-visually-hidden' : styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        placeholder={hideLabel ? label : undefined}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export interface ComposerFilePickerProps {
  /** What the picker takes, as its button says it (`Add photos (up to 4)`). */
  label: string;
  /** The file types the browser offers, as the input's accept attribute. */
  accept: string;
  /** The glyph before the label: a picture for photos and covers, a camera for a video. */
  icon?: 'image' | 'video';
  /** Lets several files be picked at once. */
  multiple?: boolean;
  /** Greys the picker out (enough files picked, an upload under way). */
  disabled?: boolean;
  /** Called with the files just picked; the field is emptied after, so the same file can be picked again. */
  onPick: (files: File[]) => void;
}

/**
 * A file field of the composer drawn as a button in the site's words (the browser's own field speaks the
 * browser's language, not the site's); the files it picked are listed by `PickedFiles`.
 */
export function ComposerFilePicker({ label, accept, icon = 'image', multiple = false, disabled = false, onPick }: ComposerFilePickerProps) {
  return (
    <label className={styles.picker} data-disabled={disabled || undefined}>
      <Icon name={icon} size={18} />
      {label}
      <input
        className="ps-visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
    </label>
  );
}

export interface PickedFilesProps {
  /** The picked files' names, in order. */
  names: readonly string[];
  /** The remove button's accessible name for the file at a 1-based position (`Remove photo 2`). */
  removeLabel: (position: number) => string;
  /** Called with the 0-based index of the file to drop. */
  onRemove: (index: number) => void;
}

/** The files picked for a post or an article, each with a button that drops it; nothing when none are. */
export function PickedFiles({ names, removeLabel, onRemove }: PickedFilesProps) {
  if (names.length === 0) return null;
  return (
    <ul className={styles.picked}>
      {names.map((name, index) => (
        <li key={`${name}-${String(index)}`}>
          <span className={styles.pickedName} data-user-content>
            {name}
          </span>
          <button type="button" aria-label={removeLabel(index + 1)} onClick={() => onRemove(index)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
