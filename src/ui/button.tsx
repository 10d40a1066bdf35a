import type { ReactNode, Ref } from 'react';
import styles from './button.module.css';

export interface ButtonProps {
  /** What the button says. */
  children: ReactNode;
  /** Called when the button is pressed (click, Enter or Space). */
  onClick?: () => void;
  /** `primary` for the one main action of a view, `secondary` for the others. */
  variant?: 'primary' | 'secondary';
  /** Greys the button out; presses are ignored. */
  disabled?: boolean;
  /** `submit` inside a form that the button sends. */
  type?: 'button' | 'submit';
  /** The underlying button element, for a parent that moves focus. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ children, onClick, variant = 'secondary', disabled = false, type = 'button', ref }: ButtonProps) {
  return (
    <button ref={ref} type={type} className={[styles.button, styles[variant]].join(' ')} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
