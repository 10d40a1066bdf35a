/** A login password's length in characters: SPEC §9's minimum, and room for a passphrase (the contract's AccountPassword). */
export const accountPasswordLength = { min: 6, max: 128 } as const;

/** SPEC §5: a payment password is 6 to 12 digits (the contract's PaymentPassword). */
export const paymentPasswordLength = { min: 6, max: 12 } as const;

/** Whether a payment password has the form SPEC §5 asks for. */
export function paymentPasswordValid(password: string): boolean {
  return /^[0-9]+$/.test(password) && password.length >= paymentPasswordLength.min && password.length <= paymentPasswordLength.max;
}
