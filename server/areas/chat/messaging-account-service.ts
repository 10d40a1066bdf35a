import { createHmac, randomBytes } from 'node:crypto';
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
 * own `/im` signature, an HMAC of the id and its expiry.
 */
export async function signMessagingUser(server: ServerContext, userId: string, ttlSeconds = 7 * 24 * 3600): Promise<string> {
  const app = await tencentApp(server);
  const now = Math.floor(server.clock.now().getTime() / 1000);
  if (app) return tencentUserSig({ ...app, identifier: userId, expireSeconds: ttlSeconds, now });
  const expires = Math.floor(server.clock.now().getTime() / 1000) + ttlSeconds;
  const mac = createHmac('sha256', await messagingSecret(server)).update(`${userId}.${expires}`).digest('base64url');
  return `${expires}.${mac}`;
}

export async function verifyMessagingUser(server: ServerContext, userId: string, sig: string): Promise<boolean> {
  const [expires, mac] = sig.split('.');
  if (!expires || !mac || Number(expires) * 1000 < server.clock.now().getTime()) return false;
  const expected = createHmac('sha256', await messagingSecret(server)).update(`${userId}.${expires}`).digest('base64url');
  return expected === mac;
}

/** A guest's messaging account (SPEC §4 start-up): a fresh id and its signature. */
export async function guestMessagingAccount(server: ServerContext): Promise<DataOf<'universalImTouristAccount'>> {
  // Hex, as the contract's ^guest_[A-Za-z0-9]+$ allows; base64url's - and _ broke it in 1 call of 4.
  const id = `guest_${randomBytes(9).toString('hex')}`;
  return { id, sig: await signMessagingUser(server, id) };
}
