import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

/** Where the pictures of each page go, to be looked at (SCREENSHOT_DIR, or the system's temporary folder). */
const shots = process.env.SCREENSHOT_DIR;

// The room page in every language at a desktop and a phone width, on air and off air: axe finds nothing serious
// or critical, and the page is pictured for a person to look at.
describe('the room page on and off air, in zh, en and vi at 1280 and 390 px', { timeout: 300_000 }, () => {
  let browser: Browser;
  let rooms: { onAir: number; offAir: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=60`)).json()) as { data: LiveRoomPage };
    const onAir = list.data.list.find((room) => room.status === 'in_progress');
    const offAir = list.data.list.find((room) => room.status !== 'in_progress');
    expect(onAir && offAir, 'a seeded room on air and one off air').toBeTruthy();
    rooms = { onAir: onAir!.id, offAir: offAir!.id };
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser?.close());

  const cases = (['zh', 'en', 'vi'] as const).flatMap((lang) => [1280, 390].map((width) => ({ lang, width })));
  it.each(cases)('has no serious or critical axe violation in $lang at $width px', async ({ lang, width }) => {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    await context.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
    const page = await context.newPage();
    for (const [air, roomId] of Object.entries(rooms)) {
      await page.goto(`${siteUrl}/live?id=${String(roomId)}`);
      const player = page.locator('[data-status]').first();
      if (air === 'onAir') await expect.poll(() => player.getAttribute('data-status'), { timeout: 30_000 }).toBe('playing');
      else await expect.poll(() => player.getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(bad.map((violation) => `${lang} ${String(width)} ${air}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `room-${air}-${lang}-${String(width)}.png`) });
    }
    await context.close();
  });
});
