import { describe, expect, it } from 'vitest';
import { paymentPasswordValid } from './password-rules.ts';

describe('a payment password', () => {
  it('has 6 to 12 digits only', () => {
    expect(paymentPasswordValid('258025')).toBe(true);
    expect(paymentPasswordValid('123456789012')).toBe(true);
    expect(paymentPasswordValid('25802')).toBe(false);
    expect(paymentPasswordValid('1234567890123')).toBe(false);
    expect(paymentPasswordValid('25802a')).toBe(false);
  });
});
