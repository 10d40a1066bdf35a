import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataOf } from '../../contract/operation-types.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { loginSessionFor, openSession } from './login-service.ts';
import { forgetSessions } from './session-service.ts';
import { summarizeUserAgent } from './user-agent.ts';

// QR login without a mobile app: the QR holds the URL of the site's own confirm page. A
// logged-in phone or browser opens it (scan: the showing page gets scanCode_Login) and confirms
// (the showing page gets webLoginSuccess with a session of the confirming user). SPEC §4.
//
// The code is on the screen for anyone to read, so it alone must not take the login (QRLjacking,
// ASVS V3): the page that asked is also given a secret the QR does not show, and the socket pushes of a code go
// only to the one connection that presented that secret. The confirm page shows the requesting device, address
// and time, and a confirm needs the scan that showed them.

/** A login QR code is good this long, and logs in once. */
export const qrLoginTtlMs = 3 * 60_000;
export const qrConfirmPath = '/qr-confirm';
/** Codes one address may ask for in 10 minutes: a dialog asks for one every 3 minutes while open. */
export const qrCodesPerIpPer10Min = 60;

export const qrMessages = {
  unknown: 'QR code not found: please refresh it on the website',
  expired: 'This QR code has expired: please refresh it on the website',
  used: 'This QR code has already been used: please refresh it on the website',
  otherAccount: 'This QR code was opened by another account',
  tooMany: 'Too many QR codes from this network: please try again later',
  notYours: 'This QR code belongs to another page',
  notScanned: 'Please scan the QR code before confirming the login',
  notShown: 'No website is showing this QR code any more: please refresh it on the website',
} as const;

/** Longest user agent kept: enough for every real browser's. */
const userAgentMaxLength = 512;

/** Secrets are 256 random bits, so a fast hash is enough: there is nothing to guess from it. */
function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

type LoginQrStatus = DataOf<'userConfirmLoginQrcode'>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The path of a code's QR image (served by account-routes.ts). */
export function qrImagePath(code: string): string {
  return `/api/qr/${code}.svg`;
}

/** user/getLoginQrcode: a new single-use code, the secret that binds it to the asking page, and its image. */
export async function createLoginQrcode(
  server: ServerContext,
  request: { ip: string; userAgent: string },
): Promise<DataOf<'userGetLoginQrcode'>> {
  const { ip } = request;
  const code = randomBytes(18).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const now = server.clock.now();
  const expiresAt = new Date(now.getTime() + qrLoginTtlMs);
  const { db } = server.database;
  const recent = await db
    .selectFrom('login_qrcodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(now.getTime() - 10 * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= qrCodesPerIpPer10Min) throw new DomainError(qrMessages.tooMany);
  await db
    .insertInto('login_qrcodes')
    .values({
      code,
      created_at: now,
      expires_at: expiresAt,
      ip,
      secret_hash: secretHash(secret),
      user_agent: request.userAgent.slice(0, userAgentMaxLength),
    })
    .execute();
  // Codes are asked for by every guest who opens the dialog; a day after expiry they say nothing useful.
  await db
    .deleteFrom('login_qrcodes')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000))
    .execute();
  return { code, qr_secret: secret, img: qrImagePath(code), expires_at: seconds(expiresAt) };
}

/**
 * The site socket's qr_login: binds the code to the connection when the secret is the code's and the code is
 * still open; the last connection to present it wins, so a reconnect of the same page takes the code over.
 * Answers why not otherwise. A wrong secret and an unknown code answer alike, so a socket learns nothing.
 */
export async function bindLoginQrcode(
  server: ServerContext,
  login: { code: string; secret: string; connectionId: string },
): Promise<string | null> {
  const { db } = server.database;
  const row = await db
    .selectFrom('login_qrcodes')
    .select(['secret_hash', 'status', 'expires_at'])
    .where('code', '=', login.code)
    .executeTakeFirst();
  const presented = Buffer.from(secretHash(login.secret), 'hex');
  const expected = Buffer.from(row?.secret_hash ?? '', 'hex');
  if (!row || expected.length !== presented.length || !timingSafeEqual(expected, presented)) return qrMessages.notYours;
  const now = server.clock.now();
  const bound = await db
    .updateTable('login_qrcodes')
    .set({ connection_id: login.connectionId })
    .where('code', '=', login.code)
    .where('status', 'in', ['pending', 'scanned'])
    .where('expires_at', '>', now)
    .returning('code')
    .executeTakeFirst();
  if (bound) return null;
  return row.status === 'confirmed' ? qrMessages.used : qrMessages.expired;
}

