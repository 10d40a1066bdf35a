import { describe, expect, it } from 'vitest';
import { dayBefore, dayOf } from './task-day.ts';

describe('the site day (Asia/Shanghai)', () => {
  it('turns over at 16:00 UTC, midnight in Beijing', () => {
    expect(dayOf(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(dayOf(new Date('2026-11-22T16:00:00.000Z'))).toBe('2026-11-23');
  });

  it('steps back across months, years and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});
