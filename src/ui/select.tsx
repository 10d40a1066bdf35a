import { useId } from 'react';
import styles from './select.module.css';

/** One choice of a select. */
export interface SelectOption<Value extends string> {
  /** What is stored when the option is chosen. */
  value: Value;
  /** What the option says. */
  label: string;
}

export interface SelectProps<Value extends string> {
  /** The label; with `hideLabel` it is read but not shown. */
  label: string;
  /** The chosen value. */
  value: Value;
  /** The choices, in order. */
  options: readonly SelectOption<Value>[];
  /** Called with the newly chosen value. */
  onChange: (value: Value) => void;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Greys the select out. */
  disabled?: boolean;
  /** The choices are what users wrote (their names): marked as user content (data-user-content). */
  userContent?: boolean;
}

/** A native select (the platform's own list on phones), styled like the other fields. */
export function Select<Value extends string>({ label, value, options, onChange, hideLabel = false, disabled, userContent = false }: SelectProps<Value>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'ps-visually-hidden' : styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        data-user-content={userContent || undefined}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
