import type { SmsPurpose } from '../db/schema';

/** One text to a mobile. */
export interface SmsMessage {
  /** Country code, a dash, the number: 86-13800000000. */
  mobile: string;
  code: string;
  purpose: SmsPurpose;
  text: string;
  sentAt: Date;
  expiresAt: Date;
}

/** The provider port: a real SMS service implements this; the default writes to the log and the dev inbox. */
export interface SmsSender {
  readonly name: string;
  /** Resolves once the provider has accepted the message; rejects when it could not be sent. */
  send(message: SmsMessage): Promise<void>;
}
