import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

// A viewer changes the danmaku settings in the room's player; they apply to the layer at
// once, are kept under gameSeting (SPEC §3) beside the score pop-up flags, and stay after a reload.
describe('danmaku settings in a live room', { timeout: 90_000 }, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const layer = () => page.locator('[data-danmaku-layer]');
  const layerStyle = () =>
    layer().evaluate((element: HTMLElement) => {
      const style = getComputedStyle(element);
      const picture = element.parentElement!.getBoundingClientRect();
      return {
        show: element.dataset.show,
        area: element.dataset.area,
        size: element.dataset.size,
        opacity: style.opacity,
        display: style.display,
        heightShare: Math.round((element.getBoundingClientRect().height / picture.height) * 100),
      };
    });
  const stored = async () => JSON.parse((await page.evaluate(() => localStorage.getItem('gameSeting'))) ?? '{}') as Record<string, unknown>;

  it('keeps area, size, opacity and show across a reload, with the score flags beside them', async () => {
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=20`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((entry) => entry.status === 'in_progress');
    expect(room, 'a seeded room on air').toBeDefined();

    await page.goto(`${siteUrl}/`);
    // The score pages' own flags live under the same key and must survive.
    await page.evaluate(() => localStorage.setItem('gameSeting', JSON.stringify({ red: true, yellow: false, voice: true })));
    await page.goto(`${siteUrl}/live?id=${String(room!.id)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toContain(room!.title);

    // SPEC §3 defaults: show, the whole picture, medium, solid.
    await expect.poll(layerStyle, { timeout: 20_000 }).toEqual({ show: 'true', area: '3', size: '2', opacity: '1', display: 'block', heightShare: 100 });

    await page.getByRole('button', { name: '弹幕设置' }).click();
    const panel = page.getByRole('group', { name: '弹幕设置' });
    await panel.getByText('顶部', { exact: true }).click();
    await panel.getByText('大', { exact: true }).click();
    await panel.getByRole('slider', { name: '不透明度' }).fill('50');
    // Applied at once, before any reload.
    await expect.poll(layerStyle, { timeout: 20_000 }).toEqual({ show: 'true', area: '1', size: '3', opacity: '0.5', display: 'block', heightShare: 33 });
    expect(await stored()).toEqual({ red: true, yellow: false, voice: true, show: true, area: 1, size: 3, opacity: 50 });

    await page.reload();
    await expect.poll(layerStyle, { timeout: 20_000 }).toEqual({ show: 'true', area: '1', size: '3', opacity: '0.5', display: 'block', heightShare: 33 });
    await page.getByRole('button', { name: '弹幕设置' }).click();
    await expect.poll(() => page.getByRole('radio', { name: '顶部' }).isChecked(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: '大' }).isChecked(), { timeout: 20_000 }).toBe(true);

    // The toggle in the controls hides them, and that stays too.
    await page.getByRole('button', { name: '关闭弹幕' }).click();
    await expect.poll(layerStyle, { timeout: 20_000 }).toMatchObject({ show: 'false', display: 'none' });
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: '开启弹幕' }).getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    await expect.poll(layerStyle, { timeout: 20_000 }).toMatchObject({ show: 'false', display: 'none', area: '1' });
    expect(await stored()).toEqual({ red: true, yellow: false, voice: true, show: false, area: 1, size: 3, opacity: 50 });
  });
});
