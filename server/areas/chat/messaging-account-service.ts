import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { tencentUserSig } from './tencent-user-sig.ts';

/**
 * The secret that signs messaging credentials (userSig). Made once per database, so every server
 * process of one site signs alike and a restart does not log everyone out of chat.
 */
async function messagingSecret(server: ServerContext): Promise<string> {
  return server.cache.get('messaging_secret', Number.MAX_SAFE_INTEGER, async () => {
    const { db } = server.database;
    await db
      .insertInto('site_config')
      .values({ key: 'messaging_secret', value: JSON.stringify(randomBytes(32).toString('hex')) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await db.selectFrom('site_config').select('value').where('key', '=', 'messaging_secret').executeTakeFirstOrThrow();
    return String(row.value);
  });
}

/** The Tencent IM app the site runs on (site_config im_sdk_app_id and im_sdk_secret, set by an admin), if any. */
async function tencentApp(server: ServerContext): Promise<{ sdkAppId: number; secretKey: string } | null> {
  const rows = await server.database.db
    .selectFrom('site_config')
    .select(['key', 'value'])
    .where('key', 'in', ['im_sdk_app_id', 'im_sdk_secret'])
    .execute();
  const value = (key: string): unknown => rows.find((row) => row.key === key)?.value;
  const sdkAppId = value('im_sdk_app_id');
  const secretKey = value('im_sdk_secret');
  return typeof sdkAppId === 'number' && typeof secretKey === 'string' && secretKey !== '' ? { sdkAppId, secretKey } : null;
}

/**
 * userSig for messaging: Tencent's TLS-sig-v2 when the site runs on Tencent IM (im_mode tim), else the site's
 * own `/im` signature: for a member, an HMAC of the id, the login session and the expiry, so the signature dies
 * with the session (sign-out, password reset, a login elsewhere); for a guest, of the id and the expiry.
 */
export async function signMessagingUser(server: ServerContext, userId: string, sessionId: number | null, ttlSeconds = 7 * 24 * 3600): Promise<string> {
  const app = await tencentApp(server);
  const now = Math.floor(server.clock.now().getTime() / 1000);
  if (app) return tencentUserSig({ ...app, identifier: userId, expireSeconds: ttlSeconds, now });
  const expires = now + ttlSeconds;
  const secret = await messagingSecret(server);
  if (sessionId === null) return `${expires}.${createHmac('sha256', secret).update(`${userId}.${expires}`).digest('base64url')}`;
  return `${expires}.${sessionId}.${createHmac('sha256', secret).update(`${userId}.${sessionId}.${expires}`).digest('base64url')}`;
}

/** Who a messaging login is: the session a member's signature is bound to (null for a guest), or null when refused. */
export type MessagingLogin = { sessionId: number | null } | null;

/**
 * Checks a userSig of the site's own messaging: its HMAC, its expiry and, for a member, that the session it
 * was made for is still live (not revoked, not the user's disabled account's) and is the user's.
 */
export async function verifyMessagingUser(server: ServerContext, userId: string, sig: string): Promise<MessagingLogin> {
  const parts = sig.split('.');
  const [expires] = parts;
  if (!expires || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < server.clock.now().getTime()) return null;
  const secret = await messagingSecret(server);
  const matches = (text: string, mac: string | undefined) => {
    if (!mac) return false;
    const expected = Buffer.from(createHmac('sha256', secret).update(text).digest('base64url'));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (parts.length === 2) return userId.startsWith('guest_') && matches(`${userId}.${expires}`, parts[1]) ? { sessionId: null } : null;
  const sessionId = parts[1] ?? '';
  if (parts.length !== 3 || !/^\d{1,18}$/.test(sessionId) || !matches(`${userId}.${sessionId}.${expires}`, parts[2])) return null;
  const session = await server.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id'])
    .where('sessions.id', '=', Number(sessionId))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', server.clock.now())
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return session && String(session.user_id) === userId ? { sessionId: Number(sessionId) } : null;
}

/** A guest's messaging account (SPEC §4 start-up): a fresh id and its signature. */
export async function guestMessagingAccount(server: ServerContext): Promise<DataOf<'universalImTouristAccount'>> {
  // Hex, as the contract's ^guest_[A-Za-z0-9]+$ allows; base64url's - and _ broke it in 1 call of 4.
  const id = `guest_${randomBytes(9).toString('hex')}`;
  return { id, sig: await signMessagingUser(server, id, null) };
}
