import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSmsSender, httpSmsConfigFrom, signSmsRequest, SmsNotConfigured, UnconfiguredSmsSender } from './http-sms-sender.ts';
import type { SmsMessage } from '../../ports/sms-sender.ts';

const message: SmsMessage = {
  mobile: '86-13800000001',
  code: '123456',
  purpose: 'register',
  text: '[Pitchside] Your verification code is 123456.',
  sentAt: new Date('2026-11-25T02:00:00Z'),
  expiresAt: new Date('2026-11-25T02:05:00Z'),
};

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function provider(status: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

describe('the HTTP SMS provider adapter', () => {
  it('sends the text to the number with a signature the provider can check', async () => {
    const { url, received } = await provider(200);
    await new HttpSmsSender({ url, keyId: 'site-1', secret: 'shared-secret', senderName: 'Pitchside' }).send(message);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(JSON.parse(body)).toMatchObject({ to: '8613800000001', text: message.text, sender_name: 'Pitchside' });
    expect(headers['x-sms-key-id']).toBe('site-1');
    expect(headers['x-sms-timestamp']).toBe(String(message.sentAt.getTime() / 1000));
    const expected = signSmsRequest('shared-secret', String(headers['x-sms-timestamp']), String(headers['x-sms-nonce']), body);
    expect(headers['x-sms-signature']).toBe(expected);
    expect(signSmsRequest('another-secret', String(headers['x-sms-timestamp']), String(headers['x-sms-nonce']), body)).not.toBe(expected);
  });

  it('fails the send when the provider refuses it', async () => {
    const { url } = await provider(503);
    await expect(new HttpSmsSender({ url, keyId: 'k', secret: 's' }).send(message)).rejects.toThrow('503');
  });

  it('refuses every send when no provider is configured', async () => {
    await expect(new UnconfiguredSmsSender().send()).rejects.toBeInstanceOf(SmsNotConfigured);
  });

  it('reads its settings from the environment, and refuses half a configuration', () => {
    expect(httpSmsConfigFrom({})).toBeUndefined();
    expect(httpSmsConfigFrom({ SMS_PROVIDER_URL: 'https://sms.example/send', SMS_PROVIDER_KEY_ID: 'k', SMS_PROVIDER_SECRET: 's' })).toEqual({
      url: 'https://sms.example/send',
      keyId: 'k',
      secret: 's',
    });
    expect(() => httpSmsConfigFrom({ SMS_PROVIDER_URL: 'https://sms.example/send' })).toThrow(/SMS_PROVIDER_KEY_ID/);
  });
});
