import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsSender } from '../../ports/sms-sender.ts';

/** Messages kept for the inbox page; older ones are dropped. */
const inboxSize = 200;

/**
 * The default sender (DESIGN.md, Accounts and security): no text leaves the machine. Each code is
 * written to the server log and kept in a development inbox, served at /dev/sms outside production.
 */
export class DevSmsSender implements SmsSender {
  readonly name = 'development';
  readonly #messages: SmsMessage[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<void> {
    this.log.info({ mobile: message.mobile, code: message.code, purpose: message.purpose }, 'SMS code (development sender)');
    this.#messages.unshift(message);
    if (this.#messages.length > inboxSize) this.#messages.length = inboxSize;
  }

  /** The messages sent, newest first. */
  inbox(): readonly SmsMessage[] {
    return this.#messages;
  }
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const purposeNames: Record<SmsMessage['purpose'], string> = {
  register: 'register',
  reset: 'reset password',
  login: 'login',
  payment: 'payment password',
  other: 'reset password, login or payment password',
};

/** The inbox page: newest first, one row a text. */
export function renderSmsInbox(messages: readonly SmsMessage[], now: Date): string {
  const rows = messages
    .map((message) => {
      const expired = message.expiresAt.getTime() <= now.getTime();
      return `<tr${expired ? ' class="expired"' : ''}><td>${escapeHtml(message.mobile)}</td><td class="code">${escapeHtml(
        message.code,
      )}</td><td>${escapeHtml(purposeNames[message.purpose])}</td><td><time datetime="${message.sentAt.toISOString()}">${escapeHtml(
        message.sentAt.toISOString().replace('T', ' ').slice(0, 19),
      )}</time></td><td>${expired ? 'expired' : 'valid'}</td><td>${escapeHtml(message.text)}</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>SMS inbox (development)</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#1d2129}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e5e6eb;padding:6px 10px;text-align:left}
th{background:#f7f8fa}.code{font:600 18px ui-monospace,monospace;letter-spacing:2px}.expired{color:#86909c}.expired .code{text-decoration:line-through}</style></head>
<body><h1>SMS inbox (development)</h1><p>Texts the development sender would have sent, newest first. This page does not exist in production.</p>
${
  messages.length
    ? `<table><caption>Sent SMS codes</caption><thead><tr><th scope="col">Mobile</th><th scope="col">Code</th><th scope="col">For</th><th scope="col">Sent (UTC)</th><th scope="col">State</th><th scope="col">Text</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No texts yet.</p>'
}</body></html>`;
}
