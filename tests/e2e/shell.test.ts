import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { hasSideBar, routeNames, routes, titleOf, type NavIndex } from '../../src/routes.ts';
import en from '../../src/i18n/messages/en.json';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

// What the function below touches of a page element; the tests are type-checked without the DOM library.
interface InPage {
  ownerDocument: { activeElement: unknown };
}

/** Whether the element has the keyboard focus (the function runs in the page). */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => (element as unknown as InPage).ownerDocument.activeElement === element);
}
const siteName = 'Pitchside';

// The top-bar entry each nav index lights up (SPEC §2); the chat entry is shown only when logged in.
const navEntryLabel: Partial<Record<NavIndex, 'nav.home' | 'nav.scores' | 'nav.streamers' | 'nav.schedule' | 'nav.experts' | 'nav.videos' | 'nav.dataCentre' | 'nav.more'>> = {
  0: 'nav.home',
  1: 'nav.scores',
  2: 'nav.streamers',
  3: 'nav.schedule',
  4: 'nav.more',
  6: 'nav.dataCentre',
  9: 'nav.more',
  10: 'nav.more',
  11: 'nav.experts',
  13: 'nav.videos',
  14: 'nav.videos',
};

describe('the shell in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  async function open(path: string): Promise<void> {
    await page.goto(`${siteUrl}${path}`);
    await page.locator('main h1').first().waitFor({ state: 'attached' });
  }

  const topNav = () => page.getByRole('navigation', { name: /主导航|Main navigation/ });
  const sideBar = () => page.getByRole('navigation', { name: /侧边菜单|Side menu/ });

  // Every route twice, each a fresh page load: longer than one page's minute.
  it('shows every route with its title, its highlighted nav entry and the side bar by tab (zh, then en)', { timeout: 240_000 }, async () => {
    for (const [locale, messages] of [['zh', zh], ['en', en]] as const) {
      await page.goto(`${siteUrl}/main`);
      await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
      for (const name of routeNames) {
        const { path, nav } = routes[name];
        await open(path);
        const title = `${messages[titleOf(name)]} - ${siteName}`;
        await expect.poll(() => page.title(), { message: `${locale} ${path}` }).toBe(title);
        // The entries of the bar itself; the items inside closed hover menus are not shown.
        const current = topNav().locator('[aria-current="page"]').filter({ visible: true });
        const entry = nav === null ? undefined : navEntryLabel[nav];
        if (entry) {
          await expect(current.allTextContents(), `${locale} ${path}`).resolves.toEqual([messages[entry]]);
        } else {
          await expect(current.count(), `${locale} ${path}`).resolves.toBe(0);
        }
        await expect(sideBar().count(), `side bar on ${path}`).resolves.toBe(hasSideBar(name) ? 1 : 0);
        // Honest empty states: a heading and something under it, never a blank page.
        await expect(page.locator('main').innerText(), path).resolves.not.toBe('');
      }
    }
  });

  it('sends / to /main and unknown paths to /404', async () => {
    await page.goto(`${siteUrl}/`);
    await page.waitForURL(`${siteUrl}/main`);
    await page.goto(`${siteUrl}/no/such/page`);
    await page.waitForURL(`${siteUrl}/404`);
    // isVisible() does not wait; the page renders just after the URL changes.
    await page.getByRole('heading', { level: 1, name: zh['notFound.title'] }).waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('hides the top bar after 60 px of scrolling on /main, and not on /news', async () => {
    await open('/main');
    const bar = page.getByRole('banner');
    await page.evaluate('window.scrollTo(0, 60)');
    await page.waitForTimeout(350);
    expect((await bar.boundingBox())?.y).toBe(0);
    await page.evaluate('window.scrollTo(0, 61)');
    await expect.poll(async () => ((await bar.boundingBox())?.y ?? 0) + ((await bar.boundingBox())?.height ?? 0)).toBeLessThanOrEqual(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);

    await open('/news');
    await page.evaluate('window.scrollTo(0, 300)');
    await page.waitForTimeout(350);
    await expect(bar.isVisible()).resolves.toBe(true);
    expect(((await bar.boundingBox())?.y ?? -1) + ((await bar.boundingBox())?.height ?? 0)).toBeGreaterThan(0);
  });

  it('switches the language, stores it under lang and langIndex, and keeps it across a reload', async () => {
    await open('/main');
    await page.getByRole('button', { name: '语言 中' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`Home - ${siteName}`);
    await expect(page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('langIndex')])).resolves.toEqual(['en', '1']);
    await expect(page.evaluate<string>('document.documentElement.lang')).resolves.toBe('en');
    await page.reload();
    await page.locator('main h1').waitFor({ state: 'attached' });
    await expect(page.title()).resolves.toBe(`Home - ${siteName}`);
    await expect(topNav().getByRole('link', { name: 'Home' }).isVisible()).resolves.toBe(true);
  });

  it('closes the side bar under 992 px, opens it as a drawer on demand, and again on a wide screen', async () => {
    await open('/main');
    const toggle = page.getByRole('button', { name: '侧边菜单' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(sideBar().isVisible()).resolves.toBe(true);

    await page.setViewportSize({ width: 991, height: 800 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect(sideBar().isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(sideBar().isVisible()).resolves.toBe(true);
    await expect(isFocused(sideBar().getByRole('link', { name: '首页' }))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sideBar().isVisible()).toBe(false);

    await page.setViewportSize({ width: 992, height: 800 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed on a wide screen is a rail of icons: still there, links still named.
    await expect(sideBar().getByRole('link', { name: '新闻' }).isVisible()).resolves.toBe(true);
  });

  it('works the hover menus by keyboard: Tab to a menu, ArrowDown into it, Escape out, Enter to follow', async () => {
    await open('/main');
    const scores = topNav().getByRole('button', { name: '比分' });
    for (let presses = 0; presses < 30 && !(await isFocused(scores)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(isFocused(scores)).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    const focusedText = () => page.evaluate<string>("document.activeElement?.textContent ?? ''");
    await expect.poll(focusedText).toBe('足球');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toBe('篮球');
    await page.keyboard.press('Escape');
    await expect.poll(focusedText).toContain('比分');
    await expect(scores.getAttribute('aria-expanded')).resolves.toBe('false');

    // Streamers is a link: Tab reaches it, the next Tab moves on, and Enter follows it.
    await page.keyboard.press('Tab');
    await expect.poll(focusedText).toBe('主播');
    await page.keyboard.press('Tab');
    await expect.poll(focusedText).toBe('赛程');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedText).toBe('主播');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${siteUrl}/anchor`);
    await expect.poll(() => page.title()).toBe(`主播 - ${siteName}`);
  });

  it('runs the progress bar on a route change and ends it 500 ms after', async () => {
    await open('/main');
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 3000 }).toBe(0);
    const started = Date.now();
    await topNav().getByRole('link', { name: '赛程' }).click();
    await page.getByRole('progressbar', { name: '页面加载中' }).waitFor({ state: 'attached', timeout: 1000 });
    await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await expect.poll(() => page.title()).toBe(`赛程 - ${siteName}`);
  });

  it('asks a guest to log in from the streamer and top-up buttons, and shows no chat entry', async () => {
    await open('/main');
    await expect(topNav().getByRole('link', { name: '私聊' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '我要直播' }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: '充值' }).click();
    await dialog.waitFor({ state: 'visible' });
  });

  it('searches with at most 10 characters and keeps the history under historyList', async () => {
    await open('/main');
    const field = page.getByRole('banner').getByRole('searchbox', { name: '搜索' });
    await field.click();
    await field.pressSequentially('皇家马德里对巴塞罗那国家德比');
    await expect(field.inputValue()).resolves.toBe('皇家马德里对巴塞罗那');
    await field.press('Enter');
    await page.waitForURL(/\/search\?name=/);
    await expect.poll(() => page.title()).toBe(`搜索 - ${siteName}`);
    await expect(page.evaluate(() => localStorage.getItem('historyList'))).resolves.toBe('["皇家马德里对巴塞罗那"]');
    await field.click();
    await expect(page.getByRole('button', { name: '皇家马德里对巴塞罗那' }).isVisible()).resolves.toBe(true);
    // The hot matches of universal/getHot, each leading to its score detail.
    const hot = page.getByRole('region', { name: '热门比赛' }).getByRole('link');
    await hot.first().waitFor();
    expect(await hot.count()).toBeGreaterThan(0);
    expect(await hot.count()).toBeLessThanOrEqual(10);
    await expect(hot.first().getAttribute('href')).resolves.toMatch(/^\/score-detail\?id=\d+$/);
    // The hot search words: the most watched streamers on air.
    expect(await page.getByRole('region', { name: '热门搜索' }).getByRole('button').count()).toBeGreaterThan(0);
  });

  it('shows the real live rooms on /main in a card grid', async () => {
    await open('/main');
    const rooms = page.getByRole('list', { name: '正在直播' }).getByRole('article');
    await rooms.first().waitFor();
    expect(await rooms.count()).toBeGreaterThan(0);
    const first = await rooms.first().getByRole('link').getAttribute('href');
    expect(first).toMatch(/^\/live\?id=\d+$/);
  });

  it("shows each sport's rooms in a block of its own, with a way to its streamer list", async () => {
    await open('/main');
    const football = page.getByRole('list', { name: '足球直播', exact: true }).getByRole('article');
    await football.first().waitFor();
    expect(await football.first().getByRole('link').first().getAttribute('href')).toMatch(/^\/live\?id=\d+$/);
    expect(await page.getByRole('link', { name: '更多足球直播', exact: true }).getAttribute('href')).toBe('/anchor?type=1');
  });

  it('stays on the site at 390 px when no mobile address is configured', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/main');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/main');
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
  });

  // Some forty pages and menus, each checked by axe: 30 s alone on a slow machine, twice that beside the other suites.
  it('has no serious or critical axe violations in the shell, in zh and en, with menus open', async () => {
    // The area screens answer for their own main content; around it, the shell is checked everywhere.
    const serious = async (where: string, scope: 'page' | 'shell' = 'page') => {
      const builder = new AxeBuilder({ page });
      const results = await (scope === 'shell' ? builder.exclude('main') : builder).analyze();
      const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(bad.map((violation) => `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    for (const [path, scope] of [['/main', 'page'], ['/football', 'shell'], ['/member?type=19', 'shell'], ['/404', 'page']] as const) {
      await open(path);
      await page.waitForLoadState('networkidle');
      await serious(`zh ${path}`, scope);
    }
    await topNav().getByRole('button', { name: '更多' }).click();
    await serious('zh /404 with the more menu open');
    await page.getByRole('banner').getByRole('searchbox', { name: '搜索' }).click();
    await serious('zh /404 with the search panel open');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    for (const [path, scope] of [['/main', 'page'], ['/anchor?type=1', 'shell']] as const) {
      await open(path);
      await page.waitForLoadState('networkidle');
      await serious(`en ${path}`, scope);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/main');
    await page.waitForLoadState('networkidle');
    await serious('en /main at 390 px');
  }, 180_000);
});
