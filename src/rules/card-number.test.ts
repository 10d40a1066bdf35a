import { describe, expect, it } from 'vitest';
import { cardNumberValid } from './card-number.ts';

describe('a bank card number', () => {
  it('passes with its Luhn check digit right, and only then', () => {
    expect(cardNumberValid('6222021234567894')).toBe(true);
    expect(cardNumberValid('6222021234567895')).toBe(false);
  });

  it('has 12 to 19 digits and nothing else', () => {
    expect(cardNumberValid('12345')).toBe(false);
    expect(cardNumberValid('000000000000')).toBe(true);
    expect(cardNumberValid('0000000000000000000')).toBe(true);
    expect(cardNumberValid('00000000000')).toBe(false);
    expect(cardNumberValid('00000000000000000000')).toBe(false);
    expect(cardNumberValid('6222 0212 3456 7894')).toBe(false);
  });
});
