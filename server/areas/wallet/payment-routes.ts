import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { noticeBody, sandboxPaths, signNotice } from '../../adapters/payment/sandbox-channel.ts';
import { languages, translate, type Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { siteSecret } from '../../db/site-secrets.ts';
import type { PaymentChannel } from '../../ports/payment-port.ts';
import { stripePaths, type StripeCheckoutChannel } from '../../adapters/payment/stripe-checkout-channel.ts';
import { acceptPaymentNotice, orderForCheckout } from './topup-service.ts';

export interface PaymentRoutesOptions {
  server: ServerContext;
}

/** The sandbox checkout page's texts (server/i18n/messages). */
export const checkoutMessages = {
  title: 'Sandbox checkout',
  note: 'This is the test payment channel: no real money is taken.',
  order: 'Order',
  amount: 'Amount to pay',
  diamonds: 'Yellow diamonds',
  pay: 'Pay',
  cancel: 'Cancel',
  paid: 'Payment complete: the diamonds are in your wallet. You can close this page.',
  cancelled: 'The payment was cancelled. You can close this page.',
  closed: 'This order can no longer be paid.',
  notFound: 'Order not found',
  back: 'Back to my wallet',
} as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function languageFrom(value: unknown): Language {
  return languages.find((language) => language === value) ?? 'zh';
}

function page(language: Language, body: string): string {
  const t = (text: string) => escape(translate(text, language));
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t(checkoutMessages.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1d2129}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}.note{color:#86909c;font-size:13px;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:10px 16px;margin:0 0 24px}dt{color:#4e5969}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.price{font-size:24px;color:#f53f3f;font-weight:600}form{display:flex;gap:12px}button{flex:1;font-size:16px;padding:10px;border-radius:8px;border:1px solid #c9cdd4;background:#fff;cursor:pointer}
button[value=pay]{background:#f53f3f;border-color:#f53f3f;color:#fff}p[role=status]{font-size:16px}a{color:#165dff}
</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The payment channels' pages (DESIGN.md, Money): each configured channel's checkout, which a top-up
 * order's pay_url opens, and its notification address, which the channel calls back with a signed
 * notice. The sandbox's exist only where the sandbox channel does (never in production).
 */
export async function paymentRoutes(app: FastifyInstance, { server }: PaymentRoutesOptions): Promise<void> {
  for (const channel of server.payments.channels.values()) {
    await app.register(async (scope) => noticeRoute(scope, server, channel));
  }
  const stripe = server.payments.channels.get('stripe') as StripeCheckoutChannel | undefined;
  if (stripe) stripeCheckoutRoute(app, server, stripe);
  if (server.payments.channels.has('sandbox')) await app.register(async (scope) => sandboxRoutes(scope, server));
}

/** Where a channel posts its notices: the exact bytes are kept, since the signature is over them. */
function noticeRoute(scope: FastifyInstance, server: ServerContext, channel: PaymentChannel): void {
  scope.removeContentTypeParser(['application/json', 'text/plain']);
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => done(null, body));
  const signatureHeader = channel.code === 'stripe' ? 'stripe-signature' : 'x-pay-signature';
  scope.post(`/pay/notify/${channel.code}`, async (request, reply) => {
    const signature = request.headers[signatureHeader];
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const outcome = await acceptPaymentNotice(server, channel, rawBody, typeof signature === 'string' ? signature : undefined);
    const accepted = outcome === 'credited' || outcome === 'repeated' || outcome === 'cancelled' || outcome === 'not_pending' || outcome === 'other_event';
    return reply.code(accepted ? 200 : 400).type('text/plain').send(accepted ? 'success' : 'fail');
  });
}

/** Stripe's checkout: the order's Checkout Session is made when the user opens pay_url, and the user sent on to it. */
function stripeCheckoutRoute(app: FastifyInstance, server: ServerContext, stripe: StripeCheckoutChannel): void {
  app.get<{ Querystring: { order?: string; lang?: string } }>(stripePaths.checkout, async (request, reply) => {
    const language = languageFrom(request.query.lang);
    const orderNo = String(request.query.order ?? '');
    const order = /^[A-Z0-9]{12,32}$/.test(orderNo) ? await orderForCheckout(server, orderNo) : null;
    const t = (text: string) => escape(translate(text, language));
    if (!order || order.status !== 'pending') {
      const said = order ? (order.status === 'paid' ? checkoutMessages.paid : checkoutMessages.closed) : checkoutMessages.notFound;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(language, `<p role="status">${t(said)}</p>`));
    }
    const origin = process.env.SITE_URL?.replace(/\/+$/, '') || `${request.protocol}://${request.host}`;
    const url = await stripe.openCheckout(order, language, origin);
    return reply.header('cache-control', 'no-store').redirect(url, 303);
  });
}

/** The sandbox's checkout page and the user's choice on it. */
async function sandboxRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const checkout = async (orderNo: string, language: Language, said?: string) => {
    const t = (text: string) => escape(translate(text, language));
    const order = /^[A-Z0-9]{12,32}$/.test(orderNo) ? await orderForCheckout(server, orderNo) : null;
    if (!order) return page(language, `<h1>${t(checkoutMessages.title)}</h1><p role="status">${t(checkoutMessages.notFound)}</p>`);
    const back = `<p><a href="/member?type=1&amp;isRecharge=true">${t(checkoutMessages.back)}</a></p>`;
    const facts = `<dl><dt>${t(checkoutMessages.order)}</dt><dd>${escape(order.orderNo)}</dd>
<dt>${t(checkoutMessages.amount)}</dt><dd class="price">¥${escape(order.amount)}</dd>
<dt>${t(checkoutMessages.diamonds)}</dt><dd>${order.diamonds}</dd></dl>`;
    const head = `<h1>${t(checkoutMessages.title)}</h1><p class="note">${t(checkoutMessages.note)}</p>${facts}`;
    if (said) return page(language, `${head}<p role="status">${t(said)}</p>${back}`);
    if (order.status === 'paid') return page(language, `${head}<p role="status">${t(checkoutMessages.paid)}</p>${back}`);
    if (order.status !== 'pending') return page(language, `${head}<p role="status">${t(checkoutMessages.closed)}</p>${back}`);
    return page(
      language,
      `${head}<form method="post" action="${sandboxPaths.checkout}">
<input type="hidden" name="order" value="${escape(order.orderNo)}"><input type="hidden" name="lang" value="${language}">
<button type="submit" name="action" value="cancel">${t(checkoutMessages.cancel)}</button>
<button type="submit" name="action" value="pay">${t(checkoutMessages.pay)}</button></form>`,
    );
  };

  app.get<{ Querystring: { order?: string; lang?: string } }>(sandboxPaths.checkout, async (request, reply) => {
    const html = await checkout(String(request.query.order ?? ''), languageFrom(request.query.lang));
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  // The user's choice on the checkout page. The sandbox plays the provider: it signs a notice with
  // the site's sandbox secret and delivers it to the notification address, as a provider would.
  app.post<{ Body: { order?: string; lang?: string; action?: string } }>(sandboxPaths.checkout, async (request, reply) => {
    const language = languageFrom(request.body?.lang);
    const orderNo = String(request.body?.order ?? '');
    const order = /^[A-Z0-9]{12,32}$/.test(orderNo) ? await orderForCheckout(server, orderNo) : null;
    let said: string | undefined;
    if (order && order.status === 'pending') {
      const notice = {
        orderNo,
        tradeNo: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
        amount: order.amount,
        status: request.body?.action === 'pay' ? ('paid' as const) : ('cancelled' as const),
      };
      const delivered = await app.inject({
        method: 'POST',
        url: sandboxPaths.notify,
        headers: { 'content-type': 'application/json', 'x-pay-signature': signNotice(await siteSecret(server, 'pay_sandbox_secret'), notice) },
        payload: JSON.stringify(noticeBody(notice)),
      });
      if (delivered.statusCode === 200) said = notice.status === 'paid' ? checkoutMessages.paid : checkoutMessages.cancelled;
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(await checkout(orderNo, language, said));
  });
}
