import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import en from '../../src/i18n/messages/en.json';
import { launchBrowser } from './browser.ts';
import { logIn, type Session } from './site-users.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

/** Every path of the route table (src/routes.ts), read from its source so a new route is crawled too. */
const routePaths = [...readFileSync(new URL('../../src/routes.ts', import.meta.url), 'utf8').matchAll(/\broute\('([^']+)'/g)].map((match) => match[1]!);

/**
 * The site's words in Chinese on a page. What users wrote is marked data-user-content (names, titles, messages);
 * text that says it is Chinese carries lang="zh" (the language menu's 中文). A label that quotes a user's words
 * ('Open 解说阿杰's room') is judged without them.
 */
function chineseOutsideUserContent(page: Page): Promise<string[]> {
  return page.evaluate((messageIds) => {
    const ids = new Set(messageIds);
    const han = /\p{Script=Han}/u;
    const userContent = document.querySelectorAll('[data-user-content]');
    const written = new Set<string>();
    for (const element of userContent) {
      for (const part of [element.textContent, element.getAttribute('aria-label'), ...[...element.querySelectorAll('img, option')].map((inner) => inner.getAttribute('alt') ?? inner.textContent)]) {
        const text = (part ?? '').trim();
        if (han.test(text)) written.add(text);
      }
    }
    const byLength = [...written].sort((a, b) => b.length - a.length);
    const withoutUsers = (text: string) => byLength.reduce((rest, words) => rest.replaceAll(words, ''), text);
    const exempt = (element: Element) => element.closest('[data-user-content]') !== null || (element.closest('[lang]')?.getAttribute('lang') ?? '').startsWith('zh');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent ?? '';
      const parent = walker.currentNode.parentElement;
      // A message the language lacks shows as its id ('status.finished'): as wrong as Chinese.
      if (ids.has(text.trim())) found.push(`${parent?.tagName.toLowerCase() ?? ''}: the message id ${text.trim()}`);
      if (!han.test(text) || !parent || parent.closest('script, style') || exempt(parent) || !han.test(withoutUsers(text))) continue;
      found.push(`${parent.tagName.toLowerCase()}: ${text.trim().slice(0, 40)}`);
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (exempt(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && han.test(withoutUsers(value))) found.push(`${element.tagName.toLowerCase()}[${name}]: ${value.slice(0, 40)}`);
      }
    }
    return found;
  }, Object.keys(en));
}

/**
 * Text a box cuts: an element with words of its own whose content is wider than the box that clips it. An
 * ellipsis is a cut that says so, allowed where the box still shows a few words (a long title), not a letter.
 */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      const box = element.getBoundingClientRect();
      // Not shown, or read by screen readers only (ps-visually-hidden clips on purpose).
      if (!ownText || box.width <= 1 || box.height <= 1 || element.closest('.ps-visually-hidden') !== null) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === 'visible' || element.scrollWidth <= element.clientWidth + 1) continue;
      if (style.textOverflow === 'ellipsis' && element.clientWidth >= 96) continue;
      found.push(`${element.tagName.toLowerCase()} (${String(element.clientWidth)} of ${String(element.scrollWidth)} px): ${(element.textContent ?? '').trim().slice(0, 40)}`);
    }
    for (const list of document.querySelectorAll<HTMLElement>('header nav ul')) {
      if (list.scrollWidth > list.clientWidth + 1) found.push(`the navigation scrolls ${String(list.scrollWidth - list.clientWidth)} px out of view`);
    }
    return found;
  });
}

