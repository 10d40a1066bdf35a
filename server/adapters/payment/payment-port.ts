/**
 * The payment port (DESIGN.md, Money): a channel takes a top-up order to its checkout, tells the
 * site about the payment with a signed notification, and pays approved withdrawals out. The default
 * channel is the sandbox (sandbox-channel.ts); a real provider is another adapter of this port.
 */
export interface PaymentNotice {
  orderNo: string;
  /** The channel's own number of the payment. */
  tradeNo: string;
  /** What was paid, in yuan, as the channel says it ('12.00'). */
  amount: string;
  status: 'paid' | 'cancelled';
}

export interface Payout {
  withdrawalId: number;
  /** Whole tenths of a diamond; 1 diamond is paid as 1 yuan. */
  tenths: number;
  destination: { method: 'bank_card' | 'alipay'; account: string; real_name: string };
}

export interface PaymentChannel {
  readonly code: string;
  /** Where the user pays an order: a path of the site for the sandbox. */
  checkoutUrl(orderNo: string, language: string): string;
  /** The notice when its signature is the channel's, else null. */
  verifyNotice(body: unknown, signature: string | undefined): Promise<PaymentNotice | null>;
  /** Pays an approved withdrawal out; the answer is the channel's reference of the payout. */
  payout(payout: Payout): Promise<{ reference: string }>;
}
