import type { Browser } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { logIn, openAs } from './site-users.ts';

const clip = fileURLToPath(new URL('../fixtures/video-clip.mp4', import.meta.url));

describe('videos in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('uploads a clip with its progress, opens it on its page and plays it', async () => {
    const viewer = await logIn('86-13800000001', 'pitchside1');
    const page = await openAs(browser, viewer, '/video-list');
    await page.getByRole('button', { name: zh['video.upload'] }).click();
    const dialog = page.getByRole('dialog', { name: zh['video.upload'] });
    await dialog.getByLabel(zh['video.upload.title']).fill('我的进球集锦');
    await dialog.getByLabel(zh['video.upload.file']).setInputFiles(clip);
    await dialog.getByRole('button', { name: zh['video.upload.submit'] }).click();
    await page.waitForURL(/\/video-player\?id=\d+/, { timeout: 30_000 });
    await page.getByRole('heading', { name: '我的进球集锦' }).waitFor();
    await page.getByText(zh['video.underReview']).waitFor();
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
  }, 120_000);

  it('lets a second user like, favourite and comment on a video', async () => {
    const expert = await logIn('86-13800000003', 'pitchside3');
    const page = await openAs(browser, expert, '/video-list');
    await page.locator('article a').first().click();
    await page.waitForURL(/\/video-player\?id=\d+/);
    const like = page.getByRole('button', { name: /^点赞 \d+$/ });
    const before = Number((await like.textContent())!.replace(/\D/g, ''));
    await like.click();
    await page.getByRole('button', { name: `已赞 ${before + 1}` }).waitFor();
    await page.getByRole('button', { name: /^收藏 \d+$/ }).click();
    await page.getByRole('button', { name: /^已收藏 \d+$/ }).waitFor();
    await page.getByRole('textbox', { name: zh['video.comment.placeholder'] }).fill('这球太漂亮了');
    await page.getByRole('button', { name: zh['video.comment.send'] }).click();
    await page.getByText('这球太漂亮了').waitFor();
  }, 120_000);
});
