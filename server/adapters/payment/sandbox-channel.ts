import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel, PaymentNotice, Payout, PayoutChannel } from '../../ports/payment-port.ts';

/** The sandbox's checkout page and its notification address, both served by the site itself. */
export const sandboxPaths = { checkout: '/pay/sandbox', notify: '/pay/notify/sandbox' } as const;

function signedText(notice: PaymentNotice): string {
  return [notice.orderNo, notice.tradeNo, notice.amount, notice.status].join('\n');
}

/** HMAC-SHA256 of the notice's fields with the site's sandbox secret, hex. */
export function signNotice(secret: string, notice: PaymentNotice): string {
  return createHmac('sha256', secret).update(signedText(notice)).digest('hex');
}

/** The body the sandbox posts to the notification address. */
export function noticeBody(notice: PaymentNotice) {
  return { order_no: notice.orderNo, trade_no: notice.tradeNo, amount: notice.amount, status: notice.status };
}

function parseNotice(rawBody: string): PaymentNotice | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : null);
  const [orderNo, tradeNo, amount] = [text(b.order_no), text(b.trade_no), text(b.amount)];
  if (!orderNo || !tradeNo || !amount || (b.status !== 'paid' && b.status !== 'cancelled')) return null;
  return { orderNo, tradeNo, amount, status: b.status };
}

/**
 * The channel outside production: a checkout page of the site where the user pays or cancels; the
 * page's server side then plays the provider and posts a notice signed with the site's sandbox
 * secret. It never exists in production (payment-port-for.ts), where anyone could pay with it.
 */
export function sandboxChannel(secret: () => Promise<string>): PaymentChannel & PayoutChannel {
  return {
    code: 'sandbox',
    checkoutUrl: (orderNo, language) => `${sandboxPaths.checkout}?${new URLSearchParams({ order: orderNo, lang: language })}`,
    async verifyNotice(rawBody, signature) {
      const notice = parseNotice(rawBody);
      if (!notice || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
      const expected = Buffer.from(signNotice(await secret(), notice), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? notice : null;
    },
    async payout(payout: Payout) {
      // The sandbox pays nothing out for real: it answers a reference, as a provider would.
      return { reference: `SBXP${payout.withdrawalId}${randomBytes(4).toString('hex').toUpperCase()}` };
    },
  };
}
