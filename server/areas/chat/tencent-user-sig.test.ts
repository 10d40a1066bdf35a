import { createHmac } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tencentUserSig, verifyTencentUserSig } from './tencent-user-sig.ts';

describe("Tencent IM's userSig (TLS-sig-v2)", () => {
  const input = { sdkAppId: 1400000000, secretKey: 'secret-of-the-app', identifier: '42', expireSeconds: 86400, now: 1_700_000_000 };

  it('holds the document Tencent reads: version, identifier, app id, time, expiry and the HMAC-SHA256 of them', () => {
    const sig = tencentUserSig(input);
    expect(sig).toMatch(/^[A-Za-z0-9*_-]+$/);
    const raw = Buffer.from(sig.replaceAll('*', '+').replaceAll('-', '/').replaceAll('_', '='), 'base64');
    const document = JSON.parse(inflateSync(raw).toString('utf8')) as Record<string, unknown>;
    const expected = createHmac('sha256', input.secretKey)
      .update('TLS.identifier:42\nTLS.sdkappid:1400000000\nTLS.time:1700000000\nTLS.expire:86400\n')
      .digest('base64');
    expect(document).toEqual({
      'TLS.ver': '2.0',
      'TLS.identifier': '42',
      'TLS.sdkappid': 1400000000,
      'TLS.expire': 86400,
      'TLS.time': 1700000000,
      'TLS.sig': expected,
    });
  });

  it('verifies for its identifier and app until it expires, and not with another key', () => {
    const sig = tencentUserSig(input);
    const app = { sdkAppId: input.sdkAppId, secretKey: input.secretKey, identifier: '42' };
    expect(verifyTencentUserSig(sig, app, input.now + 10)).toBe(true);
    expect(verifyTencentUserSig(sig, app, input.now + 86401)).toBe(false);
    expect(verifyTencentUserSig(sig, { ...app, identifier: '43' }, input.now)).toBe(false);
    expect(verifyTencentUserSig(sig, { ...app, secretKey: 'other' }, input.now)).toBe(false);
    expect(verifyTencentUserSig('not a sig', app, input.now)).toBe(false);
  });
});
