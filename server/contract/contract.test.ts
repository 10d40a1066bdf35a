import { describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';

describe('the contract validators', () => {
  it('takes amounts in tenths as multiples of 0.1 in answers, though 6.6 / 0.1 is not 66 in floating point', () => {
    const validate = loadContract().validatorFor('LiveRankEntry');
    const entry = (amount: number) => ({ rank: 1, user: { id: 1, user_nickname: 'a', avatar: '/a.svg', exp_icon: '/b.svg', is_anchor: 0 }, amount });
    expect(validate(entry(6.6))).toBe(true);
    expect(validate(entry(0.3))).toBe(true);
    expect(validate(entry(6.65))).toBe(false);
  });
});
