import { describe, expect, it } from 'vitest';
import { periodStart } from './ranking-service.ts';

// The ranking's periods turn over at midnight in Asia/Shanghai (UTC+8), weeks on Monday.
describe('periodStart', () => {
  // Sunday 2026-11-29 23:30 in Shanghai is 15:30 UTC.
  const sundayNight = new Date('2026-11-29T15:30:00Z');
  // Monday 2026-11-30 00:30 in Shanghai is still Sunday 16:30 UTC.
  const mondayEarly = new Date('2026-11-29T16:30:00Z');

  it('starts the day at midnight in Shanghai, not in UTC', () => {
    expect(periodStart('day', sundayNight)).toEqual(new Date('2026-11-28T16:00:00Z'));
    expect(periodStart('day', mondayEarly)).toEqual(new Date('2026-11-29T16:00:00Z'));
  });

  it('starts the week on Monday and the month on the 1st, in Shanghai', () => {
    expect(periodStart('week', sundayNight)).toEqual(new Date('2026-11-22T16:00:00Z'));
    expect(periodStart('week', mondayEarly)).toEqual(new Date('2026-11-29T16:00:00Z'));
    expect(periodStart('month', sundayNight)).toEqual(new Date('2026-10-31T16:00:00Z'));
    expect(periodStart('month', new Date('2026-11-30T16:30:00Z'))).toEqual(new Date('2026-11-30T16:00:00Z'));
  });

  it('has no start for the total', () => {
    expect(periodStart('total', sundayNight)).toBeNull();
  });
});
