import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { components } from '../../src/api/schema';
import en from '../../src/i18n/messages/en.json';
import { launchBrowser } from './browser.ts';

// The match centre of /score-detail on the running site: the momentum graph and the odds chart grow in place
// as the feed is moved forward, without shifting the page. (The goal sound, the settings panel and the grouped
// pop-ups are tried in scores.test.ts.)

const siteUrl = inject('siteUrl');

type MatchListPage = components['schemas']['MatchListPage'];

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${siteUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.msg).toBe('');
  return envelope.data;
}

/** Football matches in play whose first half still has time to run. */
async function liveFootball(): Promise<number[]> {
  const page = await post<MatchListPage>('/api/hot_match/all_match', { sport: 'football', status: 'in_progress', limit: 100 });
  return page.list.filter((match) => /^\d+/.test(match.match_str) && Number.parseInt(match.match_str, 10) < 70).map((match) => match.id);
}

describe('the match centre in Chromium, on the running feed', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      // Every layout shift not caused by the user's own input, summed (the CLS of the page's whole life).
      const shifts = { total: 0 };
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  const shifted = () => page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

  it('grows the momentum graph and the odds chart of a live match in place, without layout shift', { timeout: 120_000 }, async () => {
    let ids = await liveFootball();
    if (ids.length === 0) {
      await post('/dev/feed/advance', { minutes: 30 });
      ids = await liveFootball();
    }
    expect(ids.length).toBeGreaterThan(0);
    const id = ids[0]!;
    await page.goto(`${siteUrl}/score-detail?id=${String(id)}`);

    const graph = page.getByTestId('momentum-graph');
    await expect.poll(() => graph.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('img', { name: en['scores.momentum'] }).count()).toBe(1);
    await page.getByRole('tab', { name: en['scores.odds'] }).click();
    const chart = page.getByTestId('odds-chart');
    await expect.poll(() => chart.count(), { timeout: 10_000 }).toBe(1);
    // The chart's axes: price ticks and the time at each end.
    expect(await chart.locator('text').count()).toBeGreaterThanOrEqual(4);
    expect(await chart.textContent()).toContain(en['scores.odds.opening']);

    // Let the page settle after the click, then measure only what the pushes do.
    await page.waitForTimeout(1_000);
    const shiftBefore = await shifted();
    const points = Number(await graph.getAttribute('data-points'));
    const samples = Number(await chart.getAttribute('data-samples'));
    const graphBox = await graph.boundingBox();
    const chartBox = await chart.locator('svg').boundingBox();

    await post('/dev/feed/advance', { minutes: 12 });

    await expect.poll(async () => Number(await graph.getAttribute('data-points')), { timeout: 15_000 }).toBeGreaterThan(points);
    await expect.poll(async () => Number(await chart.getAttribute('data-samples')), { timeout: 15_000 }).toBeGreaterThan(samples);
    // In place: neither moved nor changed size, and the page did not shift.
    expect(await graph.boundingBox()).toEqual(graphBox);
    expect(await chart.locator('svg').boundingBox()).toEqual(chartBox);
    const cls = (await shifted()) - shiftBefore;
    expect(cls).toBeLessThanOrEqual(0.05);
  });

  it('shows the lineups on the pitch with both teams’ eleven, substitutes and coaches', async () => {
    await page.getByRole('tab', { name: en['scores.lineups'] }).click();
    const pitch = page.getByRole('group', { name: en['scores.lineups'] });
    await expect.poll(() => pitch.count(), { timeout: 10_000 }).toBe(1);
    expect(await pitch.locator('li').count()).toBe(22);
    expect(await page.getByTestId('lineups').textContent()).toContain(`${en['scores.lineup.coach']}:`);
  });
});
