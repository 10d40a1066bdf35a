import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { logIn, openAs, type Session } from './site-users.ts';

// An article from writing to reading: the demo expert (README: 86-13800000003) sends one from /news, it
// waits unseen until the admin approves it in /admin, then a guest finds it on /news and reads it.

const siteUrl = inject('siteUrl');

describe('news review in Chromium', () => {
  let browser: Browser;
  let expert: Session;
  let admin: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    expert = await logIn('86-13800000003', 'pitchside3');
    admin = await logIn('86-13800000004', 'pitchside4');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the demo expert's article is approved in /admin and appears on /news", async () => {
    const title = `专家视角：高位逼抢为何在冬季失灵 ${String(Date.now()).slice(-6)}`;
    const body = '密集赛程下，逼抢强度排名靠前的球队跑动距离明显下降。\n\n轮换深度决定了冬季的积分效率，这一点在近三个赛季都得到了验证。';

    const writer = await openAs(browser, expert, '/news');
    const form = writer.getByRole('form', { name: zh['news.form.title'] });
    await form.getByRole('combobox', { name: zh['news.form.category'] }).selectOption({ label: '足球' });
    await form.getByRole('textbox', { name: zh['news.form.headline'] }).fill(title);
    await form.getByRole('textbox', { name: zh['news.form.content'] }).fill(body);
    await form.getByRole('button', { name: zh['news.form.submit'] }).click();
    await form.getByRole('status').filter({ hasText: zh['news.form.sent'] }).waitFor({ timeout: 20_000 });

    // Under review, it is not on /news.
    const guest = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await guest.goto(`${siteUrl}/news`);
    const articles = guest.getByRole('list', { name: zh['news.all'] });
    await articles.getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(await articles.getByRole('link', { name: title }).count()).toBe(0);

    const desk = await openAs(browser, admin, '/admin');
    await desk.getByRole('tab', { name: zh['admin.tab.headlines'] }).click();
    const sent = desk.getByRole('listitem').filter({ hasText: title });
    await sent.getByText(body.split('\n')[0]!).waitFor({ timeout: 20_000 });
    await sent.getByRole('button', { name: zh['admin.approveHeadline'] }).click();
    await sent.waitFor({ state: 'detached', timeout: 20_000 });

    // Published: the guest finds it among the newest and reads it, signed by the expert.
    await guest.reload();
    await articles.getByRole('link', { name: title }).click({ timeout: 20_000 });
    await guest.waitForURL((url) => url.pathname === '/detail');
    await guest.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
    await guest.getByText(zh['news.by'].replace('{name}', expert.profile.user_nickname)).waitFor();
    await guest.getByText(body.split('\n')[2]!).waitFor();
  });
});
