import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { logIn, openAs, registerNewUser, type Session } from './site-users.ts';

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

async function incomeOf(session: Session): Promise<number> {
  const response = await fetch(`${siteUrl}/api/Member/info`, { headers: { token: session.token } });
  return ((await response.json()) as { data: { income_balance: number } }).data.income_balance;
}

// Gifts in rooms: a new user tops up and sends a gift from the bar under the player; a second
// browser in the same room sees its effect over the video and its banner in the chat; the anchor's income grows.
describe('gifts in Chromium', { timeout: 180_000 }, () => {
  let browser: Browser;
  let viewer: Page;
  let other: Page;
  let anchor: Session;
  let roomId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    anchor = await logIn('86-13800000002', 'pitchside2');
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=50`)).json()) as { data: LiveRoomPage };
    const room = list.data.list.find((entry) => entry.anchor.id === anchor.id);
    expect(room, "the demo anchor's room").toBeDefined();
    roomId = room!.id;

    const session = await logIn('86-13800000001', 'pitchside1');
    const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await viewerContext.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
    viewer = await viewerContext.newPage();
    const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    other = await otherContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a new user tops up through the sandbox checkout and sends a gift; another browser in the room sees it, and the anchor is credited', async () => {
    const newcomer = await registerNewUser();
    expect(newcomer.profile.balance).toBe(0);
    const page = await openAs(browser, newcomer, '/member?type=1&isRecharge=true');
    await page.getByRole('radio', { name: /^103 黄钻/ }).check();
    await page.getByRole('button', { name: zh['wallet.createOrder'] }).click();
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /前往支付/ }).click()]);
    await checkout.getByRole('button', { name: '支付', exact: true }).click();
    await checkout.getByText('支付成功').waitFor();
    await page.getByText(zh['wallet.topUpDone']).waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId('wallet-consumer').textContent())).toBe(103);

    await other.goto(`${siteUrl}/live?id=${String(roomId)}`);
    await other.getByText(/\d+ 人在线/).waitFor({ timeout: 30_000 });
    await page.goto(`${siteUrl}/live?id=${String(roomId)}`);
    await page.getByText(/\d+ 人在线/).waitFor({ timeout: 30_000 });
    const before = await incomeOf(anchor);

    await page.getByRole('radio', { name: /金球/ }).click();
    await page.getByRole('button', { name: zh['gifts.send'], exact: true }).click();
    await page.getByText(/已送出 金球 ×1/).waitFor({ timeout: 20_000 });

    // The other browser: the effect over the video (a big gift) and the banner line in the chat.
    const effect = other.locator('[data-gift-effect="big"]');
    await effect.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => effect.textContent()).toContain('金球');
    const banner = other.getByRole('log', { name: zh['roomChat.messages'] }).locator('[data-gift]').last();
    await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toMatch(/送出 金球 ×1/);
    // The anchor's share (site_config.gift_anchor_share, 0.5) of 99 diamonds.
    await expect.poll(() => incomeOf(anchor), { timeout: 10_000 }).toBeCloseTo(before + 49.5, 5);
    await page.context().close();
  });

  it('says clearly when the balance is short, with the way to top up', async () => {
    await viewer.goto(`${siteUrl}/live?id=${String(roomId)}`);
    await viewer.getByText(/\d+ 人在线/).waitFor({ timeout: 30_000 });
    await viewer.getByRole('radio', { name: /梦幻城堡/ }).click();
    await viewer.getByLabel(zh['gifts.quantity']).selectOption('1314');
    await viewer.getByRole('button', { name: zh['gifts.send'], exact: true }).click();
    const alert = viewer.getByRole('alert').filter({ hasText: '黄钻余额不足' });
    await alert.waitFor({ timeout: 10_000 });
    const topUp = alert.getByRole('link', { name: zh['gifts.topUp'] });
    expect(await topUp.getAttribute('href')).toBe('/member?type=1&isRecharge=true');
  });

  it('shows a coloured barrage and a horn to the other browser', async () => {
    const line = `红色冲锋 ${String(Date.now() % 10_000)}`;
    await viewer.getByLabel(zh['barrage.colour']).selectOption({ label: '热情红 · 1 黄钻' });
    const composer = viewer.getByRole('textbox', { name: zh['roomChat.input'] });
    await composer.fill(line);
    await composer.press('Enter');
    const coloured = other.getByRole('log', { name: zh['roomChat.messages'] }).getByText(line);
    await coloured.waitFor({ timeout: 20_000 });
    expect(await coloured.evaluate((element: HTMLElement) => getComputedStyle(element).color)).toBe('rgb(255, 77, 79)');

    const horn = `全站喇叭 ${String(Date.now() % 10_000)}`;
    await viewer.getByRole('button', { name: zh['horns.blow'] }).click();
    await viewer.getByLabel(zh['horns.input']).fill(horn);
    await viewer.getByRole('form', { name: zh['horns.blow'] }).getByRole('button', { name: zh['horns.send'] }).click();
    await other.getByRole('status', { name: zh['horns.latest'] }).getByText(horn).waitFor({ timeout: 20_000 });
  });

  it('asks a guest to log in before sending', async () => {
    await other.getByRole('button', { name: zh['gifts.send'], exact: true }).click();
    await other.getByRole('dialog', { name: zh['route.login'] }).waitFor({ timeout: 10_000 });
  });
});
