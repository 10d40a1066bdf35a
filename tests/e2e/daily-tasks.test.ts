import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { openAs, registerNewUser } from './site-users.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

// The daily tasks complete from what a user does in a room: a new user shares a room and says a line in its
// chat (the line that flies as danmaku), and the personal centre shows both tasks done and the rest still to do.
describe('daily tasks in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser;
  let roomId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=50`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((entry) => entry.status === 'in_progress');
    expect(room, 'a room on air').toBeDefined();
    roomId = room!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a share and a line in the room chat complete their tasks in the personal centre', async () => {
    const user = await registerNewUser();
    const page = await openAs(browser, user, `/live?id=${String(roomId)}`);
    await page.getByText(/\d+ 人在线/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: zh['roomExtras.share'], exact: true }).click();
    await page.getByLabel(zh['roomExtras.shareLink']).waitFor();
    await page.keyboard.press('Escape');
    const composer = page.getByRole('textbox', { name: zh['roomChat.input'] });
    await composer.fill('这球踢得漂亮');
    await composer.press('Enter');
    await page.getByRole('log', { name: zh['roomChat.messages'] }).getByText('这球踢得漂亮').waitFor({ timeout: 20_000 });

    await page.goto(`${siteUrl}/member?type=19`);
    const task = (name: string) => page.getByRole('listitem').filter({ hasText: name }).first();
    await expect.poll(() => task('分享直播间').textContent(), { timeout: 20_000 }).toContain(zh['tasks.complete']);
    expect(await task('发送一条弹幕').textContent()).toContain(zh['tasks.complete']);
    expect(await task('赠送一次礼物').textContent()).toContain(zh['tasks.incomplete']);
    await page.context().close();
  });
});
