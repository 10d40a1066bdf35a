import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { openAs, registerNewUser, type Session } from './site-users.ts';

// A circle from both sides: a new user joins a circle and posts two photos picked from disk through the
// composer; a second new user likes the post and comments on it; the first sees the like and the comment.

const siteUrl = inject('siteUrl');

type Circle = components['schemas']['Circle'];
type CirclePost = components['schemas']['CirclePost'];

/** The like and comment counts as zh says them: its plural messages have one form, `赞 #` and `评论 #`. */
const likes = (count: number) => `赞 ${String(count)}`;
const comments = (count: number) => `评论 ${String(count)}`;

/**
 * A photo as a phone would keep it: drawn and encoded by Chromium (a JPEG or a PNG of 800 × 600), written
 * to a file that the composer's file field then picks.
 */
async function photoOnDisk(page: Page, dir: string, name: string, type: 'image/jpeg' | 'image/png', hue: number): Promise<string> {
  const base64 = await page.evaluate(
    async ({ type, hue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const g = canvas.getContext('2d')!;
      g.fillStyle = `hsl(${String(hue)} 55% 32%)`;
      g.fillRect(0, 0, 800, 600);
      g.strokeStyle = '#e8f5e9';
      g.lineWidth = 6;
      g.strokeRect(40, 40, 720, 520);
      g.beginPath();
      g.arc(400, 300, 90, 0, Math.PI * 2);
      g.moveTo(400, 40);
      g.lineTo(400, 560);
      g.stroke();
      const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('no picture'))), type, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { type, hue },
  );
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(base64, 'base64'));
  return path;
}

describe('circles in Chromium', () => {
  let browser: Browser;
  let author: Session;
  let reader: Session;
  let circle: Circle;
  let photoDir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    [author, reader] = [await registerNewUser(), await registerNewUser()];
    const answer = (await (await fetch(`${siteUrl}/api/circle/list`, { headers: { token: author.token } })).json()) as { data: Circle[] };
    circle = answer.data.find((c) => !c.is_joined)!;
    expect(circle, 'a circle the new user is not in').toBeDefined();
    photoDir = mkdtempSync(join(tmpdir(), 'pitchside-circle-photos-'));
  });

  afterAll(async () => {
    await browser?.close();
    if (photoDir) rmSync(photoDir, { recursive: true, force: true });
  });

  it('a new user joins a circle and posts two photos; a second likes and comments; the first sees both', async () => {
    const page = await openAs(browser, author, '/circle');
    const circles = page.getByRole('complementary', { name: zh['circle.circles'] });
    await circles.getByRole('button', { name: zh['circle.joinNamed'].replace('{name}', circle.name) }).click({ timeout: 20_000 });
    await circles.getByRole('button', { name: zh['circle.leaveNamed'].replace('{name}', circle.name) }).waitFor({ timeout: 20_000 });

    const stand = await photoOnDisk(page, photoDir, '南看台.jpg', 'image/jpeg', 140);
    const goal = await photoOnDisk(page, photoDir, '绝杀瞬间.png', 'image/png', 210);
    const words = `第一次来圈子报到，昨晚现场看球拍了两张 ${String(Date.now()).slice(-6)}`;
    const composer = page.getByRole('form', { name: zh['circle.compose.title'] });
    await composer.getByRole('combobox', { name: zh['circle.compose.circle'] }).selectOption({ label: circle.name });
    await composer.getByRole('textbox', { name: zh['circle.compose.content'] }).fill(words);
    await composer.getByLabel(zh['circle.compose.photos']).setInputFiles([stand, goal]);
    await composer.getByText('南看台.jpg').waitFor();
    await composer.getByText('绝杀瞬间.png').waitFor();
    await composer.getByRole('button', { name: zh['circle.compose.publish'] }).click();
    await composer.getByRole('status').filter({ hasText: zh['circle.compose.published'] }).waitFor({ timeout: 30_000 });
    expect(await composer.getByText('南看台.jpg').count()).toBe(0);

    // The post heads the newest posts with both photos, drawn again by the server and shown from it.
    const nickname = author.profile.user_nickname;
    const mine = page.getByRole('article', { name: zh['circle.postBy'].replace('{name}', nickname) }).filter({ hasText: words });
    await mine.waitFor({ timeout: 20_000 });
    const detailHref = await mine.getByRole('link', { name: comments(0) }).getAttribute('href');
    const postId = Number(new URL(detailHref!, siteUrl).searchParams.get('id'));
    const post = (await (await fetch(`${siteUrl}/api/anchor_dynamics/info?id=${String(postId)}`)).json()) as { data: CirclePost };
    expect(post.data.circle.id).toBe(circle.id);
    expect(post.data.images).toHaveLength(2);
    for (const src of post.data.images) {
      const shown = mine.locator(`img[src="${src}"]`);
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(800);
    }

    // The second user opens the post, likes it and comments.
    const other = await openAs(browser, reader, `/circle-detail?id=${String(postId)}`);
    const shownPost = other.getByRole('article', { name: zh['circle.postBy'].replace('{name}', nickname) });
    await shownPost.getByText(words).waitFor({ timeout: 20_000 });
    await shownPost.getByRole('button', { name: likes(0) }).click();
    await expect.poll(() => shownPost.getByRole('button', { name: likes(1) }).getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    const remark = '南看台的气氛绝了，下次一起去！';
    await other.getByRole('textbox', { name: zh['circle.commentLabel'] }).fill(remark);
    await other.getByRole('button', { name: zh['circle.send'] }).click();
    await other.getByRole('region', { name: zh['circle.commentsTitle'] }).getByText(remark).waitFor({ timeout: 20_000 });

    // The author sees the like and the comment counted on the feed, then the comment and who wrote it.
    await page.reload();
    await mine.waitFor({ timeout: 20_000 });
    await expect.poll(() => mine.getByRole('button', { name: likes(1) }).getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    await mine.getByRole('link', { name: comments(1) }).click();
    await page.waitForURL(`**/circle-detail?id=${String(postId)}`);
    const thread = page.getByRole('region', { name: zh['circle.commentsTitle'] });
    const comment = thread.getByRole('listitem').filter({ hasText: remark });
    await comment.waitFor({ timeout: 20_000 });
    await comment.getByText(reader.profile.user_nickname, { exact: true }).waitFor();
  });
});
