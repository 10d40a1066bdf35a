import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import type { DeviceType } from '../../db/tables/account-tables.ts';
import { DomainError } from '../../errors.ts';
import type { CaptchaStrength } from '../../ports/captcha.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { hashPassword, verifyPassword } from '../../password-hash.ts';
import { checkNewPassword } from './password-policy.ts';
import { memberProfile } from './profile-service.ts';
import { announceRevokedSessions, createSession, forgetSessions, sessionIdOfToken } from './session-service.ts';
import { signMessagingUser } from '../chat/chat-public.ts';
import { smsMessages, spendSmsCode } from './sms-code-service.ts';

export type LoginSession = DataOf<'userLogin'>;

/**
 * Failed logins are counted per (account, address) pair, so a stranger can slow down only their own
 * tries and never lock the owner out (ASVS V2.2.1). Past `freeTries` failures of a pair in the
 * window, each further try waits a delay that doubles with every failure, up to `maxDelayMs`. An
 * address with `perIp` failures across accounts is slowed, never refused: its human checks ask ten
 * times the work, and a try with a usual one is sent back for a strong one (an account it has logged
 * into before is spared). A household's owner pays a second of work; a stranger pays it per guess.
 * A valid SMS code proves the owner and passes both.
 */
export const loginLimits = {
  windowMs: 15 * 60_000,
  freeTries: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  perIp: 20,
} as const;

/** How long a pair with `failures` failures in the window waits after its last one. */
export function loginDelayMs(failures: number): number {
  if (failures < loginLimits.freeTries) return 0;
  return Math.min(loginLimits.maxDelayMs, loginLimits.firstDelayMs * 2 ** (failures - loginLimits.freeTries));
}

export const loginMessages = {
  wrongPassword: 'Wrong mobile or password',
  slowedDown: 'Too many failed logins for this account from this network: please wait a little and try again, or log in with an SMS code',
  strongerCheck: 'Many failed logins from this network: the human check takes a little longer now, please log in again',
  disabled: 'This account is disabled',
  inviteUnknown: 'Invite code not found',
  registered: 'Registered successfully',
  passwordReset: 'Password reset: please log in with the new password',
} as const;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Opens a session and rotates the user's tokens: older sessions of the same device type end as
 * logged in elsewhere (their token then answers 50012), except `keepSessionId` (the device that
 * confirmed a QR login). Call forgetSessions after the transaction commits.
 */
export async function openSession(
  db: Db,
  server: ServerContext,
  userId: number,
  options: { deviceType: DeviceType; ip: string; keepSessionId?: number },
): Promise<string> {
  const now = server.clock.now();
  let revoke = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: 'elsewhere' })
    .where('user_id', '=', userId)
    .where('device_type', '=', options.deviceType)
    .where('revoked_at', 'is', null);
  if (options.keepSessionId !== undefined) revoke = revoke.where('id', '<>', options.keepSessionId);
  const revoked = await revoke.returning('id').execute();
  await announceRevokedSessions(server, revoked.map((row) => Number(row.id)));
  const token = await createSession(server, userId, options, db);
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
  return token;
}

/** What login, register and QR login answer (SPEC §3 stored user info). */
export async function loginSessionFor(server: ServerContext, userId: number, token: string): Promise<LoginSession> {
  const sessionId = await sessionIdOfToken(server, token);
  const [userSig, profile] = await Promise.all([signMessagingUser(server, String(userId), sessionId), memberProfile(server, userId)]);
  return { token, id: userId, userSig, profile };
}

/** A hash to verify against when the mobile is unknown, so a wrong mobile costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/**
 * Refuses a try while its (account, address) pair waits out its delay; says whether the address
 * has reached its limit across accounts.
 */
async function throttle(server: ServerContext, mobile: string, ip: string): Promise<{ addressLimited: boolean; attemptId: number }> {
  // The check and the try's record are one step: the pair's tries take a lock in turn and each records itself as a
  // failure before the password is checked (withdrawn when it is right), so tries sent at once count each other.
  return server.database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${mobile}:${ip}`}))`.execute(trx);
    const limits = await throttleCheck(trx, server, mobile, ip);
    const attempt = await trx.insertInto('login_failures').values({ mobile, ip, created_at: server.clock.now() }).returning('id').executeTakeFirstOrThrow();
    return { ...limits, attemptId: Number(attempt.id) };
  });
}

