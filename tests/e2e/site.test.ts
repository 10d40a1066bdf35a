import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

describe('the built site in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser.close());

  it('loads at / and lands on /main with the home page rendered', async () => {
    await page.goto(`${siteUrl}/`);
    await page.waitForURL(`${siteUrl}/main`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(await page.title()).toContain('Pitchside');
  });

  it('sends an unknown path to /404', async () => {
    await page.goto(`${siteUrl}/no/such/page`);
    await page.waitForURL(`${siteUrl}/404`);
    // isVisible() does not wait; the page renders just after the URL changes.
    await page.getByText('404').first().waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('shows the contract at /api/docs with all its paths, and the site icon', async () => {
    const failed: string[] = [];
    const listen = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failed.push(`${String(response.status())} ${response.url()}`);
    };
    page.on('response', listen);
    await page.goto(`${siteUrl}/api/docs`);
    await page.waitForLoadState('networkidle');
    page.off('response', listen);
    // No request of the page fails (a page without an icon link has the browser ask for /favicon.ico).
    expect(failed).toEqual([]);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    const paths = await page.locator('section.op h3 code').allTextContents();
    expect(new Set(paths).size).toBe(loadContract().operations.length);
    const specPaths = readFileSync(new URL('../../spec/endpoints.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[1]);
    expect(specPaths).toHaveLength(142);
    expect(paths).toEqual(expect.arrayContaining(specPaths));
    expect(paths).toContain('/api/Live_streaming/getLiveList');
  });
});
