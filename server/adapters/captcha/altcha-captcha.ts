import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { DomainError } from '../../errors.ts';
import { siteSecret } from '../../db/site-secrets.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { Captcha, CaptchaChallenge, CaptchaStrength } from '../../ports/captcha.ts';

// The self-hosted human check (DESIGN.md, Accounts and security): an ALTCHA proof of work. The
// challenge is signed, so the server keeps nothing until a solution comes back; a solution is then
// spent once (table altcha_spent).

/**
 * The work asked: the solver derives PBKDF2 keys (this many iterations each) for counters from 0 up
 * to a random one between these bounds; about a tenth of a second in a browser's workers.
 */
export const altchaWork = { algorithm: 'PBKDF2/SHA-256', cost: 200, strongCost: 2000, minCounter: 500, maxCounter: 2500 } as const;
export const altchaChallengeTtlMs = 10 * 60_000;

export const humanCheckMessages = {
  failed: 'Human check failed: please try again',
  expired: 'The human check has expired: please try again',
  replayed: 'This human check was already used: please try again',
} as const;

/** What the check reads: the site's secrets, the spent table and the clock. */
type AltchaContext = Pick<ServerContext, 'database' | 'cache' | 'clock'>;

/** The default human check: signed challenges, solutions spent once in this site's database. */
export function altchaCaptcha(server: AltchaContext): Captcha {
  return {
    challenge: (strength) => newAltchaChallenge(server, strength),
    verify: (payload) => verifyAltcha(server, payload),
  };
}

async function secrets(server: AltchaContext) {
  const [hmacSignatureSecret, hmacKeySignatureSecret] = await Promise.all([
    siteSecret(server, 'altcha_secret'),
    siteSecret(server, 'altcha_key_secret'),
  ]);
  return { hmacSignatureSecret, hmacKeySignatureSecret };
}

/**
 * A signed challenge; a strong one asks ten times the PBKDF2 iterations per counter, and its cost is signed with it,
 * so a solution says how much work went into it.
 */
export async function newAltchaChallenge(server: AltchaContext, strength: CaptchaStrength = 'usual'): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: altchaWork.algorithm,
    cost: strength === 'strong' ? altchaWork.strongCost : altchaWork.cost,
    counter: randomInt(altchaWork.maxCounter, altchaWork.minCounter),
    deriveKey,
    expiresAt: new Date(server.clock.now().getTime() + altchaChallengeTtlMs),
    ...(await secrets(server)),
  });
  const { parameters, signature } = challenge;
  if (!signature || !parameters.keySignature || parameters.expiresAt === undefined) {
    throw new Error('altcha-lib returned an unsigned challenge');
  }
  return {
    parameters: {
      algorithm: parameters.algorithm,
      nonce: parameters.nonce,
      salt: parameters.salt,
      cost: parameters.cost,
      keyLength: parameters.keyLength,
      keyPrefix: parameters.keyPrefix,
      keySignature: parameters.keySignature,
      expiresAt: parameters.expiresAt,
    },
    signature,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The widget's payload: base64 of the JSON `{ challenge, solution }`; null when it is not one. */
export function decodeAltchaPayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution)) return null;
  const { challenge, solution } = decoded;
  const parameters = challenge.parameters;
  if (!isRecord(parameters) || typeof parameters.nonce !== 'string' || !/^[0-9a-f]{16,128}$/.test(parameters.nonce)) return null;
  if (typeof parameters.expiresAt !== 'number' || typeof challenge.signature !== 'string') return null;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  return {
    challenge: challenge as unknown as Challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}

/**
 * Checks a solved challenge and spends it; throws the message to show when it is missing, wrong,
 * expired or already used (SPEC §5: the human check passes before login or register).
 */
export async function verifyAltcha(server: AltchaContext, payload: string): Promise<{ strength: CaptchaStrength }> {
  const decoded = decodeAltchaPayload(payload);
  if (!decoded) throw new DomainError(humanCheckMessages.failed);
  const { challenge, solution } = decoded;
  const expiresAt = challenge.parameters.expiresAt ?? 0;
  const now = server.clock.now();
  if (expiresAt * 1000 <= now.getTime()) throw new DomainError(humanCheckMessages.expired);
  const result = await verifySolution({ challenge, solution, deriveKey, ...(await secrets(server)) });
  if (result.expired) throw new DomainError(humanCheckMessages.expired);
  if (!result.verified) throw new DomainError(humanCheckMessages.failed);

  const { db } = server.database;
  const spent = await db
    .insertInto('altcha_spent')
    .values({ challenge_id: challenge.parameters.nonce, expires_at: new Date(expiresAt * 1000) })
    .onConflict((conflict) => conflict.column('challenge_id').doNothing())
    .returning('challenge_id')
    .executeTakeFirst();
  if (!spent) throw new DomainError(humanCheckMessages.replayed);
  // An expired challenge is refused before its nonce is looked at, so its row can go.
  await db.deleteFrom('altcha_spent').where('expires_at', '<', now).execute();
  return { strength: (challenge.parameters.cost ?? 0) >= altchaWork.strongCost ? 'strong' : 'usual' };
}
