import type { FastifyBaseLogger } from 'fastify';
import type { PaymentChannel, PaymentPort } from '../../ports/payment-port.ts';
import { sandboxChannel } from './sandbox-channel.ts';
import { stripeCheckoutChannel, stripeCheckoutConfigFrom } from './stripe-checkout-channel.ts';

/**
 * The payment channels the environment asks for: Stripe Checkout when its keys are set; the sandbox
 * only outside production, since its checkout lets anyone mark an order paid. In production without
 * a provider there is no top-up (an empty channel list, payUrl refused) and no automatic payout.
 */
export function paymentPortFor(
  env: NodeJS.ProcessEnv,
  production: boolean,
  sandboxSecret: () => Promise<string>,
  log: FastifyBaseLogger,
): PaymentPort {
  const channels = new Map<string, PaymentChannel>();
  const sandbox = production ? null : sandboxChannel(sandboxSecret);
  if (sandbox) channels.set(sandbox.code, sandbox);
  const stripe = stripeCheckoutConfigFrom(env);
  if (stripe) channels.set('stripe', stripeCheckoutChannel(stripe));
  else if (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET) log.error('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: top-up through Stripe is off.');
  if (production && channels.size === 0) {
    log.error('Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. Until then no top-up can be made.');
  }
  return { channels, payouts: sandbox };
}
