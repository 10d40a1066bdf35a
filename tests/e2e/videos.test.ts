import type { Browser } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { logIn, openAs, registerNewUser } from './site-users.ts';

const clip = fileURLToPath(new URL('../fixtures/video-clip.mp4', import.meta.url));

describe('videos in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a new user uploads a clip resumably with its progress, watches its job finish, plays it; a cover is judged by its content', async () => {
    const author = await registerNewUser();
    const page = await openAs(browser, author, '/video-list');
    // Each PATCH held a moment, so the progress is on screen long enough to read, as on a slow line.
    await page.route('**/api/tus/videos/*', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('button', { name: zh['video.upload'] }).click();
    const dialog = page.getByRole('dialog', { name: zh['video.upload'] });
    await dialog.getByLabel(zh['video.upload.title']).fill('新人的第一段视频');
    await dialog.getByLabel(zh['video.upload.file']).setInputFiles(clip);
    await dialog.getByRole('button', { name: zh['video.upload.submit'] }).click();
    await dialog.getByRole('progressbar', { name: zh['video.upload.progress'] }).waitFor();
    await dialog.getByText(/已上传|%/).first().waitFor();
    await page.waitForURL(/\/video-player\?id=\d+/, { timeout: 60_000 });
    await page.getByRole('heading', { name: '新人的第一段视频' }).waitFor();
    await page.getByText(zh['video.job.status.ready']).waitFor({ timeout: 120_000 });
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.3);

    // A cover goes with the file in one form: a text file named .jpg is refused in the user's language, a JPEG taken.
    const work = mkdtempSync(join(tmpdir(), 'pitchside-e2e-cover-'));
    try {
      const cover = join(work, 'cover.jpg');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', clip, '-frames:v', '1', cover]);
      await page.goto(`${new URL(page.url()).origin}/video-list`);
      await page.getByRole('button', { name: zh['video.upload'] }).click();
      await dialog.getByLabel(zh['video.upload.title']).fill('带封面的视频');
      await dialog.getByLabel(zh['video.upload.file']).setInputFiles(clip);
      await dialog.getByLabel(zh['video.upload.cover']).setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
      await dialog.getByRole('button', { name: zh['video.upload.submit'] }).click();
      await dialog.getByRole('alert').filter({ hasText: '请上传 PNG 或 JPEG 图片' }).waitFor();
      await dialog.getByLabel(zh['video.upload.cover']).setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(cover) });
      await dialog.getByRole('button', { name: zh['video.upload.submit'] }).click();
      await page.waitForURL(/\/video-player\?id=\d+/, { timeout: 60_000 });
      await page.getByRole('heading', { name: '带封面的视频' }).waitFor();
      const poster = await page.locator('video').getAttribute('poster');
      expect(poster).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.jpg$/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    await page.context().close();
  }, 300_000);

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
