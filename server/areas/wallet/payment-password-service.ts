import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../password-hash.ts';
import { smsPurposeOf, spendSmsCode } from '../account/account-public.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { walletMessages } from './wallet-messages.ts';

/** Wrong payment passwords in a row before the password is locked, and for how long. */
export const paymentPasswordRules = { maxWrongTries: 5, lockMinutes: 15 } as const;

/**
 * Member/paymentPassword: at least 6 digits (the contract checks), entered twice, proven by an SMS
 * code (getCode type 2); stored hashed with scrypt like the login password. Setting it clears a lock.
 */
export async function setPaymentPassword(
  server: ServerContext,
  userId: number,
  input: { password: string; confirm_password: string; code: string },
): Promise<null> {
  if (input.password !== input.confirm_password) throw new DomainError(walletMessages.passwordsDiffer);
  const { db } = server.database;
  const user = await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  await spendSmsCode(server, { mobile: user.mobile, purpose: smsPurposeOf(2), code: input.code });
  const hash = await hashPassword(input.password);
  await db
    .updateTable('users')
    .set({ payment_password_hash: hash, payment_password_failures: 0, payment_password_locked_until: null })
    .where('id', '=', userId)
    .execute();
  return null;
}

/**
 * Checks the payment password before money leaves or a payout account changes. A wrong one counts a
 * try (in one statement, so concurrent guesses cannot pass the limit); at the limit the password is
 * locked for a while. Runs before the money transaction, so a refusal still counts.
 */
export async function checkPaymentPassword(server: ServerContext, userId: number, password: string): Promise<void> {
  const { db } = server.database;
  const now = server.clock.now();
  const user = await db
    .selectFrom('users')
    .select(['payment_password_hash', 'payment_password_locked_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.payment_password_hash) throw new DomainError(walletMessages.noPaymentPassword);
  const locked = () => new DomainError(walletMessages.paymentPasswordLocked, undefined, { minutes: paymentPasswordRules.lockMinutes });
  if (user.payment_password_locked_until && user.payment_password_locked_until > now) throw locked();
  if (await verifyPassword(password, user.payment_password_hash)) {
    await db.updateTable('users').set({ payment_password_failures: 0 }).where('id', '=', userId).where('payment_password_failures', '>', 0).execute();
    return;
  }
  const lockUntil = new Date(now.getTime() + paymentPasswordRules.lockMinutes * 60_000);
  const counted = await db
    .updateTable('users')
    .set({
      payment_password_failures: sql`case when payment_password_failures + 1 >= ${paymentPasswordRules.maxWrongTries} then 0 else payment_password_failures + 1 end`,
      payment_password_locked_until: sql`case when payment_password_failures + 1 >= ${paymentPasswordRules.maxWrongTries} then ${lockUntil}::timestamptz else payment_password_locked_until end`,
    })
    .where('id', '=', userId)
    .returning('payment_password_locked_until')
    .executeTakeFirstOrThrow();
  if (counted.payment_password_locked_until && counted.payment_password_locked_until > now) throw locked();
  throw new DomainError(walletMessages.wrongPaymentPassword);
}
