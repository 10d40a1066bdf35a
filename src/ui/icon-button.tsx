import type { Ref } from 'react';
import { Icon, type IconName } from './icon.tsx';
import styles from './icon-button.module.css';

export interface IconButtonProps {
  /** The accessible name, also shown as the tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  /** The glyph shown. */
  icon: IconName;
  /** Called when the button is pressed. */
  onClick?: () => void;
  /** `onDark` for the dark top bar, `default` on page surfaces. */
  tone?: 'default' | 'onDark';
  /** Set for a toggle: whether it is on (aria-pressed). */
  pressed?: boolean;
  /** Set when the button shows or hides a region: whether it is shown (aria-expanded). */
  expanded?: boolean;
  /** Id of the region the button shows or hides (aria-controls). */
  controls?: string;
  /** Greys the button out. */
  disabled?: boolean;
  /** The underlying button element, for a parent that moves focus. */
  ref?: Ref<HTMLButtonElement>;
}

/** A square button with an icon and an accessible name. */
export function IconButton({ label, icon, onClick, tone = 'default', pressed, expanded, controls, disabled, ref }: IconButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={[styles.button, styles[tone]].join(' ')}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
