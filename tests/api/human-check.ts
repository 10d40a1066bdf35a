import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Fetches a human-check challenge from the site and solves it the way the ALTCHA widget does. */
export async function solveHumanCheck(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(new URL('/api/altcha/challenge', baseUrl), { headers });
  const envelope = (await response.json()) as { code: number; data: Challenge };
  if (envelope.code !== 0) throw new Error(`no challenge: ${JSON.stringify(envelope)}`);
  return solvedPayload(envelope.data);
}

/** The widget's payload for a challenge: base64 of `{ challenge, solution }`. */
export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString(
    'base64',
  );
}
