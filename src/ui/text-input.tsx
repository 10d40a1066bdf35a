import { useId, type KeyboardEvent, type Ref } from 'react';
import styles from './text-input.module.css';

export interface TextInputProps {
  /** The label, always given; with `hideLabel` it is read but not shown. */
  label: string;
  /** The current text. */
  value: string;
  /** Called with the new text on every change. */
  onChange: (value: string) => void;
  /** The most characters that can be typed; with `showCounter` a count shows how many are used. */
  maxLength?: number;
  /** Shows `used/max` beside the field (needs `maxLength`). */
  showCounter?: boolean;
  /** A hint shown while the field is empty. */
  placeholder?: string;
  /** The kind of text; `search` gives a search field, `month` a year and month (YYYY-MM) with the browser's picker. */
  type?: 'text' | 'search' | 'tel' | 'password' | 'email' | 'month';
  /** Keeps the label for screen readers only, where the context already says what the field is. */
  hideLabel?: boolean;
  /** A message under the field saying what is wrong; marks the field invalid. */
  error?: string;
  /** Greys the field out. */
  disabled?: boolean;
  /** `onDark` for fields on the dark top bar. */
  tone?: 'default' | 'onDark';
  /** Called on key presses in the field (Enter to submit, say). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Called when the field gets the focus. */
  onFocus?: () => void;
  /** The underlying input element. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled one-line text field with an optional character counter. */
export function TextInput({
  label,
  value,
  onChange,
  maxLength,
  showCounter = false,
  placeholder,
  type = 'text',
  hideLabel = false,
  error,
  disabled,
  tone = 'default',
  onKeyDown,
  onFocus,
  ref,
}: TextInputProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const counted = showCounter && maxLength !== undefined;
  const describedBy = [counted ? counterId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={[styles.field, styles[tone]].join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'ps-visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.box}>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          type={type}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        />
        {counted && (
          <span id={counterId} className={styles.counter}>
            {[...value].length}/{maxLength}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
