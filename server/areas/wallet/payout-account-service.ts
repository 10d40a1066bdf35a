import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { checkPaymentPassword } from './payment-password-service.ts';
import { walletMessages } from './wallet-messages.ts';
import { cardNumberValid } from '../../../src/rules/card-number.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** 张三丰 as 张**; only the first character shows. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** 6222021234567890 as **** **** **** 7890. */
export function maskCard(number: string): string {
  return `**** **** **** ${number.slice(-4)}`;
}

/** A mobile as 138****0001, an e-mail address as a***@example.com. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  if (account.length >= 7) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  return `${account[0]}***`;
}

export async function bankCardInfo(server: ServerContext, userId: number): Promise<DataOf<'bankCardGetInfo'>> {
  const card = await server.database.db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!card) return null;
  return {
    real_name: maskName(card.real_name),
    card_number: maskCard(card.card_number),
    bank_name: card.bank_name,
    branch: card.branch,
    bound_at: seconds(card.updated_at),
  };
}

/** Bank_card/bind: Luhn-checked, behind the payment password; replaces a card bound before. */
export async function bindBankCard(server: ServerContext, userId: number, input: InputOf<'bankCardBind'>): Promise<DataOf<'bankCardBind'>> {
  if (!cardNumberValid(input.card_number)) throw new DomainError(walletMessages.badCardNumber);
  await checkPaymentPassword(server, userId, input.payment_password);
  const now = server.clock.now();
  const values = {
    real_name: input.real_name.trim(),
    bank_name: input.bank_name.trim(),
    branch: input.branch.trim(),
    card_number: input.card_number,
    updated_at: now,
  };
  await server.database.db
    .insertInto('bank_cards')
    .values({ user_id: userId, created_at: now, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
  return (await bankCardInfo(server, userId))!;
}

export async function payAccountInfo(server: ServerContext, userId: number): Promise<DataOf<'bankCardGetAliPayInfo'>> {
  const account = await server.database.db
    .selectFrom('pay_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'alipay')
    .executeTakeFirst();
  if (!account) return null;
  return { real_name: maskName(account.real_name), account: maskAccount(account.account), bound_at: seconds(account.updated_at) };
}

/** Bank_card/bindAliPay: behind the payment password; replaces an account bound before. */
export async function bindPayAccount(
  server: ServerContext,
  userId: number,
  input: InputOf<'bankCardBindAliPay'>,
): Promise<DataOf<'bankCardBindAliPay'>> {
  await checkPaymentPassword(server, userId, input.payment_password);
  const now = server.clock.now();
  const values = { real_name: input.real_name.trim(), account: input.account.trim(), updated_at: now };
  await server.database.db
    .insertInto('pay_accounts')
    .values({ user_id: userId, kind: 'alipay', created_at: now, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(values))
    .execute();
  return (await payAccountInfo(server, userId))!;
}
