import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTemplateCopy } from '../../../tests/api/database-template.ts';
import { humanCheckMessages } from '../../adapters/captcha/altcha-captcha.ts';
import type { Captcha } from '../../ports/captcha.ts';
import { DevSmsSender } from '../../adapters/sms/dev-sms-sender.ts';
import { UnconfiguredSmsSender } from '../../adapters/sms/http-sms-sender.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { newSmsCode, sendSmsCode, smsMessages, smsRules, spendSmsCode } from './sms-code-service.ts';

/** A human check that passes any payload but 'unsolved'; the real one has its own tests. */
const passingCaptcha: Captcha = {
  challenge: () => Promise.reject(new Error('no challenges here')),
  verify: async (payload) => {
    if (payload === 'unsolved') throw new DomainError(humanCheckMessages.failed);
    return { strength: 'usual' };
  },
};
const altcha = 'solved';

describe('SMS codes', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let server: ServerContext;
  let mobiles = 0;
  const newMobile = () => `86-1380900${String(mobiles++).padStart(4, '0')}`;

  beforeAll(async () => {
    database = await openTemplateCopy(inject('databaseTemplate'));
    app = await buildApp({ database, distDir: '/nonexistent', captcha: passingCaptcha });
    server = app.serverContext;
  }, 60_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const sentCode = (mobile: string) => {
    const sender = server.sms;
    if (!(sender instanceof DevSmsSender)) throw new Error('not the development sender');
    return sender.inbox().find((message) => message.mobile === mobile)!.code;
  };

  it('draws 6 digits, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, newSmsCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it('stores only a keyed hash, bound to mobile and purpose', async () => {
    const mobile = newMobile();
    await sendSmsCode(server, { mobile, type: 1, altcha }, '192.0.2.1');
    const code = sentCode(mobile);
    const row = await database.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // A code for registering does not reset a password.
    await expect(spendSmsCode(server, { mobile, purpose: 'other', code })).rejects.toThrow(smsMessages.noCode);
    await spendSmsCode(server, { mobile, purpose: 'register', code });
  });

  it('counts at most 5 wrong tries however many guesses arrive at once', async () => {
    const mobile = newMobile();
    await sendSmsCode(server, { mobile, type: 1, altcha }, '192.0.2.2');
    const code = sentCode(mobile);
    const wrong = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.allSettled(wrong.map((guess) => spendSmsCode(server, { mobile, purpose: 'register', code: guess })));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    const messages = results.map((result) => (result as PromiseRejectedResult).reason.message);
    expect(messages.filter((message) => message === smsMessages.wrong)).toHaveLength(smsRules.maxWrongTries);
    await expect(spendSmsCode(server, { mobile, purpose: 'register', code })).rejects.toThrow(smsMessages.tooManyTries);
  });

  it('lets the right code through once when it is sent twice at once', async () => {
    const mobile = newMobile();
    await sendSmsCode(server, { mobile, type: 1, altcha }, '192.0.2.3');
    const code = sentCode(mobile);
    const results = await Promise.allSettled([1, 2, 3].map(() => spendSmsCode(server, { mobile, purpose: 'register', code })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('keeps no code a provider failed to send, so the user may ask again at once', async () => {
    const mobile = newMobile();
    const failing: ServerContext = { ...server, sms: { name: 'failing', send: () => Promise.reject(new Error('provider down')) } };
    await expect(sendSmsCode(failing, { mobile, type: 1, altcha }, '192.0.2.4')).rejects.toThrow(smsMessages.notSent);
    expect(await database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
    await expect(sendSmsCode(server, { mobile, type: 1, altcha }, '192.0.2.4')).resolves.toEqual({ expires_in: 300, resend_after: 60 });
  });

  it('asks for the human check before anything else, and stores nothing without it', async () => {
    const mobile = newMobile();
    await expect(sendSmsCode(server, { mobile, type: 1, altcha: 'unsolved' }, '192.0.2.6')).rejects.toThrow(humanCheckMessages.failed);
    expect(await database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
  });

  it('stores a type-2 code for a mobile nobody registered but texts none, and answers as for a registered one', async () => {
    const unknown = newMobile();
    const registered = (await database.db.selectFrom('users').select('mobile').limit(1).executeTakeFirstOrThrow()).mobile;
    const sender = server.sms as DevSmsSender;
    const texts = sender.inbox().length;
    const answer = await sendSmsCode(server, { mobile: unknown, type: 2, altcha }, '192.0.2.7');
    expect(sender.inbox()).toHaveLength(texts);
    expect(await database.db.selectFrom('sms_codes').select(['purpose', 'ip']).where('mobile', '=', unknown).execute()).toEqual([
      { purpose: 'other', ip: '192.0.2.7' },
    ]);
    expect(await sendSmsCode(server, { mobile: registered, type: 2, altcha }, '192.0.2.8')).toEqual(answer);
    expect(sender.inbox()[0]?.mobile).toBe(registered);
  });

  it('refuses every mobile alike when no SMS provider is configured', async () => {
    const unconfigured: ServerContext = { ...server, sms: new UnconfiguredSmsSender() };
    const registered = (await database.db.selectFrom('users').select('mobile').limit(1).executeTakeFirstOrThrow()).mobile;
    for (const [mobile, type] of [[newMobile(), 1], [newMobile(), 2], [registered, 2]] as const) {
      await expect(sendSmsCode(unconfigured, { mobile, type, altcha }, '192.0.2.9')).rejects.toThrow(smsMessages.notConfigured);
      expect(await database.db.selectFrom('sms_codes').select('id').where('ip', '=', '192.0.2.9').execute()).toEqual([]);
    }
  });

  it('sends one code when two requests for a mobile arrive at once', async () => {
    const mobile = newMobile();
    const results = await Promise.allSettled([1, 2].map(() => sendSmsCode(server, { mobile, type: 1, altcha }, '192.0.2.5')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
