import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DevSmsSender, renderSmsInbox } from './dev-sms-sender.ts';
import type { SmsMessage } from '../../ports/sms-sender.ts';

const sentAt = new Date('2026-11-22T12:00:00Z');
const message = (mobile: string, code: string): SmsMessage => ({
  mobile,
  code,
  purpose: 'register',
  text: `code ${code}`,
  sentAt,
  expiresAt: new Date(sentAt.getTime() + 300_000),
});

describe('the development SMS sender', () => {
  it('logs each code and keeps the newest first, at most 200', async () => {
    const lines: string[] = [];
    const sender = new DevSmsSender(pino({ level: 'info' }, { write: (line: string) => lines.push(line) }));
    for (let i = 0; i < 205; i++) await sender.send(message(`86-139${String(i).padStart(8, '0')}`, String(i).padStart(6, '0')));
    expect(sender.inbox()).toHaveLength(200);
    expect(sender.inbox()[0]?.code).toBe('000204');
    expect(sender.inbox().at(-1)?.code).toBe('000005');
    expect(lines).toHaveLength(205);
    expect(JSON.parse(lines[0]!)).toMatchObject({ mobile: '86-13900000000', code: '000000', msg: 'SMS code (development sender)' });
  });

  it('renders the inbox with expired codes marked and text escaped', () => {
    const html = renderSmsInbox([{ ...message('86-13900000001', '123456'), text: '<b>hi</b>' }], new Date(sentAt.getTime() + 600_000));
    expect(html).toContain('<td class="code">123456</td>');
    expect(html).toContain('class="expired"');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(renderSmsInbox([], sentAt)).toContain('No texts yet.');
  });
});
