import type { IntlShape } from 'react-intl';

/** How SPEC §4 says a moment is shown, before translation. */
export type TimeLabel =
  | { kind: 'justNow' }
  | { kind: 'today'; at: Date }
  | { kind: 'yesterday'; at: Date }
  | { kind: 'dayBeforeYesterday'; at: Date }
  | { kind: 'weekday'; at: Date }
  | { kind: 'date'; at: Date };

// SPEC §4 and §9: 'just now' under a minute, a weekday within 168 hours.
const justNowMs = 60_000;
const weekdayWindowMs = 168 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `at` to `now` in local time (0 today, 1 yesterday); DST-safe. */
function calendarDaysBetween(at: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
}

/** Which of the SPEC §4 forms a moment takes, seen at `now` (local time). */
export function describeTime(at: Date, now: Date): TimeLabel {
  const ago = now.getTime() - at.getTime();
  if (Math.abs(ago) < justNowMs) return { kind: 'justNow' };
  if (ago < 0) return { kind: 'date', at };
  const days = calendarDaysBetween(at, now);
  if (days === 0) return { kind: 'today', at };
  if (days === 1) return { kind: 'yesterday', at };
  if (days === 2) return { kind: 'dayBeforeYesterday', at };
  if (ago < weekdayWindowMs) return { kind: 'weekday', at };
  return { kind: 'date', at };
}

/** A contract timestamp (seconds since 1970) as a Date. */
export function fromTimestamp(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** The one way the site shows a moment (SPEC §4), translated: 'just now', '14:05', 'Yesterday 14:05', ... */
export function formatTime(intl: IntlShape, at: Date, now: Date = new Date()): string {
  const label = describeTime(at, now);
  if (label.kind === 'justNow') return intl.formatMessage({ id: 'time.justNow' });
  const time = intl.formatTime(label.at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  switch (label.kind) {
    case 'today':
      return time;
    case 'yesterday':
      return intl.formatMessage({ id: 'time.yesterday' }, { time });
    case 'dayBeforeYesterday':
      return intl.formatMessage({ id: 'time.dayBeforeYesterday' }, { time });
    case 'weekday':
      return `${intl.formatDate(label.at, { weekday: 'long' })} ${time}`;
    case 'date':
      return intl.formatDate(label.at, { year: 'numeric', month: '2-digit', day: '2-digit' });
  }
}
