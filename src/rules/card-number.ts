/** How many digits a bank card number has (SPEC §5; the contract's Bank_card/bind card_number). */
export const cardNumberLength = { min: 12, max: 19 } as const;

/** A bank card number as SPEC §5 takes it: digits only, as many as `cardNumberLength`, its Luhn check digit right. */
export function cardNumberValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits) || digits.length < cardNumberLength.min || digits.length > cardNumberLength.max) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