/** The QR image of a code that exists and has not expired, as SVG; null otherwise. */
export async function loginQrcodeSvg(server: ServerContext, code: string, origin: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) return null;
  const row = await server.database.db
    .selectFrom('login_qrcodes')
    .select('expires_at')
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= server.clock.now().getTime()) return null;
  const url = `${origin}${qrConfirmPath}?code=${encodeURIComponent(code)}`;
  // Loaded by the first QR image, not by every start of the site.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** Why a code cannot be scanned or confirmed by this user now; null when it can. */
async function refusal(server: ServerContext, code: string, userId: number): Promise<string | null> {
  const row = await server.database.db
    .selectFrom('login_qrcodes')
    .select(['status', 'user_id', 'expires_at', 'connection_id'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return qrMessages.unknown;
  if (row.status === 'confirmed') return qrMessages.used;
  if (row.status === 'expired' || row.expires_at.getTime() <= server.clock.now().getTime()) return qrMessages.expired;
  if (row.user_id !== null && Number(row.user_id) !== userId) return qrMessages.otherAccount;
  if (row.status === 'pending') return qrMessages.notScanned;
  if (row.connection_id === null) return qrMessages.notShown;
  return null;
}

/** user/scanLoginQrcode: the confirm page was opened by a logged-in user. */
export async function scanLoginQrcode(
  server: ServerContext,
  userId: number,
  code: string,
): Promise<DataOf<'userScanLoginQrcode'>> {
  const now = server.clock.now();
  const scanned = await server.database.db
    .updateTable('login_qrcodes')
    .set({ status: 'scanned', user_id: userId, scanned_at: now })
    .where('code', '=', code)
    .where('status', 'in', ['pending', 'scanned'])
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .returning(['expires_at', 'connection_id', 'ip', 'user_agent', 'created_at'])
    .executeTakeFirst();
  if (!scanned) throw new DomainError((await refusal(server, code, userId)) ?? qrMessages.unknown);
  if (scanned.connection_id !== null) {
    await server.siteSocket.pushToQrCode(code, scanned.connection_id, { code: 200, type: 'scanCode_Login' });
  }
  return {
    code,
    status: 'scanned',
    expires_at: seconds(scanned.expires_at),
    requested_by: { ...summarizeUserAgent(scanned.user_agent), address: scanned.ip, requested_at: seconds(scanned.created_at) },
  };
}

/**
 * user/confirmLoginQrcode: uses the code up and starts a session of the confirming user for the
 * page that showed it, which receives it over the socket. Only a code this user scanned: the scan is
 * where the confirm page showed who asked for it.
 */
export async function confirmLoginQrcode(
  server: ServerContext,
  user: SessionUser,
  code: string,
): Promise<LoginQrStatus> {
  const now = server.clock.now();
  const confirmed = await server.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('login_qrcodes')
      .set({ status: 'confirmed', confirmed_at: now })
      .where('code', '=', code)
      .where('status', '=', 'scanned')
      .where('expires_at', '>', now)
      .where('user_id', '=', user.id)
      // A session nobody would receive must not start: it would end the user's other website session for nothing.
      .where('connection_id', 'is not', null)
      .returning(['expires_at', 'ip', 'connection_id'])
      .executeTakeFirst();
    if (!row) return null;
    // The confirming device keeps its own session: it is the one that vouched for this login.
    const token = await openSession(trx, server, user.id, { deviceType: 'pc', ip: row.ip, keepSessionId: user.sessionId });
    return { token, expiresAt: row.expires_at, connectionId: row.connection_id };
  });
  if (!confirmed) throw new DomainError((await refusal(server, code, user.id)) ?? qrMessages.unknown);
  forgetSessions(server);
  const session = await loginSessionFor(server, user.id, confirmed.token);
  if (confirmed.connectionId !== null) {
    await server.siteSocket.pushToQrCode(code, confirmed.connectionId, { code: 200, type: 'webLoginSuccess', data: session });
  }
  return { code, status: 'confirmed', expires_at: seconds(confirmed.expiresAt) };
}
