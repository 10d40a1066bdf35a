import { randomBytes } from 'node:crypto';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { PaymentChannel, PaymentNotice } from '../../ports/payment-port.ts';
import type { PaymentNoticeOutcome } from '../../db/tables/wallet-tables.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, book, idempotent, moneyTransaction, tenthsOf } from './ledger.ts';
import { walletMessages } from './wallet-messages.ts';

/** An unpaid order closes after this long. */
export const orderLifetimeMs = 30 * 60_000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const cents = (yuan: number | string) => Math.round(Number(yuan) * 100);


/** chargerules/getList: the enabled packages, cheapest first. */
export async function chargeRules(server: ServerContext): Promise<DataOf<'chargerulesGetList'>> {
  const rows = await server.database.db
    .selectFrom('charge_rules')
    .select(['id', 'price', 'diamonds', 'bonus'])
    .where('enabled', '=', true)
    .orderBy('price')
    .orderBy('sort')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), price: Number(row.price), diamonds: Number(row.diamonds), bonus: Number(row.bonus) }));
}

/** pay/getPayChannelList: enabled channels the site has an adapter for. */
export async function payChannels(server: ServerContext, language: Language): Promise<DataOf<'payGetPayChannelList'>> {
  const adapters = server.payments.channels;
  const rows = await server.database.db.selectFrom('pay_channels').selectAll().where('enabled', '=', true).orderBy('sort').execute();
  return rows
    .filter((row) => adapters.has(row.code))
    .map((row) => ({ id: Number(row.id), code: row.code, name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }), icon: row.icon }));
}

