import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DevSmsSender } from '../../server/adapters/sms/dev-sms-sender.ts';
import { loginSessionFor } from '../../server/areas/account/login-service.ts';
import { createSession } from '../../server/areas/account/session-service.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { ImClient, startMessagingPair } from '../../server/realtime/im-test-client.ts';
import { sessionRevokedCloseCode } from '../../server/realtime/messaging-sessions.ts';
import { demoLogins } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';

// A chat login lives no longer than the login session it was signed for: sign-out and a password reset
// end it, and its open sockets close at once on every process (two processes on one bus here).
describe('the messaging signature is bound to a live session', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let pair: Awaited<ReturnType<typeof startMessagingPair>>;
  let urls: [string, string];
  let viewerId: number;
  const clients: ImClient[] = [];

  beforeAll(async () => {
    pair = await startMessagingPair(inject('databaseTemplate'));
    ({ database, app, urls } = pair);
    const viewer = await database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    viewerId = Number(viewer.id);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await pair.close();
  });

  /** A login as the login calls answer it: a token and the userSig made with it. */
  async function logIn() {
    const token = await createSession(app.serverContext, viewerId, { deviceType: 'pc', ip: '127.0.0.1' });
    return loginSessionFor(app.serverContext, viewerId, token);
  }
  async function connect(where: 0 | 1, userSig: string) {
    const client = await ImClient.open(urls[where], app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    const answer = await client.call({ type: 'login', userID: String(viewerId), userSig, lang: 'en' });
    return { client, answer, closed };
  }
  const httpOf = (url: string) => url.replace('ws://', 'http://').replace(/\/im$/, '');

  it('closes the session sockets on both processes at sign-out, and refuses its userSig after', async () => {
    const session = await logIn();
    const here = await connect(0, session.userSig);
    const there = await connect(1, session.userSig);
    expect([here.answer.type, there.answer.type]).toEqual(['ok', 'ok']);
    const bystander = await connect(1, (await logIn()).userSig);

    const signedOut = await app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: session.token }, payload: {} });
    expect(signedOut.json()).toMatchObject({ code: 0 });
    const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2_000));
    expect(await Promise.race([here.closed, deadline])).toBe(sessionRevokedCloseCode);
    expect(await Promise.race([there.closed, deadline])).toBe(sessionRevokedCloseCode);
    // Another session of the same user keeps chatting.
    expect(bystander.client.ws.readyState).toBe(bystander.client.ws.OPEN);

    for (const where of [0, 1] as const) {
      expect((await connect(where, session.userSig)).answer).toMatchObject({ type: 'error', msg: '消息签名无效' });
    }
  });

  it('refuses a userSig without its session, or with another user or session put in', async () => {
    const session = await logIn();
    const [expires, sessionId, mac] = session.userSig.split('.');
    expect((await connect(0, `${expires}.${mac}`)).answer.type).toBe('error');
    expect((await connect(0, `${expires}.${Number(sessionId) + 1}.${mac}`)).answer.type).toBe('error');
    const client = await ImClient.open(urls[0], app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    expect(await client.call({ type: 'login', userID: String(viewerId + 1), userSig: session.userSig })).toMatchObject({ type: 'error' });
  });

  it('ends every chat login of the user at a password reset', async () => {
    const first = await logIn();
    const second = await logIn();
    const one = await connect(0, first.userSig);
    const two = await connect(1, second.userSig);
    expect([one.answer.type, two.answer.type]).toEqual(['ok', 'ok']);

    const base = httpOf(urls[0]);
    const post = async (path: string, body: Record<string, unknown>) =>
      (await app.inject({ method: 'POST', url: path, headers: { lang: 'en', 'x-forwarded-for': '198.51.100.7' }, payload: body })).json<{ code: number }>();
    const mobile = demoLogins.viewer.mobile;
    expect(await post('/api/user/getCode', { mobile, type: 2, altcha: await solveHumanCheck(base) })).toMatchObject({ code: 0 });
    const sms = app.serverContext.sms;
    if (!(sms instanceof DevSmsSender)) throw new Error('not the development sender');
    const code = sms.inbox().find((message) => message.mobile === mobile)!.code;
    expect(await post('/api/user/forgotPassword', { mobile, code, password: 'a-new-secret-9', altcha: await solveHumanCheck(base) })).toMatchObject({ code: 0 });

    const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2_000));
    expect(await Promise.race([one.closed, deadline])).toBe(sessionRevokedCloseCode);
    expect(await Promise.race([two.closed, deadline])).toBe(sessionRevokedCloseCode);
    expect((await connect(1, second.userSig)).answer.type).toBe('error');
  });
});
