import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

// A viewer opens a demo room on air: the video plays, and the quality menu's 'smooth'
// makes hls.js switch to the smallest rendition.
describe('the live room plays', { timeout: 90_000 }, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('plays a room on air for 5 s and switches to smooth', async () => {
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=20`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((entry) => entry.status === 'in_progress');
    expect(room, 'a seeded room on air').toBeDefined();

    await page.goto(`${siteUrl}/live?id=${String(room!.id)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toContain(room!.title);
    const video = page.locator('video');
    const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    const started = await time();
    await page.waitForTimeout(5_000);
    expect(await time()).toBeGreaterThan(started + 4);

    await page.getByRole('button', { name: /^清晰度/ }).click();
    await page.getByRole('menuitemradio', { name: '流畅' }).click();
    await expect.poll(() => video.getAttribute('data-quality'), { timeout: 20_000 }).toBe('smooth');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 20_000 }).toBe(240);
    const switched = await time();
    await page.waitForTimeout(2_000);
    expect(await time()).toBeGreaterThan(switched + 1);
  });

  it('shows a clear page for a room that does not exist', async () => {
    await page.goto(`${siteUrl}/live?id=999999`);
    await expect.poll(() => page.getByText('直播间不存在').first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('video').count()).toBe(0);
  });
});
