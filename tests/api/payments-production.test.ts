import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessages } from '../../server/areas/wallet/wallet-messages.ts';
import { createLoggedInUser } from './demo-session.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const stripeVariables = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CURRENCY', 'STRIPE_API_URL'];
const webhookSecret = 'whsec_pitchside_test_secret';

async function firstPackage(server: TestServer, token: string) {
  const rules = await server.call<Array<{ id: number; price: number; diamonds: number; bonus: number }>>('POST', '/api/chargerules/getList', {}, { token });
  return rules.data[0]!;
}

describe('top-up in production without a payment provider', () => {
  let server: TestServer;
  const logged: string[] = [];
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    for (const name of stripeVariables) delete process.env[name];
    server = await startTestServer({ production: true, logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } });
  });
  afterAll(async () => {
    await server.close();
    process.env = savedEnv;
  });

  it('offers no channel and refuses payUrl in the user language, writing no order', async () => {
    const user = await createLoggedInUser(server, { mobile: '86-13611110001', nickname: '无支付', invitePrefix: 'PAY' });
    const channels = await server.call<unknown[]>('GET', '/api/pay/getPayChannelList', {}, { token: user.token });
    expect(channels).toMatchObject({ code: 0, data: [] });
    const rule = await firstPackage(server, user.token);
    const seeded = await server.database.db.selectFrom('pay_channels').select(['id', 'code']).execute();
    for (const [lang, text] of [['en', walletMessages.paymentsNotConfigured], ['zh', '支付未配置'], ['vi', 'Thanh toán chưa được cấu hình']] as const) {
      for (const channel of seeded) {
        const answer = await server.call('GET', '/api/chargerules/payUrl', { rule_id: rule.id, channel_id: Number(channel.id) }, { token: user.token, lang, 'idempotency-key': randomUUID() });
        expect(answer).toMatchObject({ code: 1, msg: text, data: null });
      }
    }
    expect(await server.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(logged.join('')).toContain('Payments are not configured');
  });

  it('serves no sandbox checkout and takes no sandbox notice', async () => {
    const order = 'PS20261128000000ABCDEF12';
    const pay = await fetch(new URL('/pay/sandbox', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order, lang: 'en', action: 'pay' }).toString(),
    });
    expect(pay.status).toBe(404);
    expect((await fetch(new URL(`/pay/sandbox?order=${order}`, server.baseUrl))).status).toBe(404);
    const notice = await fetch(new URL('/pay/notify/sandbox', server.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notice.status).toBe(404);
  });
});

describe('top-up in production through Stripe Checkout', () => {
  let server: TestServer;
  let stripeStandIn: Server;
  const sessionsAsked: URLSearchParams[] = [];
  const savedEnv = { ...process.env };
  const stripe = new Stripe('sk_test_pitchside');

  beforeAll(async () => {
    // Stripe's API, as far as creating a Checkout Session goes: the adapter's request is read back.
    stripeStandIn = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        sessionsAsked.push(form);
        response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
      });
    });
    await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
    process.env.STRIPE_SECRET_KEY = 'sk_test_pitchside';
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(stripeStandIn.address() as AddressInfo).port}`;
    delete process.env.STRIPE_CURRENCY;
    server = await startTestServer({ production: true });
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
    stripeStandIn.close();
    process.env = savedEnv;
  });

  const balance = async (token: string) => (await server.call<{ balance: number }>('GET', '/api/Member/info', {}, { token })).data.balance;
  const event = (type: string, session: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
  const deliver = async (payload: string, secret = webhookSecret) =>
    (
      await fetch(new URL('/pay/notify/stripe', server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
        body: payload,
      })
    ).status;

  it('offers Stripe only, sends the user to a Checkout Session of the order, and credits a signed webhook once', async () => {
    const user = await createLoggedInUser(server, { mobile: '86-13611110002', nickname: '卡支付', invitePrefix: 'PAY' });
    const channels = await server.call<Array<{ id: number; code: string }>>('GET', '/api/pay/getPayChannelList', {}, { token: user.token });
    expect(channels.data.map((c) => c.code)).toEqual(['stripe']);
    const rule = await firstPackage(server, user.token);
    const answer = await server.call<{ order_no: string; pay_url: string }>(
      'GET',
      '/api/chargerules/payUrl',
      { rule_id: rule.id, channel_id: channels.data[0]!.id },
      { token: user.token, 'idempotency-key': randomUUID() },
    );
    expect(answer.code).toBe(0);
    expect(answer.data.pay_url).toBe(`/pay/checkout/stripe?order=${answer.data.order_no}&lang=en`);

    const checkout = await fetch(new URL(answer.data.pay_url, server.baseUrl), { redirect: 'manual' });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('location')).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const asked = sessionsAsked.at(-1)!;
    expect(asked.get('client_reference_id')).toBe(answer.data.order_no);
    expect(asked.get('line_items[0][price_data][unit_amount]')).toBe(String(Math.round(rule.price * 100)));
    expect(asked.get('line_items[0][price_data][currency]')).toBe('cny');

    const paid = {
      id: 'cs_test_1',
      client_reference_id: answer.data.order_no,
      payment_status: 'paid',
      payment_intent: 'pi_test_1',
      currency: 'cny',
      amount_total: Math.round(rule.price * 100),
    };
    // Forged (another secret), a wrong amount, another currency: refused, nothing credited.
    expect(await deliver(event('checkout.session.completed', paid), 'whsec_not_the_site')).toBe(400);
    expect(await deliver(event('checkout.session.completed', { ...paid, amount_total: paid.amount_total * 100 }))).toBe(400);
    expect(await deliver(event('checkout.session.completed', { ...paid, currency: 'usd' }))).toBe(400);
    // A signed event about something else is taken and does nothing.
    expect(await deliver(event('customer.created', { id: 'cus_1' }))).toBe(200);
    expect(await balance(user.token)).toBe(0);

    const statuses = await Promise.all(Array.from({ length: 8 }, () => deliver(event('checkout.session.completed', paid))));
    expect(statuses).toEqual(Array<number>(8).fill(200));
    expect(await balance(user.token)).toBe(rule.diamonds + rule.bonus);
    const credits = await server.database.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `topup:${answer.data.order_no}`).execute();
    expect(credits).toHaveLength(1);
    const order = await server.database.db.selectFrom('orders').select(['status', 'channel_trade_no']).where('order_no', '=', answer.data.order_no).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', channel_trade_no: 'pi_test_1' });
  });

  it('closes an order whose Checkout Session expired, and credits nothing after', async () => {
    const user = await createLoggedInUser(server, { mobile: '86-13611110003', nickname: '过期单', invitePrefix: 'PAY' });
    const channels = await server.call<Array<{ id: number }>>('GET', '/api/pay/getPayChannelList', {}, { token: user.token });
    const rule = await firstPackage(server, user.token);
    const answer = await server.call<{ order_no: string }>('GET', '/api/chargerules/payUrl', { rule_id: rule.id, channel_id: channels.data[0]!.id }, { token: user.token, 'idempotency-key': randomUUID() });
    const session = { id: 'cs_test_2', client_reference_id: answer.data.order_no, currency: 'cny', amount_total: Math.round(rule.price * 100) };
    expect(await deliver(event('checkout.session.expired', { ...session, payment_status: 'unpaid' }))).toBe(200);
    expect(await deliver(event('checkout.session.completed', { ...session, payment_status: 'paid', payment_intent: 'pi_late' }))).toBe(200);
    expect(await balance(user.token)).toBe(0);
  });
});
