import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { altchaWork, humanCheckMessages } from '../../server/adapters/captcha/altcha-captcha.ts';
import { DevSmsSender } from '../../server/adapters/sms/dev-sms-sender.ts';
import { loginDelayMs, loginLimits, loginMessages } from '../../server/areas/account/login-service.ts';
import { passwordMessages } from '../../server/areas/account/password-policy.ts';
import { qrCodesPerIpPer10Min, qrLoginTtlMs, qrMessages } from '../../server/areas/account/qr-login-service.ts';
import { sessionIdleMs } from '../../server/areas/account/session-service.ts';
import { smsMessages, smsRules } from '../../server/areas/account/sms-code-service.ts';
import { ResultCode } from '../../server/errors.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

type LoginSession = { token: string; id: number; userSig: string; profile: { id: number; mobile: string; user_nickname: string } };

/** The server's clock: tests move it forward (never back) to expire codes and sessions. */
const clock = { offsetMs: 0 };
const advance = (ms: number) => {
  clock.offsetMs += ms;
};

/** Each test speaks from its own address (the app trusts X-Forwarded-For), so per-IP limits stay apart. */
let nextAddress = 1;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

/** New mobiles, never registered in the seeded world (its users are 86-138…). */
let nextMobile = 100;
const newMobile = () => `86-1390000${String(nextMobile++).padStart(4, '0')}`;

