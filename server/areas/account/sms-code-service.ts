import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { SmsNotConfigured, UnconfiguredSmsSender } from '../../adapters/sms/http-sms-sender.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { SmsPurpose } from '../../db/tables/account-tables.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { siteSecret } from '../../db/site-secrets.ts';

/** SMS code rules (SPEC §9: resend after 60 s). */
export const smsRules = {
  validMs: 5 * 60_000,
  resendAfterMs: 60_000,
  maxWrongTries: 5,
  perMobilePerHour: 5,
  perIpPerHour: 20,
} as const;

export const smsMessages = {
  alreadyRegistered: 'This mobile is already registered',
  perMobile: 'Too many codes for this mobile: please try again in an hour',
  perIp: 'Too many codes from this network: please try again later',
  notSent: 'The SMS could not be sent: please try again later',
  notConfigured: 'SMS is not configured',
  noCode: 'Please request an SMS code first',
  wrong: 'Wrong SMS code',
  used: 'This SMS code has already been used: please request a new one',
  expired: 'The SMS code has expired: please request a new one',
  tooManyTries: 'Too many wrong tries: please request a new code',
  wait: 'Please wait {seconds} s before requesting another code',
} as const;

const hourMs = 3600_000;

/** getCode type 1 is register; 2 ("other") covers reset password, login and payment password. */
export function smsPurposeOf(type: 1 | 2): SmsPurpose {
  return type === 1 ? 'register' : 'other';
}

/** 6 digits from the system's secure random source. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Only a keyed hash of a code is stored, bound to its mobile and purpose. */
async function codeHash(server: ServerContext, mobile: string, purpose: SmsPurpose, code: string): Promise<string> {
  return createHmac('sha256', await siteSecret(server, 'sms_code_secret')).update(`${mobile}|${purpose}|${code}`).digest('hex');
}

async function isRegistered(server: ServerContext, mobile: string): Promise<boolean> {
  const row = await server.database.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row !== undefined;
}

/**
 * Sends a new code (user/getCode) after the human check, within the limits: 60 s apart, 5 a mobile
 * and 20 an IP per hour. A type-2 request for a mobile nobody registered is answered like any other
 * and its code stored under the same limits, but never texted, so the answer does not say who has
 * an account; only register (type 1) may say 'already registered'.
 */
export async function sendSmsCode(
  server: ServerContext,
  input: InputOf<'userGetCode'>,
  ip: string,
): Promise<DataOf<'userGetCode'>> {
  await server.captcha.verify(input.altcha);
  // Refused for every mobile alike: a refusal only for the ones it would text would tell them apart.
  if (server.sms instanceof UnconfiguredSmsSender) throw new DomainError(smsMessages.notConfigured);
  const { mobile } = input;
  const purpose = smsPurposeOf(input.type);
  const registered = await isRegistered(server, mobile);
  if (purpose === 'register' && registered) throw new DomainError(smsMessages.alreadyRegistered);
  const textIt = purpose === 'register' || registered;

  const code = newSmsCode();
  const hash = await codeHash(server, mobile, purpose, code);
  const now = server.clock.now();
  const hourAgo = new Date(now.getTime() - hourMs);
  const expiresAt = new Date(now.getTime() + smsRules.validMs);
  const id = await server.database.db.transaction().execute(async (trx) => {
    // One request per mobile at a time, so two quick clicks cannot both pass the 60 s rule.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(trx);
    const recent = await trx
      .selectFrom('sms_codes')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
      .where('mobile', '=', mobile)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    const last = recent.last ? new Date(recent.last).getTime() : null;
    if (last !== null && now.getTime() - last < smsRules.resendAfterMs) {
      const wait = Math.ceil((smsRules.resendAfterMs - (now.getTime() - last)) / 1000);
      throw new DomainError(smsMessages.wait, ResultCode.error, { seconds: wait });
    }
    if (Number(recent.count) >= smsRules.perMobilePerHour) throw new DomainError(smsMessages.perMobile);
    const fromIp = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(fromIp.count) >= smsRules.perIpPerHour) throw new DomainError(smsMessages.perIp);
    const row = await trx
      .insertInto('sms_codes')
      .values({ mobile, purpose, code_hash: hash, ip, created_at: now, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

  const answer = { expires_in: Math.round(smsRules.validMs / 1000), resend_after: Math.round(smsRules.resendAfterMs / 1000) };
  if (!textIt) return answer;
  const minutes = Math.round(smsRules.validMs / 60_000);
  try {
    await server.sms.send({
      mobile,
      code,
      purpose,
      text: `[Pitchside] Your verification code is ${code}. It is valid for ${minutes} minutes; do not share it.`,
      sentAt: now,
      expiresAt,
    });
  } catch (error) {
    // A code nobody received must not hold the 60 s rule or count against the hour.
    await server.database.db.deleteFrom('sms_codes').where('id', '=', id).execute();
    if (error instanceof SmsNotConfigured) throw new DomainError(smsMessages.notConfigured);
    server.log.error({ err: error, mobile }, 'SMS not sent');
    throw new DomainError(smsMessages.notSent);
  }
  return answer;
}

/**
 * Checks the latest code of a mobile for a purpose and uses it up when it matches. A wrong code
 * counts a try; after 5 wrong tries, after its 5 minutes, or once used, the code is refused.
 * One statement decides, so concurrent guesses cannot pass the try limit.
 */
export async function spendSmsCode(
  server: ServerContext,
  check: { mobile: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const { db } = server.database;
  const latest = await db
    .selectFrom('sms_codes')
    .select(['id'])
    .where('mobile', '=', check.mobile)
    .where('purpose', '=', check.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) throw new DomainError(smsMessages.noCode);
  const hash = await codeHash(server, check.mobile, check.purpose, check.code);
  const now = server.clock.now();
  const matches = sql<boolean>`code_hash = ${hash}`;
  const attempt = await db
    .updateTable('sms_codes')
    .set({
      tries: sql`tries + case when ${matches} then 0 else 1 end`,
      used_at: sql`case when ${matches} then ${now}::timestamptz else null end`,
    })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .where('tries', '<', smsRules.maxWrongTries)
    .where('expires_at', '>', now)
    .returning(sql<boolean>`used_at is not null`.as('matched'))
    .executeTakeFirst();
  if (attempt?.matched) return;
  if (attempt) throw new DomainError(smsMessages.wrong);

  const row = await db.selectFrom('sms_codes').select(['used_at', 'tries']).where('id', '=', latest.id).executeTakeFirstOrThrow();
  if (row.used_at) throw new DomainError(smsMessages.used);
  if (row.tries >= smsRules.maxWrongTries) throw new DomainError(smsMessages.tooManyTries);
  throw new DomainError(smsMessages.expired);
}
