// Login throughput for `npm run bench`: real logins (human check solved, scrypt verified, session
// rotated) against a running site, whose scrypt cost bounds the figure.
import { scryptParams } from '../../server/password-hash.ts';
import { solveHumanCheck } from '../api/human-check.ts';
import { demoLogins } from '../api/demo-session.ts';
import { percentile } from './percentile.ts';

const logins = 80;
const concurrency = 8;

/** Prints login requests/s of the site at baseUrl (run it pinned to one core to read it as "on one core"). */
export async function benchLogin(baseUrl: string): Promise<void> {
  const accounts = Object.values(demoLogins);
  // The human check is solved beforehand, as browsers do while the user types, so only the server is timed.
  const solutions: string[] = [];
  for (let i = 0; i < logins; i += concurrency) {
    solutions.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, logins - i) }, () => solveHumanCheck(baseUrl)))));
  }
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < logins) {
        const index = next++;
        const account = accounts[index % accounts.length]!;
        const sent = performance.now();
        const response = await fetch(new URL('/api/user/login', baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${index >> 8}.${index & 255}` },
          body: JSON.stringify({ ...account, device_type: 'pc', altcha: solutions[index] }),
        });
        const { code } = (await response.json()) as { code: number };
        times.push(performance.now() - sent);
        if (code !== 0) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const { N, r, p } = scryptParams;
  const memoryMiB = (128 * N * r) / 1024 / 1024;
  console.log(
    `\nlogin (user/login: ALTCHA check, scrypt N=2^${Math.log2(N)} r=${r} p=${p} ≈${memoryMiB} MiB a hash, session rotation), ` +
      `${logins} logins, ${concurrency} at a time: ${(logins / seconds).toFixed(1)} requests/s, ` +
      `latency p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms` +
      (failures ? `  (${failures} refused!)` : ''),
  );
}
