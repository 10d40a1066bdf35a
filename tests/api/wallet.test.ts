import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevSmsSender } from '../../server/adapters/sms/dev-sms-sender.ts';
import { noticeBody, signNotice } from '../../server/adapters/payment/sandbox-channel.ts';
import { siteSecret } from '../../server/db/site-secrets.ts';
import { hashPassword } from '../../server/password-hash.ts';
import { ledgerMessages } from '../../server/areas/wallet/ledger.ts';
import { walletMessages } from '../../server/areas/wallet/wallet-messages.ts';
import { createLoggedInUser, demoLogins, logIn, openWallet } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';
import { expectLedgerSound } from './ledger-invariants.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface Profile {
  balance: number;
  income_balance: number;
  coins: number;
}
interface TopUpOrder {
  order_no: string;
  pay_url: string;
  price: number;
  diamonds: number;
  status: string;
}
interface Withdrawal {
  id: number;
  amount: number;
  account_type: string;
  account: string;
  status: string;
  reason: string | null;
}

let nextMobile = 1;
const key = () => randomBytes(12).toString('hex');

describe('wallets on the ledger', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await expectLedgerSound(server);
    await server.close();
  });

  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1360000${suffix}`, nickname: `钱包${suffix}`, invitePrefix: 'WAL' });
  }
  const get = <T>(path: string, token: string, input: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.call<T>('GET', path, input, { token, ...headers });
  const post = <T>(path: string, token: string, input: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.call<T>('POST', path, input, { token, ...headers });
  const profile = async (token: string) => (await get<Profile>('/api/Member/info', token)).data;
  const openIncome = (userId: number, diamonds: number) => openWallet(server, userId, 'income', diamonds);
  async function givePaymentPassword(userId: number, password = '135790') {
    await server.database.db.updateTable('users').set({ payment_password_hash: await hashPassword(password) }).where('id', '=', userId).execute();
  }
  async function deliver(body: Record<string, unknown>, signature: string) {
    const response = await fetch(new URL('/pay/notify/sandbox', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pay-signature': signature },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  describe('top-up', () => {
    it('lists the packages cheapest first and the sandbox channel', async () => {
      const user = await newUser();
      const rules = await post<Array<{ id: number; price: number; diamonds: number; bonus: number }>>('/api/chargerules/getList', user.token);
      expect(rules.code).toBe(0);
      expect(rules.data.length).toBeGreaterThan(0);
      expect(rules.data.map((r) => r.price)).toEqual([...rules.data.map((r) => r.price)].sort((a, b) => a - b));
      const channels = await get<Array<{ id: number; code: string; name: string }>>('/api/pay/getPayChannelList', user.token);
      expect(channels.data.map((c) => c.code)).toEqual(['sandbox']);
      expect(channels.data[0]!.name).toBe('Sandbox');
    });

    async function order(token: string, idempotencyKey = key()) {
      const rules = await post<Array<{ id: number; price: number; diamonds: number; bonus: number }>>('/api/chargerules/getList', token);
      const channels = await get<Array<{ id: number }>>('/api/pay/getPayChannelList', token);
      const rule = rules.data[0]!;
      const answer = await get<TopUpOrder>(
        '/api/chargerules/payUrl',
        token,
        { rule_id: rule.id, channel_id: channels.data[0]!.id },
        { 'idempotency-key': idempotencyKey },
      );
      return { answer, rule };
    }

    it('creates one order per key and a checkout page that pays it through a signed notice', async () => {
      const user = await newUser();
      const k = key();
      const { answer, rule } = await order(user.token, k);
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({ status: 'unpaid', price: rule.price, diamonds: rule.diamonds + rule.bonus });
      expect(answer.data.pay_url).toMatch(/^\/pay\/sandbox\?order=PS[A-Z0-9]+&lang=en$/);
      expect((await order(user.token, k)).answer.data.order_no).toBe(answer.data.order_no);

      const page = await fetch(new URL(answer.data.pay_url, server.baseUrl));
      const html = await page.text();
      expect(html).toContain('Sandbox checkout');
      expect(html).toContain(answer.data.order_no);

      const paid = await fetch(new URL('/pay/sandbox', server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ order: answer.data.order_no, lang: 'en', action: 'pay' }).toString(),
      });
      expect(await paid.text()).toContain('Payment complete');
      expect((await profile(user.token)).balance).toBe(rule.diamonds + rule.bonus);
    });

    it('credits a notice delivered 20 times at once exactly once, and refuses a forged one and a wrong amount', async () => {
      const user = await newUser();
      const { answer, rule } = await order(user.token);
      const secret = await siteSecret(server.app.serverContext, 'pay_sandbox_secret');
      const notice = { orderNo: answer.data.order_no, tradeNo: 'SBXTEST0001', amount: rule.price.toFixed(2), status: 'paid' as const };

      const forged = await deliver(noticeBody(notice), signNotice('not-the-secret', notice));
      expect(forged.status).toBe(400);
      const wrongAmount = { ...notice, amount: (rule.price * 100).toFixed(2) };
      expect((await deliver(noticeBody(wrongAmount), signNotice(secret, wrongAmount))).status).toBe(400);
      expect((await profile(user.token)).balance).toBe(0);

      const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(noticeBody(notice), signNotice(secret, notice))));
      expect(answers.every((a) => a.status === 200 && a.text === 'success')).toBe(true);
      expect((await profile(user.token)).balance).toBe(rule.diamonds + rule.bonus);
      const credits = await server.database.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `topup:${notice.orderNo}`).execute();
      expect(credits).toHaveLength(1);
      const logged = await server.database.db.selectFrom('payment_notices').select('outcome').where('order_no', '=', notice.orderNo).execute();
      expect(logged.map((n) => n.outcome).sort()).toEqual(
        ['bad_amount', 'bad_signature', 'credited', ...Array<string>(19).fill('repeated')].sort(),
      );
    });

    it('cancels an order from the checkout page and credits nothing', async () => {
      const user = await newUser();
      const { answer } = await order(user.token);
      const cancelled = await fetch(new URL('/pay/sandbox', server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ order: answer.data.order_no, lang: 'zh', action: 'cancel' }).toString(),
      });
      expect(await cancelled.text()).toContain('支付已取消');
      expect((await profile(user.token)).balance).toBe(0);
    });
  });

  describe('conversion', () => {
    it('makes one effect and one answer of 1,000 concurrent requests with one key', async () => {
      const user = await newUser();
      await openIncome(user.id, 100);
      const k = key();
      // In-process requests (the whole route: session, contract, handler): 1,000 sockets at once
      // would test the loopback backlog, not the ledger.
      const answers = await Promise.all(
        Array.from({ length: 1000 }, async () => {
          const response = await server.app.inject({
            method: 'GET',
            url: '/api/Balance/conversionBalance?amount=12.3&confirm=true',
            headers: { token: user.token, 'idempotency-key': k, lang: 'en' },
          });
          return response.json<{ code: number; data: { amount: number; balance: number; income_balance: number } }>();
        }),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect([...new Set(answers.map((a) => JSON.stringify(a.data)))]).toEqual([JSON.stringify(answers[0]!.data)]);
      expect(answers[0]!.data).toEqual({ amount: 12.3, diamonds: 12.3, balance: 12.3, income_balance: 87.7 });
      expect(await profile(user.token)).toMatchObject({ balance: 12.3, income_balance: 87.7 });
    }, 120_000);

    it('refuses the same key with another amount, more than the income, and no confirmation', async () => {
      const user = await newUser();
      await openIncome(user.id, 10);
      const k = key();
      const convert = (amount: number, confirm: unknown = true, idem = k) =>
        get('/api/Balance/conversionBalance', user.token, { amount, confirm }, { 'idempotency-key': idem });
      expect((await convert(1)).code).toBe(0);
      expect(await convert(2)).toMatchObject({ code: 1, msg: ledgerMessages.keyReused });
      expect(await convert(10.5, true, key())).toMatchObject({ code: 1, msg: ledgerMessages.insufficient });
      expect((await convert(1, false, key())).code).toBe(1);
      expect((await convert(0.05, true, key())).code).toBe(1);
      expect(await profile(user.token)).toMatchObject({ balance: 1, income_balance: 9 });
    });
  });

  describe('payment password, cards and withdrawals', () => {
    it('sets the payment password with an SMS code, entered twice alike', async () => {
      const user = await newUser();
      const mobile = (await server.database.db.selectFrom('users').select('mobile').where('id', '=', user.id).executeTakeFirstOrThrow()).mobile;
      expect((await post('/api/user/getCode', user.token, { mobile, type: 2, altcha: await solveHumanCheck(server.baseUrl) })).code).toBe(0);
      const sender = server.app.serverContext.sms as DevSmsSender;
      const code = sender.inbox().find((m) => m.mobile === mobile)!.code;
      expect(await post('/api/Member/paymentPassword', user.token, { password: '246810', confirm_password: '246811', code })).toMatchObject({
        code: 1,
        msg: walletMessages.passwordsDiffer,
      });
      expect((await post('/api/Member/paymentPassword', user.token, { password: '12345', confirm_password: '12345', code })).code).toBe(1);
      expect((await post('/api/Member/paymentPassword', user.token, { password: '246810', confirm_password: '246810', code })).code).toBe(0);
      const stored = await server.database.db.selectFrom('users').select('payment_password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.payment_password_hash).toMatch(/^scrypt\$/);
    });

    it('binds a Luhn-valid card and a payment account, shown masked', async () => {
      const user = await newUser();
      expect(await get('/api/Bank_card/getInfo', user.token)).toMatchObject({ code: 0, data: null });
      const card = { real_name: '张三丰', bank_name: '招商银行', branch: '深圳分行', payment_password: '135790' };
      expect(await get('/api/Bank_card/bind', user.token, { ...card, card_number: '6222021234567894' })).toMatchObject({
        code: 1,
        msg: walletMessages.noPaymentPassword,
      });
      await givePaymentPassword(user.id);
      expect(await get('/api/Bank_card/bind', user.token, { ...card, card_number: '6222021234567890' })).toMatchObject({
        code: 1,
        msg: walletMessages.badCardNumber,
      });
      const bound = await get('/api/Bank_card/bind', user.token, { ...card, card_number: '6222021234567894' });
      expect(bound).toMatchObject({ code: 0, data: { real_name: '张**', card_number: '**** **** **** 7894', bank_name: '招商银行' } });
      expect((await get('/api/Bank_card/getInfo', user.token)).data).toEqual(bound.data);
      const alipay = await get('/api/Bank_card/bindAliPay', user.token, { real_name: '张三丰', account: 'zhang@example.com', payment_password: '135790' });
      expect(alipay).toMatchObject({ code: 0, data: { real_name: '张**', account: 'z***@example.com' } });
      expect((await get('/api/Bank_card/getAliPayInfo', user.token)).data).toEqual(alipay.data);
    });

    it('locks the payment password after 5 wrong tries', async () => {
      const user = await newUser();
      await givePaymentPassword(user.id);
      const bind = (payment_password: string) =>
        get('/api/Bank_card/bindAliPay', user.token, { real_name: '李四', account: '13800001111', payment_password });
      for (let i = 0; i < 4; i++) expect(await bind('000000')).toMatchObject({ code: 1, msg: walletMessages.wrongPaymentPassword });
      expect((await bind('000000')).msg).toContain('Too many wrong payment passwords');
      expect((await bind('135790')).msg).toContain('Too many wrong payment passwords');
    });

    it('holds a withdrawal at once; the admin approves one and refuses another, which returns the amount', async () => {
      const user = await newUser();
      await givePaymentPassword(user.id);
      await openIncome(user.id, 50);
      const apply = (amount: number, idem = key()) =>
        get<Withdrawal>('/api/Balance/applyForWithdrawal', user.token, { amount, payment_password: '135790' }, { 'idempotency-key': idem });
      expect(await apply(10)).toMatchObject({ code: 1, msg: walletMessages.noPayoutAccount });
      await get('/api/Bank_card/bind', user.token, {
        real_name: '王五',
        card_number: '6222021234567894',
        bank_name: '工商银行',
        branch: '北京分行',
        payment_password: '135790',
      });
      const first = await apply(20);
      expect(first).toMatchObject({ code: 0, data: { amount: 20, status: 'under_review', account_type: 'bank_card', account: '工商银行 **** **** **** 7894' } });
      const second = await apply(15.5);
      expect(await apply(15)).toMatchObject({ code: 1, msg: ledgerMessages.insufficient });
      expect((await profile(user.token)).income_balance).toBe(14.5);
      const listed = await get<{ total: number; list: Withdrawal[] }>('/api/Balance/withdrawalList', user.token);
      expect(listed.data.list.map((w) => w.id)).toEqual([second.data.id, first.data.id]);

      const admin = await logIn(server, demoLogins.admin);
      expect((await get('/api/admin/withdrawalList', user.token)).msg).toBe('Permission denied');
      const queue = await get<{ list: Array<Withdrawal & { user_nickname: string }> }>('/api/admin/withdrawalList', admin);
      expect(queue.data.list.map((w) => w.id)).toEqual(expect.arrayContaining([first.data.id, second.data.id]));
      const review = (body: Record<string, unknown>) => post<Withdrawal>('/api/admin/reviewWithdrawal', admin, body, { 'idempotency-key': key() });
      expect(await review({ id: second.data.id, decision: 'refuse' })).toMatchObject({ code: 1, msg: walletMessages.reasonNeeded });
      expect(await review({ id: first.data.id, decision: 'approve' })).toMatchObject({ code: 0, data: { status: 'audit_successful' } });
      expect(await review({ id: first.data.id, decision: 'refuse', reason: 'late' })).toMatchObject({ code: 1, msg: walletMessages.reviewedAlready });
      expect(await review({ id: second.data.id, decision: 'refuse', reason: 'Name does not match' })).toMatchObject({
        code: 0,
        data: { status: 'audit_failure', reason: 'Name does not match' },
      });
      expect((await profile(user.token)).income_balance).toBe(30);
      const refused = await get<{ list: Withdrawal[] }>('/api/Balance/withdrawalList', user.token, { status: 'audit_failure' });
      expect(refused.data.list.map((w) => w.id)).toEqual([second.data.id]);
    });
  });

  describe('orders', () => {
    it('lists every movement of my money, by type and month, paged', async () => {
      const user = await newUser();
      await openIncome(user.id, 30);
      await get('/api/Balance/conversionBalance', user.token, { amount: 5, confirm: true }, { 'idempotency-key': key() });
      const all = await get<{ total: number; list: Array<{ type: string; wallet: string; amount: number; balance: number }> }>('/api/Order/getList', user.token);
      expect(all.data.total).toBe(3);
      expect(all.data.list.map((e) => [e.type, e.wallet, e.amount, e.balance])).toEqual(
        expect.arrayContaining([
          ['conversion_in', 'consumer', 5, 5],
          ['conversion_out', 'income', -5, 25],
          ['opening', 'income', 30, 30],
        ]),
      );
      const ins = await get<{ total: number }>('/api/Order/getList', user.token, { type: 'conversion_in' });
      expect(ins.data.total).toBe(1);
      const paged = await get<{ list: unknown[]; page: number }>('/api/Order/getList', user.token, { page: 2, limit: 2 });
      expect(paged.data).toMatchObject({ page: 2 });
      expect(paged.data.list).toHaveLength(1);
      const beijing = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
      expect((await get<{ total: number }>('/api/Order/getList', user.token, { month: beijing })).data.total).toBe(3);
      expect((await get<{ total: number }>('/api/Order/getList', user.token, { month: '2020-01' })).data.total).toBe(0);
      expect((await get('/api/Order/getList', user.token, { month: '2020-13' })).code).toBe(1);
      const types = await get<Array<{ type: string; name: string }>>('/api/order/getTypeList', user.token, {}, { lang: 'zh' });
      expect(types.data).toContainEqual({ type: 'recharge', name: '充值' });
    });
  });
});
