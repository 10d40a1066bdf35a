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

type RankPage = { total: number; list: Array<{ video: { id: number } }> };

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

  it('a member uploads a clip, an admin approves it in /admin, a second user reacts; it is in the works and the day’s ranking', async () => {
    const author = await registerNewUser();
    const title = `审核旅程${String(Date.now()).slice(-6)}`;
    const page = await openAs(browser, author, '/video-list');
    await page.getByRole('button', { name: zh['video.upload'] }).click();
    const dialog = page.getByRole('dialog', { name: zh['video.upload'] });
    await dialog.getByLabel(zh['video.upload.title']).fill(title);
    await dialog.getByLabel(zh['video.upload.file']).setInputFiles(clip);
    await dialog.getByRole('button', { name: zh['video.upload.submit'] }).click();
    await page.waitForURL(/\/video-player\?id=\d+/, { timeout: 60_000 });
    const videoId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText(zh['video.underReview']).waitFor();

    // The member's works show it under review, only to them.
    await page.goto(`${new URL(page.url()).origin}/member?type=18`);
    const works = page.getByRole('region', { name: zh['video.works.mine'] });
    const mine = works.getByRole('article', { name: title });
    await mine.getByText(zh['status.under_review']).waitFor();
    await mine.getByText(zh['video.works.waiting']).waitFor();

    // An admin approves it in the console's video tab.
    const admin = await logIn('86-13800000004', 'pitchside4');
    const desk = await openAs(browser, admin, '/admin');
    await desk.getByRole('tab', { name: zh['admin.videoReviewTab'] }).click();
    const waiting = desk.getByRole('listitem').filter({ hasText: title });
    await waiting.getByRole('button', { name: zh['admin.videoApprove'] }).click();
    await waiting.waitFor({ state: 'detached', timeout: 15_000 });
    await desk.context().close();

    // A second user watches it to the end (a view), likes, favourites and comments on it.
    const fan = await registerNewUser();
    const watching = await openAs(browser, fan, `/video-player?id=${videoId}`);
    await watching.getByRole('heading', { name: title }).waitFor();
    const viewed = watching.waitForResponse((response) => response.url().endsWith('/api/Video/addView'), { timeout: 30_000 });
    await expect
      .poll(() => watching.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    await viewed;
    await watching.getByRole('button', { name: '点赞 0', exact: true }).click();
    await watching.getByRole('button', { name: '已赞 1', exact: true }).waitFor();
    await watching.getByRole('button', { name: '收藏 0', exact: true }).click();
    await watching.getByRole('button', { name: '已收藏 1', exact: true }).waitFor();
    await watching.getByRole('textbox', { name: zh['video.comment.placeholder'] }).fill('审核通过，恭喜');
    await watching.getByRole('button', { name: zh['video.comment.send'] }).click();
    await watching.getByText('审核通过，恭喜').waitFor();
    const origin = new URL(watching.url()).origin;
    let ranked = false;
    for (let n = 1; n <= 50 && !ranked; n++) {
      const rank = (await (await watching.request.get(`${origin}/api/videoRank/getRank?period=day&limit=100&page=${n}`)).json()) as { data: RankPage };
      ranked = rank.data.list.some((entry) => entry.video.id === videoId);
      if (n * 100 >= rank.data.total) break;
    }
    expect(ranked).toBe(true);
    await watching.context().close();

    // Back in the works: published, with its play link.
    await page.reload();
    const published = page.getByRole('region', { name: zh['video.works.mine'] }).getByRole('article', { name: title });
    await published.getByText(zh['status.audit_successful']).waitFor();
    expect(await published.getByRole('link', { name: zh['video.works.play'] }).getAttribute('href')).toBe(`/video-player?id=${videoId}`);
    await page.context().close();
  }, 300_000);
});
