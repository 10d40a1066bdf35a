import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { replayInBrowser } from '../../scripts/paths-browser.ts';
import { solveHumanCheck } from '../api/human-check.ts';
import { post, smsCodeFor } from './site-users.ts';

const siteUrl = inject('siteUrl');

// What `npm run paths -- login loggedIn` does for a tester, against the site this suite started:
// the login machine's shortest path to loggedIn, each step done in Chromium and checked on screen.
describe('a machine path replayed in the browser', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'pitchside-paths-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('logs in along the login machine path to loggedIn, a screenshot per step', async () => {
    const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const password = 'path-replay-1';
    const sent = await post('/api/user/getCode', { mobile: `86-${mobile}`, type: 1, altcha: await solveHumanCheck(siteUrl) });
    expect(sent.code).toBe(0);
    const registered = await post('/api/user/registered', {
      mobile: `86-${mobile}`,
      code: await smsCodeFor(`86-${mobile}`),
      password,
      device_type: 'pc',
      altcha: await solveHumanCheck(siteUrl),
    });
    expect(registered.code).toBe(0);

    const steps = await replayInBrowser('login', 'loggedIn', { siteUrl, outDir, fields: { mobile, password } });

    expect(steps.map((step) => step.state)).toEqual(['qr', 'phone.editing', 'phone.editing', 'phone.editing', 'phone.editing', 'phone.submitting', 'loggedIn']);
    for (const step of steps) expect(statSync(step.screenshot).size).toBeGreaterThan(1000);
  });

  it('fails a step whose screen does not show the path state', async () => {
    // A wrong password: the server refuses, so the path to loggedIn cannot be replayed.
    await expect(replayInBrowser('login', 'loggedIn', { siteUrl, outDir, fields: { mobile: '13700000000', password: 'wrong-password' } })).rejects.toThrow(/imeout/);
  });
});
