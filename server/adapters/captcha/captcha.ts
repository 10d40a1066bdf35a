import type { DataOf } from '../../contract/operation-types.ts';

/** The human-check port (DESIGN.md, Accounts and security): ALTCHA by default (altcha-captcha.ts). */
export interface Captcha {
  /** A new challenge for the page's widget. */
  challenge(): Promise<DataOf<'altchaChallenge'>>;
  /** Checks a solved challenge and spends it; throws the message to show when it does not pass. */
  verify(payload: string): Promise<void>;
}