function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `PS${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * chargerules/payUrl: an unpaid order for the package through the channel, and where to pay it.
 * The same Idempotency-Key answers the same order (one order per click, however often it is sent).
 */
export async function createTopUpOrder(
  server: ServerContext,
  userId: number,
  input: { rule_id: number; channel_id: number },
  key: string | undefined,
  language: Language,
): Promise<DataOf<'chargerulesPayUrl'>> {
  return idempotent(server, { userId, operation: 'chargerulesPayUrl', key, params: input }, async (trx) => {
    const rule = await trx
      .selectFrom('charge_rules')
      .selectAll()
      .where('id', '=', input.rule_id)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!rule) throw new DomainError(walletMessages.ruleNotFound);
    const channel = await trx
      .selectFrom('pay_channels')
      .selectAll()
      .where('id', '=', input.channel_id)
      .where('enabled', '=', true)
      .executeTakeFirst();
    const adapter = channel && server.payments.channels.get(channel.code);
    if (!channel || !adapter) throw new DomainError(server.payments.channels.size === 0 ? walletMessages.paymentsNotConfigured : walletMessages.channelNotAvailable);
    if (cents(rule.price) < cents(channel.min_amount) || cents(rule.price) > cents(channel.max_amount)) {
      throw new DomainError(walletMessages.amountOutsideChannel, undefined, { min: Number(channel.min_amount), max: Number(channel.max_amount) });
    }
    const now = server.clock.now();
    const diamonds = tenthsOf(rule.diamonds) + tenthsOf(rule.bonus);
    const order = await trx
      .insertInto('orders')
      .values({
        order_no: newOrderNo(now),
        user_id: userId,
        charge_rule_id: rule.id,
        channel_id: channel.id,
        amount: Number(rule.price).toFixed(2),
        diamonds: amountOf(diamonds),
        created_at: now,
      })
      .returning(['order_no', 'amount', 'diamonds', 'created_at'])
      .executeTakeFirstOrThrow();
    return {
      order_no: order.order_no,
      pay_url: adapter.checkoutUrl(order.order_no, language),
      price: Number(order.amount),
      diamonds: Number(order.diamonds),
      status: 'unpaid' as const,
      expires_at: seconds(new Date(order.created_at.getTime() + orderLifetimeMs)),
    };
  });
}

/** What the sandbox checkout page shows of an order; null when there is none. */
export async function orderForCheckout(server: ServerContext, orderNo: string) {
  const order = await server.database.db
    .selectFrom('orders')
    .select(['order_no', 'amount', 'diamonds', 'status', 'created_at'])
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  if (!order) return null;
  const expired = order.status === 'pending' && order.created_at.getTime() + orderLifetimeMs < server.clock.now().getTime();
  return { orderNo: order.order_no, amount: Number(order.amount).toFixed(2), diamonds: Number(order.diamonds), status: expired ? 'expired' : order.status };
}

/**
 * A channel's notification. The order row is locked first, so concurrent copies of one notice
 * wait for each other; the first credits the diamonds (system_topup to the consumer wallet, key
 * `topup:<order>`), the others find the order paid and only count. A bad signature, an unknown
 * order or an amount that is not the order's is refused and logged, without the signature or secret.
 */
export async function acceptPaymentNotice(
  server: ServerContext,
  channel: PaymentChannel,
  rawBody: string,
  signature: string | undefined,
): Promise<PaymentNoticeOutcome | 'other_event'> {
  const notice = await channel.verifyNotice(rawBody, signature);
  if (notice === 'other_event') return notice;
  const claimedOrder = notice ? notice.orderNo : claimedOrderOf(rawBody);
  const outcome = notice ? await applyNotice(server, channel, notice) : 'bad_signature';
  await server.database.db
    .insertInto('payment_notices')
    .values({ channel: channel.code, order_no: notice?.orderNo ?? claimedOrder, outcome, created_at: server.clock.now() })
    .execute();
  if (outcome === 'bad_signature' || outcome === 'bad_amount' || outcome === 'unknown_order') {
    server.log.warn({ channel: channel.code, order_no: notice?.orderNo ?? claimedOrder, outcome }, 'payment notice refused');
  }
  return outcome;
}

/** The order a refused notice names, for the log: the sandbox's order_no or a Stripe session's reference. */
function claimedOrderOf(rawBody: string): string {
  const named = /"(?:order_no|client_reference_id)"\s*:\s*"([A-Z0-9]{1,64})"/.exec(rawBody.slice(0, 65_536));
  return named?.[1] ?? '?';
}

async function applyNotice(server: ServerContext, channel: PaymentChannel, notice: PaymentNotice): Promise<PaymentNoticeOutcome> {
  return moneyTransaction(server, async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set((eb) => ({ notify_count: eb('notify_count', '+', 1) }))
      .where('order_no', '=', notice.orderNo)
      .returning(['id', 'user_id', 'amount', 'diamonds', 'status', 'created_at'])
      .executeTakeFirst();
    if (!order) return 'unknown_order';
    if (order.status === 'paid') return 'repeated';
    if (order.status !== 'pending') return 'not_pending';
    if (notice.status === 'cancelled') {
      await trx.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', order.id).execute();
      return 'cancelled';
    }
    if (!/^[0-9]{1,8}(\.[0-9]{1,2})?$/.test(notice.amount) || cents(notice.amount) !== cents(order.amount)) return 'bad_amount';
    const now = server.clock.now();
    const credit = tenthsOf(order.diamonds);
    const booked = await book(trx, server, {
      key: `topup:${notice.orderNo}`,
      kind: 'topup',
      userId: order.user_id,
      meta: { order_no: notice.orderNo, channel: channel.code, trade_no: notice.tradeNo },
      postings: [
        { account: { system: 'system_topup' }, tenths: -credit },
        { account: { user: order.user_id, kind: 'consumer' }, tenths: credit },
      ],
    });
    await trx
      .updateTable('orders')
      .set({ status: 'paid', transaction_id: booked.transactionId, paid_at: now, channel_trade_no: notice.tradeNo })
      .where('id', '=', order.id)
      .execute();
    return 'credited';
  });
}
