import type { DataOf } from '../contract/operation-types.ts';

/** The human-check port (DESIGN.md, Accounts and security): ALTCHA by default (altcha-captcha.ts). */
/** A challenge for the page's widget, as the contract gives it. */
export type CaptchaChallenge = DataOf<'altchaChallenge'>;

export interface Captcha {
  /** A new challenge for the page's widget. */
  challenge(): Promise<CaptchaChallenge>;
  /** Checks a solved challenge and spends it; throws the message to show when it does not pass. */
  verify(payload: string): Promise<void>;
}
