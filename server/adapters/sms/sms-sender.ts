import type { SmsPurpose } from '../../db/schema.ts';
import type { ServerContext } from '../../server-context.ts';
import { DevSmsSender } from './dev-sms-sender.ts';

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

const senders = new WeakMap<ServerContext, SmsSender>();

/** The sender of one app (its server context); the development sender unless a provider was set. */
export function smsSenderOf(server: ServerContext): SmsSender {
  let sender = senders.get(server);
  if (!sender) {
    sender = new DevSmsSender(server.log);
    senders.set(server, sender);
  }
  return sender;
}

/** Plugs a real provider in for one app. */
export function setSmsSender(server: ServerContext, sender: SmsSender): void {
  senders.set(server, sender);
}
