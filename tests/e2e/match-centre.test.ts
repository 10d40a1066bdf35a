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

/** The China-time day of a moment (YYYY-MM-DD), as the match lists take it. */
const siteDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Football matches in play with time left, moving the feed to the next kick-off when none is: other journeys on this
 * site move the feed too (the expert plan's match is played to its final whistle), and late in the evening every
 * match of the day may be over.
 */
async function footballInPlay(): Promise<number[]> {
  let ids = await liveFootball();
  for (let attempt = 0; ids.length === 0 && attempt < 3; attempt++) {
    const { at } = await post<{ at: string | null }>('/dev/feed/advance', { minutes: 1 });
    const now = at ? Date.parse(at) : Date.now();
    const starts: number[] = [];
    for (const day of [siteDay(now), siteDay(now + 86_400_000)]) {
      const page = await post<MatchListPage>('/api/hot_match/all_match', { sport: 'football', status: 'not_started', limit: 100, date: day });
      starts.push(...page.list.map((match) => match.start_time * 1000).filter((start) => start > now));
    }
    const next = starts.length > 0 ? Math.min(...starts) : now + 30 * 60_000;
    await post('/dev/feed/advance', { minutes: Math.ceil((next - now) / 60_000) + 10 });
    ids = await liveFootball();
  }
  return ids;
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

  it('grows the momentum graph and the odds chart of a live match in place, without layout shift', { timeout: 240_000 }, async () => {
    const ids = await footballInPlay();
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

  it('shows head-to-head and each team’s form with a W/D/L strip, from the seeded seasons', async () => {
    await page.getByRole('tab', { name: en['scores.battle'] }).click();
    // The meetings, then each team's last ten matches, side by side, each with its strip.
    const strips = page.getByRole('list', { name: /newest first/ });
    await expect.poll(() => strips.count(), { timeout: 10_000 }).toBe(3);
    expect(await strips.nth(0).locator('[data-result]').count()).toBeGreaterThanOrEqual(1);
    for (const index of [1, 2]) {
      await expect.poll(() => strips.nth(index).locator('[data-result]').count(), { timeout: 10_000 }).toBe(10);
      const letters = await strips.nth(index).locator('[data-result]').allTextContents();
      for (const letter of letters) expect([en['scores.result.won'], en['scores.result.drawn'], en['scores.result.lost']]).toContain(letter.slice(0, 1));
    }
    for (const type of [1, 2, 3] as const) expect(await page.getByRole('region', { name: en[`scores.battle.type${type}`] }).count()).toBe(1);
    expect(await page.getByRole('region', { name: en['scores.battle.type1'] }).getByText(en['common.noData'], { exact: true }).count()).toBe(0);
  });

  it('draws the momentum of a match in play from its first minute, before the feed was watched', { timeout: 120_000 }, async () => {
    const ids = await footballInPlay();
    const detail = await post<components['schemas']['MatchDetail']>('/api/hot_match/msgGetSimple', { match_id: ids.at(-1)! });
    expect(detail.momentum!.points[0]).toMatchObject({ t: 1, period: 1 });
  });
});

describe('the score pages and the shell at a phone’s width (390 px)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('keeps every navigation entry whole on screen, the page within the screen, the detail tabs whole and the team names whole', { timeout: 60_000 }, async () => {
    const ids = await liveFootball();
    for (const path of ['/main', '/football', '/score-live', `/score-detail?id=${String(ids[0] ?? 1)}`]) {
      await page.goto(`${siteUrl}${path}`);
      const nav = page.getByRole('navigation', { name: en['topBar.navLabel'] }).locator('ul').first();
      await expect.poll(() => nav.count(), { timeout: 10_000 }).toBe(1);
      // Where the words do not fit one row the entries take a second one rather than scroll out of view:
      // every entry is whole on the screen, the list cuts none, and it takes two rows at most.
      const [items, scrollWidth, clientWidth] = await nav.evaluate((list) => [
        [...list.children].filter((item) => item.getBoundingClientRect().width > 0).map((item) => {
          const box = item.getBoundingClientRect();
          return { top: Math.round(box.top), left: box.left, right: box.right };
        }),
        list.scrollWidth,
        list.clientWidth,
      ] as const);
      expect(items.length, `${path}: the navigation's entries`).toBeGreaterThanOrEqual(4);
      expect(items.filter((item) => item.left < 0 || item.right > 390), `${path}: entries cut at the screen's edge`).toEqual([]);
      expect(scrollWidth, `${path}: the navigation scrolls nothing out of view`).toBeLessThanOrEqual(clientWidth + 1);
      expect(new Set(items.map((item) => item.top)).size, `${path}: two rows of navigation at most`).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: nothing wider than the screen`).toBeLessThanOrEqual(390);
    }
    const tabs = page.getByRole('tablist', { name: en['scores.detailSections'] });
    await expect.poll(() => tabs.count(), { timeout: 10_000 }).toBe(1);
    // The detail's tabs, like the navigation, take another row rather than scroll the last ones out of view.
    const [tabBoxes, tabsScrollWidth, tabsClientWidth] = await tabs.evaluate((list) => [
      [...list.querySelectorAll('[role="tab"]')].map((tab) => {
        const box = tab.getBoundingClientRect();
        return { left: box.left, right: box.right, cut: tab.scrollWidth > tab.clientWidth + 1 };
      }),
      list.scrollWidth,
      list.clientWidth,
    ] as const);
    expect(tabBoxes.length).toBeGreaterThanOrEqual(4);
    expect(tabBoxes.filter((tab) => tab.left < 0 || tab.right > 390 || tab.cut), 'detail tabs cut or off the screen').toEqual([]);
    expect(tabsScrollWidth, 'the detail tabs scroll nothing out of view').toBeLessThanOrEqual(tabsClientWidth + 1);
    // Every name shown in the match's heading fits its box: a long one gives way to its short form.
    const cut = await page.locator('[class*="full"], [class*="name"]').evaluateAll((names) =>
      names.filter((name) => name.closest('[class*="large"]') && name.getBoundingClientRect().width > 0 && name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent),
    );
    expect(cut).toEqual([]);
  });
});
