/**
 * The payment port (DESIGN.md, Money): a channel takes a top-up order to its checkout and tells the
 * site about the payment with a signed notification; a payout channel pays approved withdrawals out.
 * Outside production the sandbox (sandbox-channel.ts) is both; in production only a real provider's
 * adapter (stripe-checkout-channel.ts) takes payments, and with none configured there is no top-up.
 */
export interface PaymentNotice {
  orderNo: string;
  /** The channel's own number of the payment. */
  tradeNo: string;
  /** What was paid, in yuan, as the channel says it ('12.00'). */
  amount: string;
  status: 'paid' | 'cancelled';
}

/**
 * A verified notification: a notice about an order, 'other_event' for a signed event that says
 * nothing about one (answered as received, so the provider stops sending it), null when the
 * signature is not the channel's.
 */
export type VerifiedNotice = PaymentNotice | 'other_event' | null;

export interface Payout {
  withdrawalId: number;
  /** Whole tenths of a diamond; 1 diamond is paid as 1 yuan. */
  tenths: number;
  destination: { method: 'bank_card' | 'alipay'; account: string; real_name: string };
}

/** An order as a checkout shows it. */
export interface CheckoutOrder {
  orderNo: string;
  /** In yuan, two decimals ('12.00'). */
  amount: string;
  diamonds: number;
}

export interface PaymentChannel {
  readonly code: string;
  /** Where the user pays an order: a path of the site, which shows the checkout or sends the user on to the provider's. */
  checkoutUrl(orderNo: string, language: string): string;
  /** The notification, from the exact bytes the channel posted and its signature header. */
  verifyNotice(rawBody: string, signature: string | undefined): Promise<VerifiedNotice>;
}

export interface PayoutChannel {
  /** Pays an approved withdrawal out; the answer is the channel's reference of the payout. */
  payout(payout: Payout): Promise<{ reference: string }>;
}

/** The channels that take top-ups, by code, and the one that pays withdrawals out (null: none configured). */
export interface PaymentPort {
  readonly channels: ReadonlyMap<string, PaymentChannel>;
  readonly payouts: PayoutChannel | null;
}
