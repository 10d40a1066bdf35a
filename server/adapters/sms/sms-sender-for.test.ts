import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DevSmsSender } from './dev-sms-sender.ts';
import { HttpSmsSender, UnconfiguredSmsSender } from './http-sms-sender.ts';
import { smsSenderFor } from './sms-sender-for.ts';

function capturingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

const provider = { SMS_PROVIDER_URL: 'https://sms.example/send', SMS_PROVIDER_KEY_ID: 'k', SMS_PROVIDER_SECRET: 'secret' };

describe('which SMS sender the site uses', () => {
  it('uses the configured provider in production and in development', () => {
    expect(smsSenderFor(provider, true, capturingLog().log)).toBeInstanceOf(HttpSmsSender);
    expect(smsSenderFor(provider, false, capturingLog().log)).toBeInstanceOf(HttpSmsSender);
  });

  it('uses the development inbox only outside production', () => {
    expect(smsSenderFor({}, false, capturingLog().log)).toBeInstanceOf(DevSmsSender);
  });

  it('in production without a provider refuses to send and says so at start, never falling back to logging codes', async () => {
    const { log, lines } = capturingLog();
    const sender = smsSenderFor({}, true, log);
    expect(sender).toBeInstanceOf(UnconfiguredSmsSender);
    expect(lines.join('')).toContain('SMS is not configured');
    const message = { mobile: '86-1', code: '654321', purpose: 'register' as const, text: '654321', sentAt: new Date(), expiresAt: new Date() };
    await expect(sender.send(message)).rejects.toThrow('SMS is not configured');
    expect(lines.join('')).not.toContain('654321');
  });
});
