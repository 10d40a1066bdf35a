import Stripe from 'stripe';
import type { CheckoutOrder, PaymentChannel, VerifiedNotice } from '../../ports/payment-port.ts';

/** The site's paths of the Stripe channel: where pay_url sends the user on to Stripe, and the webhook Stripe posts to. */
export const stripePaths = { checkout: '/pay/checkout/stripe', notify: '/pay/notify/stripe' } as const;

export interface StripeCheckoutConfig {
  /** The secret API key (sk_live_… or sk_test_…). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** ISO currency of the checkout, lower case; the packages' prices are in it. */
  currency: string;
  /** Another API address, for a test's stand-in of Stripe (STRIPE_API_URL). */
  apiUrl?: URL | undefined;
}

/** The Stripe settings of the environment, or null when they are not all there. */
export function stripeCheckoutConfigFrom(env: NodeJS.ProcessEnv): StripeCheckoutConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return {
    secretKey,
    webhookSecret,
    currency: (env.STRIPE_CURRENCY?.trim() || 'cny').toLowerCase(),
    apiUrl: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined,
  };
}

export interface StripeCheckoutChannel extends PaymentChannel {
  /** Creates the order's Checkout Session and answers the address of Stripe's page to pay it on. */
  openCheckout(order: CheckoutOrder, language: string, siteOrigin: string): Promise<string>;
}

const stripeLocales: Record<string, string> = { zh: 'zh', en: 'en', vi: 'vi' };
const minorUnits = (yuan: string) => Math.round(Number(yuan) * 100);

/**
 * Stripe Checkout: pay_url is a path of the site that creates a Checkout Session and sends the
 * user on to Stripe's hosted page; Stripe's webhook, signed with the endpoint's secret and checked
 * offline by the stripe package (HMAC-SHA256 of the timestamp and the exact body, five minutes'
 * tolerance), tells the site the order is paid, and the order is credited once.
 */
export function stripeCheckoutChannel(config: StripeCheckoutConfig): StripeCheckoutChannel {
  const stripe = new Stripe(config.secretKey, {
    ...(config.apiUrl
      ? {
          host: config.apiUrl.hostname,
          port: Number(config.apiUrl.port || (config.apiUrl.protocol === 'http:' ? 80 : 443)),
          protocol: config.apiUrl.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
  return {
    code: 'stripe',
    checkoutUrl: (orderNo, language) => `${stripePaths.checkout}?${new URLSearchParams({ order: orderNo, lang: language })}`,
    async openCheckout(order, language, siteOrigin) {
      const back = `${siteOrigin}/member?type=1&isRecharge=true`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.orderNo,
          metadata: { order_no: order.orderNo },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: config.currency,
                unit_amount: minorUnits(order.amount),
                product_data: { name: `${order.diamonds} diamonds` },
              },
            },
          ],
          locale: (stripeLocales[language] ?? 'auto') as 'auto',
          success_url: `${back}&order=${order.orderNo}`,
          cancel_url: back,
        },
        // One session per order, however often the page is opened.
        { idempotencyKey: `checkout:${order.orderNo}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return session.url;
    },
    async verifyNotice(rawBody, signature): Promise<VerifiedNotice> {
      if (typeof signature !== 'string' || signature.length > 2048) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return null;
      }
      if (!event.type.startsWith('checkout.session.')) return 'other_event';
      const session = event.data.object as Stripe.Checkout.Session;
      const orderNo = session.client_reference_id ?? session.metadata?.order_no;
      if (!orderNo) return 'other_event';
      const tradeNo = typeof session.payment_intent === 'string' ? session.payment_intent : session.id;
      // A payment in another currency is not the order's price: its amount is written so that it never matches one.
      const amount = session.currency === config.currency && session.amount_total !== null ? (session.amount_total / 100).toFixed(2) : 'other currency';
      const paid =
        (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (paid) return { orderNo, tradeNo, amount, status: 'paid' };
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        return { orderNo, tradeNo, amount, status: 'cancelled' };
      }
      // Completed but not yet paid (a delayed method): the async_payment event follows.
      return 'other_event';
    },
  };
}