describe('accounts: register, login, codes, human check, sessions, QR login', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(Date.now() + clock.offsetMs) });
  });
  afterAll(() => server.close());

  const post = <T = unknown>(path: string, input: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.call<T>('POST', path, input, headers);

  /** The last code the development sender texted to a mobile. */
  function lastCode(mobile: string): string {
    const sender = server.app.serverContext.sms;
    if (!(sender instanceof DevSmsSender)) throw new Error('not the development sender');
    const message = sender.inbox().find((candidate) => candidate.mobile === mobile);
    if (!message) throw new Error(`no text to ${mobile}`);
    return message.code;
  }

  /** A digest of the tables an account flow writes, to prove a refused request wrote nothing there. */
  async function accountState(): Promise<string> {
    const tables = ['users', 'sessions', 'wallet_accounts', 'ledger_transactions', 'ledger_entries'];
    const digests = await Promise.all(
      tables.map(async (table) => {
        const result = await sql<{ digest: string }>`
          select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(
          server.database.db,
        );
        return `${table}:${result.rows[0]?.digest}`;
      }),
    );
    return digests.join(',');
  }

  async function smsRow(mobile: string) {
    return server.database.db
      .selectFrom('sms_codes')
      .select(['code_hash', 'tries', 'used_at'])
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function requestCode(mobile: string, type: 1 | 2, headers = fromNewAddress()) {
    const altcha = await solveHumanCheck(server.baseUrl);
    return post<{ expires_in: number; resend_after: number }>('/api/user/getCode', { mobile, type, altcha }, headers);
  }

  async function resetPassword(mobile: string, code: string, password: string, headers = fromNewAddress()) {
    return post('/api/user/forgotPassword', { mobile, code, password, altcha: await solveHumanCheck(server.baseUrl) }, headers);
  }

  async function registerUser(mobile: string, password: string, headers = fromNewAddress()): Promise<LoginSession> {
    expect((await requestCode(mobile, 1, headers)).code).toBe(0);
    const answer = await post<LoginSession>(
      '/api/user/registered',
      { mobile, code: lastCode(mobile), password, device_type: 'pc', altcha: await solveHumanCheck(server.baseUrl) },
      headers,
    );
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }

  async function login(mobile: string, password: string, headers: Record<string, string> = fromNewAddress(), extra = {}) {
    return post<LoginSession>(
      '/api/user/login',
      // The page asks its challenge from the address it logs in from, as the widget does.
      { mobile, password, device_type: 'pc', altcha: await solveHumanCheck(server.baseUrl, headers), ...extra },
      headers,
    );
  }

  const memberInfo = (token: string) => server.call<{ id: number }>('GET', '/api/Member/info', {}, { token });

  describe('register, login, sign out', () => {
    it('registers with an SMS code, logs in by password, reads Member/info, signs out, then gets 700', async () => {
      const mobile = newMobile();
      const headers = fromNewAddress();
      const sent = await requestCode(mobile, 1, headers);
      expect(sent).toMatchObject({ code: 0, data: { expires_in: 300, resend_after: 60 } });
      const code = lastCode(mobile);
      expect(code).toMatch(/^\d{6}$/);
      // Only a keyed hash of the code is stored.
      expect((await smsRow(mobile)).code_hash).not.toContain(code);

      const registered = await post<LoginSession>(
        '/api/user/registered',
        { mobile, code, password: 'secret-1', device_type: 'pc', altcha: await solveHumanCheck(server.baseUrl) },
        headers,
      );
      expect(registered).toMatchObject({ code: 0, msg: loginMessages.registered });
      expect(registered.data.token).toMatch(/^[0-9a-f]{32}$/);
      expect(registered.data.profile.mobile).toBe(`86-139****${mobile.slice(-4)}`);
      expect(registered.data.userSig).not.toBe('');
      const user = await server.database.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow();
      expect(user.id).toBe(registered.data.id);
      expect(user.password_hash).toMatch(/^scrypt\$/);
      expect(user.password_hash).not.toContain('secret-1');

      const loggedIn = await login(mobile, 'secret-1', headers);
      expect(loggedIn.code, loggedIn.msg).toBe(0);
      expect(loggedIn.data.id).toBe(registered.data.id);
      expect(loggedIn.data.token).not.toBe(registered.data.token);

      const info = await memberInfo(loggedIn.data.token);
      expect(info).toMatchObject({ code: 0, data: { id: registered.data.id } });

      expect(await post('/api/Member/SignOut', {}, { token: loggedIn.data.token })).toMatchObject({ code: 0, data: null });
      expect(await memberInfo(loggedIn.data.token)).toMatchObject({ code: ResultCode.sessionGone, data: null });
      const session = await server.database.db
        .selectFrom('sessions')
        .select('revoked_reason')
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(session.revoked_reason).toBe('signed_out');
    });

    it('refuses weak new passwords with their reason, writing nothing and keeping the code; allows 64 characters and more', async () => {
      const mobile = newMobile();
      const headers = fromNewAddress();
      expect((await requestCode(mobile, 1, headers)).code).toBe(0);
      const register = async (password: string) =>
        post<LoginSession>(
          '/api/user/registered',
          { mobile, code: lastCode(mobile), password, device_type: 'pc', altcha: await solveHumanCheck(server.baseUrl) },
          headers,
        );
      const before = await accountState();
      expect(await register('123456')).toMatchObject({ code: 1, msg: passwordMessages.tooCommon });
      expect(await register('Password1')).toMatchObject({ code: 1, msg: passwordMessages.tooCommon });
      expect(await register('      ')).toMatchObject({ code: 1, msg: passwordMessages.onlyWhitespace });
      // U+0000 is refused by the contract before the password rules see it, as in every text.
      expect(await register('\u0000'.repeat(6))).toMatchObject({ code: 1, msg: 'Input error: password holds a character that text may not hold' });
      expect(await register('good\tpass')).toMatchObject({ code: 1, msg: passwordMessages.controlCharacters });
      expect(await accountState()).toBe(before);
      const long = `${'长'.repeat(40)} and 🙂 ${'x'.repeat(40)}`;
      expect(long.length).toBeGreaterThanOrEqual(64);
      expect((await register(long)).code).toBe(0);
      expect((await login(mobile, long)).code).toBe(0);
    });

    it('refuses a weak password on reset too', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'before-reset');
      advance(smsRules.resendAfterMs);
      expect((await requestCode(mobile, 2)).code).toBe(0);
      const answer = await resetPassword(mobile, lastCode(mobile), 'qwerty123');
      expect(answer).toMatchObject({ code: 1, msg: passwordMessages.tooCommon });
      expect((await login(mobile, 'before-reset')).code).toBe(0);
    });

    it('rotates tokens at login: the older session of the device type answers 50012, the new one works', async () => {
      const first = await login(demoLogins.viewer.mobile, demoLogins.viewer.password);
      expect(first.code, first.msg).toBe(0);
      const second = await login(demoLogins.viewer.mobile, demoLogins.viewer.password);
      expect(second.code, second.msg).toBe(0);
      expect(await memberInfo(first.data.token)).toMatchObject({ code: ResultCode.loggedInElsewhere });
      expect(await memberInfo(second.data.token)).toMatchObject({ code: 0, data: { id: second.data.id } });
    });

    it('answers 50014 for a session idle longer than its limit, and 50008 for a token that never existed', async () => {
      const token = await logIn(server, demoLogins.expert);
      expect((await memberInfo(token)).code).toBe(0);
      advance(sessionIdleMs + 60_000);
      expect(await memberInfo(token)).toMatchObject({ code: ResultCode.tokenExpired });
      expect(await memberInfo('0123456789abcdef0123456789abcdef')).toMatchObject({ code: ResultCode.illegalToken });
    });

    it('resets the password with a type 2 code: every session ends (700) and the new password logs in', async () => {
      const mobile = newMobile();
      const registered = await registerUser(mobile, 'before-1');
      advance(smsRules.resendAfterMs);
      expect((await requestCode(mobile, 2)).code).toBe(0);
      const reset = await resetPassword(mobile, lastCode(mobile), 'after-22');
      expect(reset).toMatchObject({ code: 0, msg: loginMessages.passwordReset, data: null });
      expect(await memberInfo(registered.token)).toMatchObject({ code: ResultCode.sessionGone });
      expect(await login(mobile, 'before-1')).toMatchObject({ code: 1, msg: loginMessages.wrongPassword });
      expect((await login(mobile, 'after-22')).code).toBe(0);
    });

    it('logs in with password and SMS code together, and refuses a wrong code', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'pass-word');
      advance(smsRules.resendAfterMs);
      expect((await requestCode(mobile, 2)).code).toBe(0);
      const code = lastCode(mobile);
      const wrong = code === '000000' ? '000001' : '000000';
      expect(await login(mobile, 'pass-word', fromNewAddress(), { code: wrong })).toMatchObject({ code: 1, msg: smsMessages.wrong });
      expect((await login(mobile, 'pass-word', fromNewAddress(), { code })).code).toBe(0);
    });

    it('refuses a register code for a registered mobile (behind the human check)', async () => {
      expect(await requestCode(demoLogins.viewer.mobile, 1)).toMatchObject({ code: 1, msg: smsMessages.alreadyRegistered });
    });
  });

  describe('accounts cannot be enumerated by codes or resets', () => {
    /** A mobile registered now, its register code's 60 s over, and a mobile never registered. */
    async function registeredAndUnknown() {
      const registered = newMobile();
      await registerUser(registered, 'known-pass');
      advance(smsRules.resendAfterMs);
      return { registered, unknown: newMobile() };
    }

    const codeRows = (mobile: string) =>
      server.database.db.selectFrom('sms_codes').select(['purpose']).where('mobile', '=', mobile).execute();

    it('answers a type-2 code request for an unknown mobile like for a registered one, the 60 s rule included', async () => {
      const { registered, unknown } = await registeredAndUnknown();
      const first = { registered: await requestCode(registered, 2), unknown: await requestCode(unknown, 2) };
      expect(first.registered).toMatchObject({ code: 0, data: { expires_in: 300, resend_after: 60 } });
      expect(first.unknown).toEqual(first.registered);
      const again = { registered: await requestCode(registered, 2), unknown: await requestCode(unknown, 2) };
      expect(again.registered).toMatchObject({ code: 1, msg: 'Please wait 60 s before requesting another code', data: null });
      expect(again.unknown).toEqual(again.registered);
      // The unknown mobile's code is stored, so it counts against the hour's limits, but never texted.
      expect(await codeRows(unknown)).toEqual([{ purpose: 'other' }]);
      expect(() => lastCode(unknown)).toThrow('no text');
    });

    it('counts an unknown mobile against the per-mobile hour limit like a registered one', async () => {
      const { registered, unknown } = await registeredAndUnknown();
      // The register code counts too: the hour starts afresh for both.
      advance(3600_000);
      for (const mobile of [registered, unknown]) {
        for (let sent = 0; sent < smsRules.perMobilePerHour; sent++) {
          expect((await requestCode(mobile, 2)).code).toBe(0);
          advance(smsRules.resendAfterMs + 1000);
        }
      }
      const refused = { registered: await requestCode(registered, 2), unknown: await requestCode(unknown, 2) };
      expect(refused.registered).toMatchObject({ code: 1, msg: smsMessages.perMobile });
      expect(refused.unknown).toEqual(refused.registered);
    });

    it('answers a reset for an unknown mobile like a wrong code for a registered one', async () => {
      const { registered, unknown } = await registeredAndUnknown();
      // Before any type-2 code both are told to request one.
      const early = {
        registered: await resetPassword(registered, '123456', 'new-pass-1'),
        unknown: await resetPassword(unknown, '123456', 'new-pass-1'),
      };
      expect(early.registered).toMatchObject({ code: 1, msg: smsMessages.noCode, data: null });
      expect(early.unknown).toEqual(early.registered);

      expect((await requestCode(registered, 2)).code).toBe(0);
      expect((await requestCode(unknown, 2)).code).toBe(0);
      const wrong = lastCode(registered) === '123456' ? '654321' : '123456';
      const answers = {
        registered: await resetPassword(registered, wrong, 'new-pass-1'),
        unknown: await resetPassword(unknown, wrong, 'new-pass-1'),
      };
      expect(answers.registered).toMatchObject({ code: 1, msg: smsMessages.wrong, data: null });
      expect(answers.unknown).toEqual(answers.registered);
      // The try counts for both, so both run out after the same number of guesses; nobody is created.
      expect(await smsRow(registered)).toMatchObject({ tries: 1, used_at: null });
      expect(await smsRow(unknown)).toMatchObject({ tries: 1, used_at: null });
      expect(await server.database.db.selectFrom('users').select('id').where('mobile', '=', unknown).execute()).toEqual([]);
    });
  });

  describe('SMS codes: each refusal with its message, and nothing written', () => {
    async function registerWith(mobile: string, code: string) {
      return post('/api/user/registered', {
        mobile,
        code,
        password: 'secret-1',
        device_type: 'pc',
        altcha: await solveHumanCheck(server.baseUrl),
      });
    }

    it('refuses a wrong code and counts the try', async () => {
      const mobile = newMobile();
      await requestCode(mobile, 1);
      const wrong = lastCode(mobile) === '123456' ? '654321' : '123456';
      const before = await accountState();
      expect(await registerWith(mobile, wrong)).toMatchObject({ code: 1, msg: smsMessages.wrong, data: null });
      expect(await accountState()).toBe(before);
      expect(await smsRow(mobile)).toMatchObject({ tries: 1, used_at: null });
    });

    it('refuses an expired code (over 5 minutes)', async () => {
      const mobile = newMobile();
      await requestCode(mobile, 1);
      const code = lastCode(mobile);
      advance(smsRules.validMs + 1000);
      const before = await accountState();
      expect(await registerWith(mobile, code)).toMatchObject({ code: 1, msg: smsMessages.expired });
      expect(await accountState()).toBe(before);
    });

    it('refuses a code used once already', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'first-pass');
      advance(smsRules.resendAfterMs);
      await requestCode(mobile, 2);
      const code = lastCode(mobile);
      expect((await resetPassword(mobile, code, 'second-pass')).code).toBe(0);
      const before = await accountState();
      expect(await resetPassword(mobile, code, 'third-pass')).toMatchObject({
        code: 1,
        msg: smsMessages.used,
      });
      expect(await accountState()).toBe(before);
      expect((await login(mobile, 'second-pass')).code).toBe(0);
    });

    it('refuses the 6th try after 5 wrong ones, even with the right code', async () => {
      const mobile = newMobile();
      await requestCode(mobile, 1);
      const code = lastCode(mobile);
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < smsRules.maxWrongTries; i++) {
        expect(await registerWith(mobile, wrong)).toMatchObject({ code: 1, msg: smsMessages.wrong });
      }
      const before = await accountState();
      expect(await registerWith(mobile, code)).toMatchObject({ code: 1, msg: smsMessages.tooManyTries });
      expect(await accountState()).toBe(before);
      expect(await smsRow(mobile)).toMatchObject({ tries: smsRules.maxWrongTries, used_at: null });
    });

    it('makes a second request wait 60 s, and refuses the 6th send for a mobile within an hour', async () => {
      const mobile = newMobile();
      expect((await requestCode(mobile, 1)).code).toBe(0);
      expect(await requestCode(mobile, 1)).toMatchObject({ code: 1, msg: 'Please wait 60 s before requesting another code' });
      for (let sent = 1; sent < smsRules.perMobilePerHour; sent++) {
        advance(smsRules.resendAfterMs + 1000);
        expect((await requestCode(mobile, 1)).code).toBe(0);
      }
      advance(smsRules.resendAfterMs + 1000);
      const count = async () =>
        (await server.database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).length;
      expect(await count()).toBe(smsRules.perMobilePerHour);
      expect(await requestCode(mobile, 1)).toMatchObject({ code: 1, msg: smsMessages.perMobile });
      expect(await count()).toBe(smsRules.perMobilePerHour);
      // An hour after the first, codes may be sent again.
      advance(3600_000);
      expect((await requestCode(mobile, 1)).code).toBe(0);
    });

    it('refuses codes from an address that asked for too many within the hour', async () => {
      const headers = fromNewAddress();
      const ip = headers['x-forwarded-for'];
      const now = new Date(Date.now() + clock.offsetMs);
      await server.database.db
        .insertInto('sms_codes')
        .values(
          Array.from({ length: smsRules.perIpPerHour }, (_, i) => ({
            mobile: `86-1370000${String(i).padStart(4, '0')}`,
            purpose: 'register' as const,
            code_hash: 'x',
            ip,
            created_at: new Date(now.getTime() - 60_000),
            expires_at: new Date(now.getTime() + 60_000),
          })),
        )
        .execute();
      expect(await requestCode(newMobile(), 1, headers)).toMatchObject({ code: 1, msg: smsMessages.perIp });
      expect((await requestCode(newMobile(), 1)).code).toBe(0);
    });

    it('shows the texts on the development inbox page, newest first', async () => {
      const first = newMobile();
      const second = newMobile();
      await requestCode(first, 1);
      await requestCode(second, 1);
      const response = await fetch(new URL('/dev/sms', server.baseUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(lastCode(first));
      expect(html.indexOf(second)).toBeGreaterThan(-1);
      expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    });
  });

  describe('human check (ALTCHA)', () => {
    const body = (altcha?: string) => ({
      mobile: demoLogins.anchor.mobile,
      password: demoLogins.anchor.password,
      device_type: 'pc',
      ...(altcha === undefined ? {} : { altcha }),
    });

    it('serves signed challenges', async () => {
      const answer = await server.call<{ parameters: { expiresAt: number; algorithm: string }; signature: string }>(
        'GET',
        '/api/altcha/challenge',
      );
      expect(answer.code).toBe(0);
      expect(answer.data.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(answer.data.parameters.algorithm).toBe('PBKDF2/SHA-256');
      expect(answer.data.parameters.expiresAt * 1000).toBeGreaterThan(Date.now() + clock.offsetMs);
    });

    it('refuses login, register, code requests and resets without a solution', async () => {
      const before = await accountState();
      const missing = { status: 400, code: 1, msg: 'Input error: altcha is required' };
      expect(await post('/api/user/login', body())).toMatchObject(missing);
      const mobile = newMobile();
      expect(await post('/api/user/registered', { mobile, code: '123456', password: 'secret-1', device_type: 'pc' })).toMatchObject(missing);
      expect(await post('/api/user/getCode', { mobile, type: 1 })).toMatchObject(missing);
      expect(await post('/api/user/getCode', { mobile: demoLogins.viewer.mobile, type: 2 })).toMatchObject(missing);
      expect(
        await post('/api/user/forgotPassword', { mobile: demoLogins.viewer.mobile, code: '123456', password: 'secret-1' }),
      ).toMatchObject(missing);
      expect(await accountState()).toBe(before);
      expect(await server.database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
    });

    it('spends a solution on a code request: offered again, it is refused and no code is sent', async () => {
      const mobile = newMobile();
      const altcha = await solveHumanCheck(server.baseUrl);
      expect((await post('/api/user/getCode', { mobile, type: 1, altcha }, fromNewAddress())).code).toBe(0);
      advance(smsRules.resendAfterMs);
      expect(await post('/api/user/getCode', { mobile, type: 1, altcha }, fromNewAddress())).toMatchObject({
        code: 1,
        msg: humanCheckMessages.replayed,
      });
      expect(await server.database.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).toHaveLength(1);
    });

    it('refuses a bad solution: not a payload, a wrong counter, a forged challenge', async () => {
      const before = await accountState();
      expect(await post('/api/user/login', body('bm90IGEgcGF5bG9hZA=='))).toMatchObject({ code: 1, msg: humanCheckMessages.failed });
      const solved = JSON.parse(Buffer.from(await solveHumanCheck(server.baseUrl), 'base64').toString()) as {
        challenge: { parameters: Record<string, unknown>; signature: string };
        solution: { counter: number; derivedKey: string };
      };
      const wrongKey = { ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } };
      expect(await post('/api/user/login', body(Buffer.from(JSON.stringify(wrongKey)).toString('base64')))).toMatchObject({
        code: 1,
        msg: humanCheckMessages.failed,
      });
      const forged = { ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } } };
      expect(await post('/api/user/login', body(Buffer.from(JSON.stringify(forged)).toString('base64')))).toMatchObject({
        code: 1,
        msg: humanCheckMessages.failed,
      });
      const mobile = newMobile();
      await requestCode(mobile, 1);
      expect(
        await post('/api/user/registered', {
          mobile,
          code: lastCode(mobile),
          password: 'secret-1',
          device_type: 'pc',
          altcha: 'bm90IGEgcGF5bG9hZA==',
        }),
      ).toMatchObject({ code: 1, msg: humanCheckMessages.failed });
      expect(await accountState()).toBe(before);
      // The refused register did not spend the code.
      expect(await smsRow(mobile)).toMatchObject({ tries: 0, used_at: null });
    });

    it('refuses a solution offered a second time', async () => {
      const altcha = await solveHumanCheck(server.baseUrl);
      expect((await post('/api/user/login', body(altcha), fromNewAddress())).code).toBe(0);
      const before = await accountState();
      expect(await post('/api/user/login', body(altcha), fromNewAddress())).toMatchObject({ code: 1, msg: humanCheckMessages.replayed });
      expect(await accountState()).toBe(before);
    });

    it('refuses a solution whose challenge expired', async () => {
      const altcha = await solveHumanCheck(server.baseUrl);
      advance(11 * 60_000);
      expect(await post('/api/user/login', body(altcha))).toMatchObject({ code: 1, msg: humanCheckMessages.expired });
    });
  });

  describe('failed logins', () => {
    it('checks 10 wrong passwords sent at once against the 5 free tries, not all 10', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      const stranger = fromNewAddress();
      const solutions = await Promise.all(Array.from({ length: 10 }, () => solveHumanCheck(server.baseUrl)));
      const answers = await Promise.all(
        solutions.map((altcha) => post('/api/user/login', { mobile, password: 'wrong-pass', device_type: 'pc', altcha }, stranger)),
      );
      const said = answers.map((answer) => answer.msg);
      expect(said.filter((msg) => msg === loginMessages.wrongPassword)).toHaveLength(loginLimits.freeTries);
      expect(said.filter((msg) => msg === loginMessages.slowedDown)).toHaveLength(10 - loginLimits.freeTries);
    });

    it('slows down only the address that failed: 5 free tries, then delays that double, the owner elsewhere at once', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      const stranger = fromNewAddress();
      for (let i = 0; i < loginLimits.freeTries; i++) {
        expect(await login(mobile, 'wrong-pass', stranger)).toMatchObject({ code: 1, msg: loginMessages.wrongPassword });
      }
      const before = await accountState();
      expect(await login(mobile, 'right-pass', stranger)).toMatchObject({ code: 1, msg: loginMessages.slowedDown });
      expect(await accountState()).toBe(before);
      // The owner, from any other address, is not locked out by the stranger's failures.
      expect((await login(mobile, 'right-pass')).code).toBe(0);

      advance(loginLimits.firstDelayMs + 1000);
      expect(await login(mobile, 'wrong-pass', stranger)).toMatchObject({ code: 1, msg: loginMessages.wrongPassword });
      // The sixth failure doubles the wait: one first delay is no longer enough.
      advance(loginLimits.firstDelayMs + 1000);
      expect(await login(mobile, 'wrong-pass', stranger)).toMatchObject({ code: 1, msg: loginMessages.slowedDown });
      advance(loginLimits.firstDelayMs);
      expect((await login(mobile, 'right-pass', stranger)).code).toBe(0);
    });

    it('cannot be renewed into a lock: 3 addresses failing 5 times each leave the owner free to log in', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      for (let address = 0; address < 3; address++) {
        const stranger = fromNewAddress();
        for (let i = 0; i < loginLimits.freeTries; i++) {
          expect((await login(mobile, 'wrong-pass', stranger)).msg).toBe(loginMessages.wrongPassword);
        }
      }
      expect((await login(mobile, 'right-pass')).code).toBe(0);
    });

    it('lets the owner in with an SMS code while their own address is slowed down', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      const owner = fromNewAddress();
      for (let i = 0; i < loginLimits.freeTries; i++) await login(mobile, 'wrong-pass', owner);
      expect(await login(mobile, 'right-pass', owner)).toMatchObject({ msg: loginMessages.slowedDown });
      advance(smsRules.resendAfterMs);
      expect((await requestCode(mobile, 2, owner)).code).toBe(0);
      expect((await login(mobile, 'right-pass', owner, { code: lastCode(mobile) })).code).toBe(0);
    });

    it('doubles the delay per failure up to its ceiling', () => {
      expect(loginDelayMs(loginLimits.freeTries - 1)).toBe(0);
      expect(loginDelayMs(loginLimits.freeTries)).toBe(loginLimits.firstDelayMs);
      expect(loginDelayMs(loginLimits.freeTries + 1)).toBe(2 * loginLimits.firstDelayMs);
      expect(loginDelayMs(loginLimits.freeTries + 20)).toBe(loginLimits.maxDelayMs);
    });

    /** Logins failed from an address on mobiles nobody has, as a stranger guessing numbers would leave them. */
    async function failFrom(headers: { 'x-forwarded-for': string }, count: number) {
      const now = new Date(Date.now() + clock.offsetMs);
      await server.database.db
        .insertInto('login_failures')
        .values(
          Array.from({ length: count }, (_, i) => ({
            mobile: `86-1360000${String(i).padStart(4, '0')}`,
            ip: headers['x-forwarded-for'],
            created_at: new Date(now.getTime() - 60_000),
          })),
        )
        .execute();
    }

    const challengeCost = async (headers: Record<string, string>) =>
      ((await (await fetch(new URL('/api/altcha/challenge', server.baseUrl), { headers })).json()) as { data: { parameters: { cost: number } } }).data
        .parameters.cost;

    it('slows an address after 20 failed logins on random numbers but lets the owner in with the right password', async () => {
      const shared = fromNewAddress();
      for (let i = 0; i < loginLimits.perIp; i++) {
        const answer = await login(`86-1361${String(i).padStart(3, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}0`, 'guess-1234', shared);
        expect(answer.msg).toBe(loginMessages.wrongPassword);
      }
      // The address now gets checks that ask ten times the work; another address does not.
      expect(await challengeCost(shared)).toBe(altchaWork.strongCost);
      expect(await challengeCost(fromNewAddress())).toBe(altchaWork.cost);

      // The owner of an account new to this address, with the right password and the page's (now strong) check: in.
      const before = Date.now();
      expect((await login(demoLogins.admin.mobile, demoLogins.admin.password, shared)).code).toBe(0);
      // The work is bounded: a second or two here, as in a browser.
      expect(Date.now() - before).toBeLessThan(20_000);

      // For another account new to the address, a check solved with the usual work is sent back for a strong one,
      // before the password is looked at; with the page's next (strong) check the right password passes.
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      const usual = await solveHumanCheck(server.baseUrl, fromNewAddress());
      expect(await post('/api/user/login', { mobile, password: 'right-pass', device_type: 'pc', altcha: usual }, shared)).toMatchObject({
        code: 1,
        msg: loginMessages.strongerCheck,
      });
      expect((await login(mobile, 'right-pass', shared)).code).toBe(0);
    }, 120_000);

    it('keeps brute force on one account limited from a slowed address', async () => {
      const mobile = newMobile();
      await registerUser(mobile, 'right-pass');
      const stranger = fromNewAddress();
      await failFrom(stranger, loginLimits.perIp);
      const said: string[] = [];
      for (let i = 0; i < loginLimits.freeTries + 2; i++) said.push((await login(mobile, `guess-${String(i)}`, stranger)).msg);
      expect(said.filter((msg) => msg === loginMessages.wrongPassword)).toHaveLength(loginLimits.freeTries);
      expect(said.slice(loginLimits.freeTries)).toEqual([loginMessages.slowedDown, loginMessages.slowedDown]);
    }, 120_000);

    it('lets a correct password through a limited address that has logged into the account before, with the usual check', async () => {
      const mobile = newMobile();
      const home = fromNewAddress();
      await registerUser(mobile, 'right-pass', home);
      await failFrom(home, loginLimits.perIp);
      const usual = await solveHumanCheck(server.baseUrl, fromNewAddress());
      expect((await post('/api/user/login', { mobile, password: 'right-pass', device_type: 'pc', altcha: usual }, home)).code).toBe(0);
    });

    it('answers a wrong mobile like a wrong password', async () => {
      expect(await login(newMobile(), 'whatever-1')).toMatchObject({ code: 1, msg: loginMessages.wrongPassword });
    });
  });

  describe('QR login', () => {
    interface Frame {
      code: number;
      type: string;
      qr_code?: string;
      msg?: string;
      data?: LoginSession;
    }

    /**
     * A page showing the QR code: a socket that sent qr_login with the code and, when it has one, the secret the
     * page was given with it, and the frames it received.
     */
    async function showQr(
      code: string,
      secret?: string,
    ): Promise<{ frames: Frame[]; next(type: string): Promise<Frame>; send(frame: object): void; close(): void }> {
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`);
      const frames: Frame[] = [];
      const waiting: Array<{ type: string; resolve: (frame: Frame) => void }> = [];
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as Frame;
        frames.push(frame);
        for (const waiter of waiting.filter((candidate) => candidate.type === frame.type)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const next = (type: string) =>
        new Promise<Frame>((resolve, reject) => {
          const seen = frames.find((frame) => frame.type === type);
          if (seen) return resolve(seen);
          waiting.push({ type, resolve });
          setTimeout(() => reject(new Error(`no ${type} frame`)), 5000);
        });
      socket.send(JSON.stringify({ type: 'qr_login', code, qr_secret: secret }));
      // The server checks the secret before it binds: its answer (qr_bound or an error) means qr_login was taken.
      await Promise.race([next('qr_bound'), next('error')]);
      return { frames, next, send: (frame) => socket.send(JSON.stringify(frame)), close: () => socket.close() };
    }

    const getQr = (headers: Record<string, string> = fromNewAddress()) =>
      post<{ code: string; qr_secret: string; img: string; expires_at: number }>('/api/user/getLoginQrcode', {}, headers);

    it('logs a page in: code → scan (scanCode_Login) → confirm (webLoginSuccess with a working token)', async () => {
      const qr = await getQr();
      expect(qr.code).toBe(0);
      expect(qr.data.code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(qr.data.img).toBe(`/api/qr/${qr.data.code}.svg`);
      expect(qr.data.expires_at * 1000).toBeLessThanOrEqual(Date.now() + clock.offsetMs + qrLoginTtlMs);

      const image = await fetch(new URL(qr.data.img, server.baseUrl));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
      const confirmUrl = `${server.baseUrl}/qr-confirm?code=${qr.data.code}`;
      expect(await image.text()).toBe(await QRCode.toString(confirmUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));

      const page = await showQr(qr.data.code, qr.data.qr_secret);
      const phoneToken = await logIn(server, demoLogins.viewer);
      const scanned = await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken });
      expect(scanned).toMatchObject({ code: 0, data: { code: qr.data.code, status: 'scanned' } });
      expect(await page.next('scanCode_Login')).toEqual({ code: 200, type: 'scanCode_Login', qr_code: qr.data.code });

      const confirmed = await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken });
      expect(confirmed).toMatchObject({ code: 0, data: { code: qr.data.code, status: 'confirmed' } });
      const success = await page.next('webLoginSuccess');
      expect(success).toMatchObject({ code: 200, type: 'webLoginSuccess', qr_code: qr.data.code });
      const session = success.data!;
      expect(session.token).toMatch(/^[0-9a-f]{32}$/);
      expect(session.profile.id).toBe(session.id);
      expect(await memberInfo(session.token)).toMatchObject({ code: 0, data: { id: session.id } });
      // The phone that vouched for the login stays logged in.
      expect((await memberInfo(phoneToken)).code).toBe(0);
      page.close();

      // Single use.
      expect(await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.used,
      });
      expect(await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.used,
      });
    });

    it('hands the session only to the page that asked for the code, not to a socket that names it (QRLjacking)', async () => {
      const qr = await getQr();
      // The secret is not in what the QR shows: its image, nor the confirm address it holds.
      expect(qr.data.qr_secret).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
      expect(qr.data.img).not.toContain(qr.data.qr_secret);
      expect(await (await fetch(new URL(qr.data.img, server.baseUrl))).text()).not.toContain(qr.data.qr_secret);
      const stored = await server.database.db.selectFrom('login_qrcodes').selectAll().where('code', '=', qr.data.code).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(qr.data.qr_secret);

      const page = await showQr(qr.data.code, qr.data.qr_secret);
      expect(await page.next('qr_bound')).toEqual({ code: 0, type: 'qr_bound', qr_code: qr.data.code });
      // Whoever reads the code off the screen (or the confirm address) knows the code, not the secret.
      const thief = await showQr(qr.data.code);
      const guesser = await showQr(qr.data.code, 'A'.repeat(43));
      expect(thief.frames).toEqual([{ code: 1, type: 'error', msg: expect.stringContaining('qr_secret') as string }]);
      expect(guesser.frames).toEqual([{ code: 1, type: 'error', qr_code: qr.data.code, msg: qrMessages.notYours }]);

      const phoneToken = await logIn(server, demoLogins.viewer);
      expect((await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).code).toBe(0);
      await page.next('scanCode_Login');
      expect((await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken })).code).toBe(0);
      const success = await page.next('webLoginSuccess');
      expect(success.data?.token).toMatch(/^[0-9a-f]{32}$/);
      // Frames of one socket arrive in order: a heartbeat answered after the login means no push is on its way.
      for (const socket of [thief, guesser]) {
        socket.send({ type: 'heartbeat' });
        await socket.next('heartbeat');
        expect(socket.frames.map((frame) => frame.type)).toEqual(['error', 'heartbeat']);
      }
      for (const socket of [page, thief, guesser]) socket.close();
    });

    it('binds the code again when the page that asked reconnects with its secret', async () => {
      const qr = await getQr();
      const before = await showQr(qr.data.code, qr.data.qr_secret);
      before.close();
      const page = await showQr(qr.data.code, qr.data.qr_secret);
      expect(await page.next('qr_bound')).toMatchObject({ qr_code: qr.data.code });
      const phoneToken = await logIn(server, demoLogins.viewer);
      expect((await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).code).toBe(0);
      expect(await page.next('scanCode_Login')).toMatchObject({ qr_code: qr.data.code });
      page.close();
    });

    it('refuses a confirm of a code its user has not scanned', async () => {
      const qr = await getQr();
      const page = await showQr(qr.data.code, qr.data.qr_secret);
      const phoneToken = await logIn(server, demoLogins.viewer);
      const sessionsBefore = await accountState();
      expect(await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.notScanned,
      });
      expect(await accountState()).toBe(sessionsBefore);
      expect(page.frames.map((frame) => frame.type)).toEqual(['qr_bound']);
      page.close();
    });

    it('refuses a confirm of a code that no page has bound, starting no session', async () => {
      const qr = await getQr();
      const phoneToken = await logIn(server, demoLogins.viewer);
      expect((await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).code).toBe(0);
      const sessionsBefore = await accountState();
      expect(await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.notShown,
      });
      expect(await accountState()).toBe(sessionsBefore);
    });

    it('tells the confirm page which device asked for the code, from where and when', async () => {
      const userAgent =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const headers = { ...fromNewAddress(), 'user-agent': userAgent };
      const qr = await getQr(headers);
      const phoneToken = await logIn(server, demoLogins.viewer);
      const scanned = await post<{ requested_by: { browser: string; os: string; address: string; requested_at: number } }>(
        '/api/user/scanLoginQrcode',
        { code: qr.data.code },
        { token: phoneToken },
      );
      expect(scanned.code).toBe(0);
      expect(scanned.data.requested_by).toEqual({
        browser: 'Chrome 131',
        os: 'Windows',
        address: headers['x-forwarded-for'],
        requested_at: qr.data.expires_at - qrLoginTtlMs / 1000,
      });
    });

    it('refuses an expired code, and stops serving its image', async () => {
      const qr = await getQr();
      const phoneToken = await logIn(server, demoLogins.viewer);
      advance(qrLoginTtlMs + 1000);
      expect(await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.expired,
      });
      expect(await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.expired,
      });
      expect((await fetch(new URL(qr.data.img, server.baseUrl))).status).toBe(404);
    });

    it('refuses new codes to an address that asked for too many', async () => {
      const headers = fromNewAddress();
      const now = new Date(Date.now() + clock.offsetMs);
      await server.database.db
        .insertInto('login_qrcodes')
        .values(
          Array.from({ length: qrCodesPerIpPer10Min }, (_, i) => ({
            code: `limit-test-code-${String(i).padStart(4, '0')}`,
            ip: headers['x-forwarded-for'],
            created_at: new Date(now.getTime() - 60_000),
            expires_at: new Date(now.getTime() + 60_000),
          })),
        )
        .execute();
      expect(await post('/api/user/getLoginQrcode', {}, headers)).toMatchObject({ code: 1, msg: qrMessages.tooMany });
      expect((await post('/api/user/getLoginQrcode', {}, fromNewAddress())).code).toBe(0);
    });

    it('refuses unknown codes, guests, and a code scanned by another account', async () => {
      const phoneToken = await logIn(server, demoLogins.viewer);
      expect(await post('/api/user/scanLoginQrcode', { code: 'A'.repeat(24) }, { token: phoneToken })).toMatchObject({
        code: 1,
        msg: qrMessages.unknown,
      });
      const qr = await getQr();
      expect(await post('/api/user/scanLoginQrcode', { code: qr.data.code })).toMatchObject({ code: ResultCode.sessionGone });
      expect((await post('/api/user/scanLoginQrcode', { code: qr.data.code }, { token: phoneToken })).code).toBe(0);
      const otherToken = await logIn(server, demoLogins.anchor);
      const sessionsBefore = await accountState();
      expect(await post('/api/user/confirmLoginQrcode', { code: qr.data.code }, { token: otherToken })).toMatchObject({
        code: 1,
        msg: qrMessages.otherAccount,
      });
      expect(await accountState()).toBe(sessionsBefore);
    });
  });

  it('answers every refusal as an envelope with data null', async () => {
    const answer: Envelope = await post('/api/user/getCode', { mobile: demoLogins.viewer.mobile, type: 1 });
    expect(answer).toMatchObject({ code: 1, data: null });
  });
});