async function throttleCheck(db: Transaction<Database>, server: ServerContext, mobile: string, ip: string): Promise<{ addressLimited: boolean }> {
  const since = new Date(server.clock.now().getTime() - loginLimits.windowMs);
  const counts = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('login_failures')
        .select(eb.fn.countAll<number>().as('n'))
        .where('mobile', '=', mobile)
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .as('pair'),
      eb
        .selectFrom('login_failures')
        .select((inner) => inner.fn.max('created_at').as('last'))
        .where('mobile', '=', mobile)
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .as('last_failure'),
      eb
        .selectFrom('login_failures')
        .select(eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .as('address'),
    ])
    .executeTakeFirstOrThrow();
  const delay = loginDelayMs(Number(counts.pair ?? 0));
  const lastFailure = counts.last_failure ? new Date(counts.last_failure).getTime() : 0;
  if (delay > 0 && lastFailure + delay > server.clock.now().getTime()) throw new DomainError(loginMessages.slowedDown);
  return { addressLimited: Number(counts.address ?? 0) >= loginLimits.perIp };
}

async function addressFailures(server: ServerContext, ip: string): Promise<number> {
  const since = new Date(server.clock.now().getTime() - loginLimits.windowMs);
  const row = await server.database.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The human check an address is asked: a strong one once `perIp` logins failed from it in the window. */
export async function humanCheckStrength(server: ServerContext, ip: string): Promise<CaptchaStrength> {
  return (await addressFailures(server, ip)) >= loginLimits.perIp ? 'strong' : 'usual';
}

/** Whether the account has had a session opened from this address before. */
async function knownAddress(server: ServerContext, mobile: string, ip: string): Promise<boolean> {
  const row = await server.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('users.mobile', '=', mobile)
    .where('sessions.ip', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function recordFailure(server: ServerContext, mobile: string, ip: string): Promise<void> {
  await server.database.db.insertInto('login_failures').values({ mobile, ip, created_at: server.clock.now() }).execute();
  await forgetOldFailures(server);
}

async function forgetOldFailures(server: ServerContext): Promise<void> {
  const now = server.clock.now();
  await server.database.db
    .deleteFrom('login_failures')
    .where('created_at', '<', new Date(now.getTime() - loginLimits.windowMs))
    .execute();
}

/**
 * user/login: the human check, then mobile and password (and the SMS code when one is sent),
 * within the failed-login limits; a new session rotates the older ones of the device type.
 */
export async function logIn(server: ServerContext, input: InputOf<'userLogin'>, ip: string): Promise<LoginSession> {
  const humanCheck = await server.captcha.verify(input.altcha);
  // The code is spent first: a valid one proves the owner, who is never slowed down (ASVS V2.2.1).
  if (input.code) await spendSmsCode(server, { mobile: input.mobile, purpose: 'other', code: input.code });
  const ownerProven = Boolean(input.code);
  let attemptId: number | null = null;
  if (!ownerProven) {
    const { addressLimited, attemptId: attempt } = await throttle(server, input.mobile, ip);
    attemptId = attempt;
    // Sent back before the password is checked, so the answer says nothing about the password; the try is not
    // counted, as the work it lacked is asked again.
    if (addressLimited && humanCheck.strength !== 'strong' && !(await knownAddress(server, input.mobile, ip))) {
      await server.database.db.deleteFrom('login_failures').where('id', '=', attempt).execute();
      throw new DomainError(loginMessages.strongerCheck);
    }
  }
  const { db } = server.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await decoy()));
  if (!user || !passwordOk) {
    // A try that was throttled is recorded already.
    if (attemptId === null) await recordFailure(server, input.mobile, ip);
    else await forgetOldFailures(server);
    throw new DomainError(loginMessages.wrongPassword);
  }
  if (user.disabled_at) throw new DomainError(loginMessages.disabled);

  const token = await db.transaction().execute(async (trx) => {
    // Only this pair's count ends: the owner logging in does not reset a stranger's delay.
    await trx.deleteFrom('login_failures').where('mobile', '=', input.mobile).where('ip', '=', ip).execute();
    return openSession(trx, server, user.id, { deviceType: input.device_type, ip });
  });
  forgetSessions(server);
  return loginSessionFor(server, user.id, token);
}

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newInviteCode(): string {
  return Array.from({ length: 8 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

/** user/registered: the human check, a new mobile, the register code; the new user is logged in. */
export async function register(
  server: ServerContext,
  input: InputOf<'userRegistered'>,
  ip: string,
): Promise<LoginSession> {
  await server.captcha.verify(input.altcha);
  checkNewPassword(input.password);
  const { db } = server.database;
  const existing = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
  if (existing) throw new DomainError(smsMessages.alreadyRegistered);
  const invite = input.invite?.trim().toUpperCase() ?? '';
  const inviter = invite
    ? await db.selectFrom('users').select('id').where('invite_code', '=', invite).executeTakeFirst()
    : undefined;
  if (invite && !inviter) throw new DomainError(loginMessages.inviteUnknown);

  await spendSmsCode(server, { mobile: input.mobile, purpose: 'register', code: input.code });
  const passwordHash = await hashPassword(input.password);
  const avatars = await db.selectFrom('default_avatars').select('path').orderBy('sort').orderBy('id').execute();
  const avatar = avatars.length ? avatars[randomInt(avatars.length)]!.path : '/media/avatars/1.svg';
  const number = input.mobile.split('-')[1] ?? input.mobile;

  const { userId, token } = await db.transaction().execute(async (trx) => {
    let inviteCode = newInviteCode();
    while (await trx.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst()) {
      inviteCode = newInviteCode();
    }
    const created = await trx
      .insertInto('users')
      .values({
        mobile: input.mobile,
        password_hash: passwordHash,
        user_nickname: `用户${number.slice(-4)}`,
        avatar,
        invite_code: inviteCode,
        invited_by: inviter?.id ?? null,
        created_at: server.clock.now(),
      })
      .onConflict((conflict) => conflict.column('mobile').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw new DomainError(smsMessages.alreadyRegistered);
    const token = await openSession(trx, server, created.id, { deviceType: input.device_type, ip });
    return { userId: created.id, token };
  });
  forgetSessions(server);
  return loginSessionFor(server, userId, token);
}

/**
 * user/forgotPassword: after the human check, a code of type 2 sets a new password and ends every
 * session of the user. For a mobile nobody registered the code is checked and spent all the same
 * (getCode stored one it never texted) and the answer is a wrong code's, so the two cases read
 * alike and the answer does not say who has an account.
 */
export async function resetPassword(server: ServerContext, input: InputOf<'userForgotPassword'>): Promise<void> {
  await server.captcha.verify(input.altcha);
  checkNewPassword(input.password);
  const { db } = server.database;
  const user = await db.selectFrom('users').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
  await spendSmsCode(server, { mobile: input.mobile, purpose: 'other', code: input.code });
  if (!user) throw new DomainError(smsMessages.wrong);
  const passwordHash = await hashPassword(input.password);
  const now = server.clock.now();
  const revoked = await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    const sessions = await trx
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: 'signed_out' })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    await trx.deleteFrom('login_failures').where('mobile', '=', input.mobile).execute();
    return sessions.map((row) => Number(row.id));
  });
  forgetSessions(server);
  await announceRevokedSessions(server, revoked);
}

/** Member/SignOut: the token of the request is revoked; it answers 700 from then on. */
export async function signOut(server: ServerContext, sessionId: number): Promise<void> {
  await server.database.db
    .updateTable('sessions')
    .set({ revoked_at: server.clock.now(), revoked_reason: 'signed_out' })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSessions(server);
  await announceRevokedSessions(server, [sessionId]);
}
