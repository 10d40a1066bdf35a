import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { type UploadKind, uploadLimits } from '../../../src/rules/upload-limits.ts';
import { siteSecret } from '../../db/site-secrets.ts';

export const uploadUrl = '/api/upload';

/** Long enough to pick a file and send 50 MB on a slow line; short, so a leaked token is soon worthless. */
const tokenTtlSeconds = 15 * 60;

/** Uploads a user may store in an hour: enough for a busy chat, few enough that no one fills the disk. */
export const uploadsPerUserPerHour = 60;

export const uploadTokenMessages = {
  invalid: 'The upload token is invalid, please try again',
  expired: 'The upload token has expired, please try again',
  used: 'This upload token has been used: please request a new one',
  perHour: 'Too many uploads in the last hour: please try again later',
} as const;

/** What a valid token allows: one upload of its kind, known by its nonce. */
export interface UploadGrant {
  kind: UploadKind;
  nonce: string;
}

function mac(secret: string, claims: string): Buffer {
  return createHmac('sha256', secret).update(`upload.${claims}`).digest();
}

/**
 * A token for one upload of one kind by the user: `<user>.<kind>.<expiry>.<nonce>.<hmac>`. Nothing is
 * stored until it is used; the upload it stores keeps its nonce, so it cannot store a second.
 */
export async function issueUploadToken(server: ServerContext, userId: number, kind: UploadKind): Promise<DataOf<'memberGetQiniuToken'>> {
  const expiresAt = Math.floor(server.clock.now().getTime() / 1000) + tokenTtlSeconds;
  const claims = `${userId}.${kind}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
  const signature = mac(await siteSecret(server, 'upload_token_secret'), claims).toString('base64url');
  const limits = uploadLimits[kind];
  return {
    token: `${claims}.${signature}`,
    upload_url: uploadUrl,
    expires_at: expiresAt,
    max_bytes: limits.maxBytes,
    content_types: [...limits.contentTypes],
  };
}

/**
 * What a token allows, when it is well signed, unexpired, the given user's own, not used yet, and
 * the user is within the hourly quota.
 */
export async function verifyUploadToken(server: ServerContext, token: string, userId: number): Promise<UploadGrant> {
  const match = /^(\d{1,15})\.(image|video|file)\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw new DomainError(uploadTokenMessages.invalid);
  const [, owner = '', kindText, expiresAt = '', nonce = '', signature = ''] = match;
  const kind: UploadKind = kindText === 'video' ? 'video' : kindText === 'file' ? 'file' : 'image';
  const expected = mac(await siteSecret(server, 'upload_token_secret'), `${owner}.${kind}.${expiresAt}.${nonce}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError(uploadTokenMessages.invalid);
  // Another user's token is refused like a forged one: it tells nothing about whose it was.
  if (Number(owner) !== userId) throw new DomainError(uploadTokenMessages.invalid);
  if (Number(expiresAt) * 1000 <= server.clock.now().getTime()) throw new DomainError(uploadTokenMessages.expired);
  const { db } = server.database;
  const used = await db.selectFrom('uploads').select('id').where('token_nonce', '=', nonce).executeTakeFirst();
  if (used) throw new DomainError(uploadTokenMessages.used);
  const hourAgo = new Date(server.clock.now().getTime() - 3600_000);
  const recent = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= uploadsPerUserPerHour) throw new DomainError(uploadTokenMessages.perHour);
  return { kind, nonce };
}
