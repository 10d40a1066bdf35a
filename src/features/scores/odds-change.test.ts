import { describe, expect, it } from 'vitest';
import { applyOddsChange } from './odds-change.ts';
import { sampleOdds } from './story-matches.ts';

describe('pushed odds applied to the odds a page holds', () => {
  it('replaces only the markets that moved, and the time, keeping opening prices and names', () => {
    const held = sampleOdds();
    const odds = applyOddsChange(held, { match_id: 1, company_id: 1, updated_at: 1_763_800_060, over_under: { current: { over: 0.8, line: 2.75, under: 1.02 } } });
    expect(odds).toEqual({ ...held, over_under: { initial: held.over_under.initial, current: { over: 0.8, line: 2.75, under: 1.02 } }, updated_at: 1_763_800_060 });
  });

  it('takes a closed market and a withdrawn one', () => {
    const odds = applyOddsChange(sampleOdds(), { match_id: 1, company_id: 1, updated_at: 1_763_800_090, suspended: true, asian_handicap: { current: null } });
    expect(odds?.suspended).toBe(true);
    expect(odds?.asian_handicap).toEqual({ initial: sampleOdds().asian_handicap.initial, current: null });
    expect(odds?.one_x_two).toEqual(sampleOdds().one_x_two);
  });

  it('takes whole odds as they are, whatever is held', () => {
    const whole = sampleOdds(3, 0.05);
    expect(applyOddsChange(null, whole)).toEqual(whole);
    expect(applyOddsChange(sampleOdds(1), whole)).toEqual(whole);
  });

  it('applies a part onto nothing else: no odds held, or another company\'s or match\'s', () => {
    const part = { match_id: 1, company_id: 3, updated_at: 1_763_800_060, one_x_two: { current: { home: 1.7, draw: 4, away: 4.5 } } };
    expect(applyOddsChange(null, part)).toBeNull();
    expect(applyOddsChange(sampleOdds(1), part)).toBeNull();
    expect(applyOddsChange({ ...sampleOdds(3), match_id: 2 }, part)).toBeNull();
  });
});
