import { createHmac, randomBytes } from 'node:crypto';
import type { SmsMessage, SmsSender } from '../../ports/sms-sender.ts';

/** How an operator points the site at an HTTP SMS provider (README, Configuration). */
export interface HttpSmsConfig {
  /** The provider's send endpoint, https in production. */
  url: string;
  /** The key id the provider issued to the site. */
  keyId: string;
  /** The shared secret requests are signed with; never logged. */
  secret: string;
  /** The sender name or signature the provider shows, when it needs one. */
  senderName?: string;
  timeoutMs?: number;
}

/** What the provider is sent: one text to one mobile. */
export interface HttpSmsRequest {
  /** E.164 without the plus: country code then number. */
  to: string;
  text: string;
  sender_name?: string;
  /** The site's own id of the message, for the provider's logs and duplicate check. */
  reference: string;
}

/**
 * The signature over a request: HMAC-SHA256 with the shared secret of
 * `<timestamp>\n<nonce>\n<body>`, hex. The provider recomputes it and refuses a request whose
 * signature differs, whose timestamp is more than five minutes off, or whose nonce it has seen.
 */
export function signSmsRequest(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
}

/**
 * Sends texts through an HTTP provider with signed requests. The text carries the code, so the
 * body is never logged; a provider that does not answer 2xx within the timeout fails the send.
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';

  constructor(
    private readonly config: HttpSmsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const request: HttpSmsRequest = {
      to: message.mobile.replace('-', ''),
      text: message.text,
      reference: randomBytes(12).toString('hex'),
      ...(this.config.senderName ? { sender_name: this.config.senderName } : {}),
    };
    const body = JSON.stringify(request);
    const timestamp = String(Math.floor(message.sentAt.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const response = await this.fetchImpl(this.config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sms-key-id': this.config.keyId,
        'x-sms-timestamp': timestamp,
        'x-sms-nonce': nonce,
        'x-sms-signature': signSmsRequest(this.config.secret, timestamp, nonce, body),
      },
      body,
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 5000),
    });
    // The provider's answer is drained but not kept: it may echo the text.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  }
}

/**
 * Production without a provider: no code may be logged in place of a text, so every send fails
 * and getCode answers 'SMS is not configured'.
 */
export class UnconfiguredSmsSender implements SmsSender {
  readonly name = 'unconfigured';

  async send(): Promise<void> {
    throw new SmsNotConfigured();
  }
}

export class SmsNotConfigured extends Error {
  constructor() {
    super('SMS is not configured');
  }
}

/** The provider settings from the environment, or undefined when SMS_PROVIDER_URL is unset. */
export function httpSmsConfigFrom(env: NodeJS.ProcessEnv): HttpSmsConfig | undefined {
  const url = env.SMS_PROVIDER_URL;
  if (!url) return undefined;
  const keyId = env.SMS_PROVIDER_KEY_ID;
  const secret = env.SMS_PROVIDER_SECRET;
  if (!keyId || !secret) throw new Error('SMS_PROVIDER_URL is set but SMS_PROVIDER_KEY_ID or SMS_PROVIDER_SECRET is not');
  return { url, keyId, secret, ...(env.SMS_SENDER_NAME ? { senderName: env.SMS_SENDER_NAME } : {}) };
}
