import type { DataOf } from '../contract/operation-types.ts';

/** The human-check port (DESIGN.md, Accounts and security): ALTCHA by default (altcha-captcha.ts). */
/** A challenge for the page's widget, as the contract gives it. */
export type CaptchaChallenge = DataOf<'altchaChallenge'>;

/** How much work a challenge asks: `strong` about ten times the usual, for an address many logins failed from. */
export type CaptchaStrength = 'usual' | 'strong';

export interface Captcha {
  /** A new challenge for the page's widget. */
  challenge(strength?: CaptchaStrength): Promise<CaptchaChallenge>;
  /** Checks a solved challenge and spends it, saying how strong it was; throws the message to show when it does not pass. */
  verify(payload: string): Promise<{ strength: CaptchaStrength }>;
}
