import { createHmac } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

// Tencent IM's userSig (TLS-sig-v2, as Tencent's TLSSigAPIv2 libraries make it): an HMAC-SHA256 over the
// identifier, app id, time and expiry, put with them in a JSON document, deflated and base64-encoded with
// '+', '/' and '=' written as '*', '-' and '_'. Used when the site runs on Tencent IM (im_mode tim).

export interface TencentSigInput {
  sdkAppId: number;
  secretKey: string;
  identifier: string;
  /** Seconds the signature is valid. */
  expireSeconds: number;
  /** Seconds since 1970 when it is made. */
  now: number;
}

function hmac(input: TencentSigInput): string {
  const content =
    `TLS.identifier:${input.identifier}\n` +
    `TLS.sdkappid:${String(input.sdkAppId)}\n` +
    `TLS.time:${String(input.now)}\n` +
    `TLS.expire:${String(input.expireSeconds)}\n`;
  return createHmac('sha256', input.secretKey).update(content).digest('base64');
}

const toTencentBase64 = (text: string) => text.replaceAll('+', '*').replaceAll('/', '-').replaceAll('=', '_');
const fromTencentBase64 = (text: string) => text.replaceAll('*', '+').replaceAll('-', '/').replaceAll('_', '=');

export function tencentUserSig(input: TencentSigInput): string {
  const document = {
    'TLS.ver': '2.0',
    'TLS.identifier': input.identifier,
    'TLS.sdkappid': input.sdkAppId,
    'TLS.expire': input.expireSeconds,
    'TLS.time': input.now,
    'TLS.sig': hmac(input),
  };
  return toTencentBase64(deflateSync(Buffer.from(JSON.stringify(document))).toString('base64'));
}

/** Whether a userSig is this app's for the identifier and not expired at `now` (what Tencent's service checks). */
export function verifyTencentUserSig(sig: string, expected: Omit<TencentSigInput, 'expireSeconds' | 'now'>, now: number): boolean {
  try {
    const document = JSON.parse(inflateSync(Buffer.from(fromTencentBase64(sig), 'base64')).toString('utf8')) as Record<string, unknown>;
    const time = Number(document['TLS.time']);
    const expire = Number(document['TLS.expire']);
    if (document['TLS.identifier'] !== expected.identifier || Number(document['TLS.sdkappid']) !== expected.sdkAppId) return false;
    if (time + expire < now) return false;
    return document['TLS.sig'] === hmac({ ...expected, now: time, expireSeconds: expire });
  } catch {
    return false;
  }
}