/** Waits until the page has shown its data: nothing says it is loading, then a moment for late pushes. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(() => document.querySelector('main') !== null && document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 8000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

// Tried in English and Vietnamese, logged in, every route of the site speaks the reader's language: a
// word of the site's own left in Chinese (a task, a country, a status, a label) fails the crawl.
describe('every route in English and Vietnamese', { timeout: 300_000 }, () => {
  let browser: Browser;
  let session: Session;
  let admin: Session;
  let paths: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await logIn('86-13800000001', 'pitchside1');
    admin = await logIn('86-13800000004', 'pitchside4');
    const expert = await logIn('86-13800000003', 'pitchside3');
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=50`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((entry) => entry.status === 'in_progress') ?? list.data.list[0]!;
    const withQuery: Record<string, string[]> = {
      '/live': [`/live?id=${String(room.id)}`],
      '/score-detail': [`/score-detail?id=${String(room.match?.id ?? 1)}`],
      '/member': ['/member?type=19', '/member?type=1', '/member?type=5', '/member?type=7', '/member?type=18'],
      '/about-user': ['/about-user?type=1', '/about-user?type=5'],
      // Pages that show one thing: the first seeded one, or the seeded expert.
      '/circle-detail': ['/circle-detail?id=1'],
      '/video-player': ['/video-player?id=1'],
      '/video-classify': ['/video-classify?type=3&id=1'],
      '/specialist-home': [`/specialist-home?id=${String(expert.id)}`],
      '/specialist-info': [`/specialist-info?id=${String(expert.id)}`],
      '/specialist-detail': ['/specialist-detail?id=1'],
      '/specialist-news': ['/specialist-news', '/specialist-news?id=1'],
      '/search': ['/search?name=MOUZ'],
    };
    paths = routePaths.flatMap((path) => withQuery[path] ?? [path]);
    expect(paths.length).toBeGreaterThan(35);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const lang of ['en', 'vi'] as const) {
    it(`leaves no word of the site in Chinese in ${lang}`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(
        ([stored, language]) => {
          localStorage.setItem('userInfo', stored);
          localStorage.setItem('lang', language);
        },
        [JSON.stringify(session), lang] as const,
      );
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of paths) {
        await page.goto(`${siteUrl}${path}`);
        await settle(page);
        for (const found of new Set(await chineseOutsideUserContent(page))) problems.push(`${path} ${found}`);
      }
      await context.close();
      // An admin: each tab of the console, whose tables list users' names and words.
      const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await adminContext.addInitScript(
        ([stored, language]) => {
          localStorage.setItem('userInfo', stored);
          localStorage.setItem('lang', language);
        },
        [JSON.stringify(admin), lang] as const,
      );
      const desk = await adminContext.newPage();
      await desk.goto(`${siteUrl}/admin`);
      await settle(desk);
      const adminTabs = await desk.getByRole('tab').all();
      expect(adminTabs.length).toBeGreaterThanOrEqual(6);
      for (const tab of adminTabs) {
        await tab.click();
        await settle(desk);
        for (const found of new Set(await chineseOutsideUserContent(desk))) problems.push(`/admin ${(await tab.textContent()) ?? ''} ${found}`);
      }
      await adminContext.close();
      // A guest: the login dialog, whose phone tab lists the phone codes' countries.
      const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await guestContext.addInitScript((language) => localStorage.setItem('lang', language), lang);
      const guest = await guestContext.newPage();
      await guest.goto(`${siteUrl}/login`);
      await settle(guest);
      for (const tab of await guest.getByRole('tab').all()) {
        await tab.click();
        await guest.waitForTimeout(200);
        for (const found of new Set(await chineseOutsideUserContent(guest))) problems.push(`/login ${found}`);
      }
      await guestContext.close();
      expect(problems).toEqual([]);
    });
  }

  it('cuts no text at 390 px in Vietnamese on /live, /football and the navigation', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(
      ([stored, language]) => {
        localStorage.setItem('userInfo', stored);
        localStorage.setItem('lang', language);
      },
      [JSON.stringify(session), 'vi'] as const,
    );
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of [paths.find((candidate) => candidate.startsWith('/live?'))!, '/football']) {
      await page.goto(`${siteUrl}${path}`);
      await settle(page);
      for (const found of await clippedText(page)) problems.push(`${path} ${found}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });
});

