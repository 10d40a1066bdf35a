import { Button } from './button.tsx';

export interface CountdownButtonProps {
  /** What the button says while it can be pressed ('Get code'). */
  label: string;
  /** Seconds left before it can be pressed again; 0 or null when it can be pressed now. */
  remainingSeconds: number | null;
  /** What the button says while counting, given the seconds left ('Resend in 42 s'). */
  countingLabel: (seconds: number) => string;
  /** Called when the button is pressed; starting the countdown is the owner's business. */
  onClick: () => void;
  /** Greys the button out for another reason (no mobile typed yet). */
  disabled?: boolean;
}

/**
 * A button that is disabled while a countdown runs and shows the seconds left (the 60 s SMS resend
 * of SPEC §4). The owner (a machine with a simulated clock in tests) counts; this only shows.
 */
export function CountdownButton({ label, remainingSeconds, countingLabel, onClick, disabled = false }: CountdownButtonProps) {
  const counting = remainingSeconds !== null && remainingSeconds > 0;
  return (
    <Button onClick={onClick} disabled={disabled || counting}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{counting ? countingLabel(remainingSeconds) : label}</span>
    </Button>
  );
}
