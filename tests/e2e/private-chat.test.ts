import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

// A 2×2 PNG: a picture the server's content check takes.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

// A tiny PDF: a document the server's content check takes as a chat file.
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function passHumanCheck(page: Page): Promise<void> {
  const label = page.locator('altcha-widget .altcha-checkbox-wrap label');
  await label.waitFor({ state: 'visible', timeout: 15_000 });
  await label.click();
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): { value: string } | null } }).document;
    return (doc.querySelector('altcha-widget input[name="altcha"]')?.value ?? '') !== '';
  }, undefined, { timeout: 30_000 });
}

/** Logs in through the login dialog as a demo account (README) and answers the stored user's id and nickname. */
async function logIn(page: Page, mobile: string, password: string): Promise<{ id: number; nick: string }> {
  await page.getByRole('button', { name: zh['topBar.login'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: zh['route.login'] });
  await dialog.getByRole('tab', { name: zh['login.phoneTab'] }).click();
  await dialog.getByLabel(zh['login.mobile']).fill(mobile);
  await dialog.getByLabel(zh['login.password'], { exact: true }).fill(password);
  await passHumanCheck(page);
  await dialog.getByLabel(zh['login.password'], { exact: true }).press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userInfo')), { timeout: 20_000 }).not.toBeNull();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  const stored = JSON.parse(String(await page.evaluate(() => localStorage.getItem('userInfo')))) as { id: number; profile: { user_nickname: string } };
  return { id: stored.id, nick: stored.profile.user_nickname };
}

// Private chat between two browsers: text with an emoji, a picture and a file go from A to B, who sees
// them live with an unread badge; B reads and A sees it read; markup is shown as text.
describe('private chat in Chromium', { timeout: 240_000 }, () => {
  let browser: Browser;
  let alice: Page;
  let bob: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    alice = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    bob = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The consumer balance as the server has it now. */
  const balanceOf = (page: Page) =>
    page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string };
      const answer = (await (await fetch('/api/Member/info', { headers: { token: stored.token ?? '' } })).json()) as { data: { balance: number } };
      return answer.data.balance;
    });
  const composer = (page: Page) => page.getByRole('textbox', { name: zh['chat.placeholder'] });
  const messageList = (page: Page) => page.getByRole('list', { name: zh['chat.messages'] });

  it('carries text with an emoji, a picture and a file live, with the unread badge and the read state', async () => {
    await alice.goto(`${siteUrl}/main`);
    await logIn(alice, '13800000001', 'pitchside1');
    await bob.goto(`${siteUrl}/main`);
    const bobUser = await logIn(bob, '13800000002', 'pitchside2');

    // The chat link shows once logged in.
    await bob.getByRole('link', { name: zh['nav.chat'] }).first().click();
    await bob.getByRole('tab', { name: zh['chat.conversations'] }).waitFor({ timeout: 20_000 });

    await alice.goto(`${siteUrl}/chat-chat`);
    await alice.getByRole('tab', { name: zh['chat.contacts'] }).click();
    await alice.getByRole('button', { name: bobUser.nick }).first().click();
    await composer(alice).fill('你好');
    await alice.getByRole('button', { name: zh['chat.emoji'] }).click();
    await alice.getByRole('option', { name: '[微笑]' }).click();
    await composer(alice).press('Enter');
    await messageList(alice).getByRole('img', { name: '[微笑]' }).waitFor({ timeout: 20_000 });
    await alice.locator('input[type=file][accept^="image"]').setInputFiles({ name: 'goal.png', mimeType: 'image/png', buffer: png });
    await messageList(alice).getByRole('img', { name: zh['chat.imageMessage'] }).waitFor({ timeout: 20_000 });
    await alice.locator('input[type=file]:not([accept])').setInputFiles({ name: 'lineup.pdf', mimeType: 'application/pdf', buffer: pdf });
    await messageList(alice).getByText('lineup.pdf').waitFor({ timeout: 20_000 });
    const markup = '<script>window.__chatInjected = 1</script>';
    await composer(alice).fill(markup);
    await composer(alice).press('Enter');
    await messageList(alice).getByText(markup).waitFor({ timeout: 20_000 });

    // B, on the chat page all along, sees the conversation arrive with its unread badge.
    const badge = bob.getByLabel(zh['chat.unreadCount'].replace('{count}', '4'));
    await badge.waitFor({ timeout: 20_000 });
    await bob.getByRole('button', { name: /球迷小王/ }).first().click();
    const bobList = messageList(bob);
    await bobList.getByRole('img', { name: '[微笑]' }).waitFor({ timeout: 20_000 });
    await bobList.getByRole('img', { name: zh['chat.imageMessage'] }).waitFor();
    await bobList.getByText('lineup.pdf').waitFor();
    await bobList.getByText(markup).waitFor();
    expect(await bob.evaluate(() => (globalThis as unknown as { __chatInjected?: number }).__chatInjected)).toBeUndefined();
    // The picture shows at half the width of the message area's bubble.
    const imageWidth = await bobList.getByRole('button', { name: zh['chat.openImage'] }).evaluate((element: HTMLElement) => element.getBoundingClientRect().width);
    expect(imageWidth).toBeGreaterThan(100);
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(0);

    // B read them: A's messages say so.
    await expect.poll(() => messageList(alice).getByText(zh['chat.read'], { exact: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // And B answers live.
    await composer(bob).fill('收到[OK]');
    await composer(bob).press('Enter');
    await messageList(alice).getByRole('img', { name: '[OK]' }).waitFor({ timeout: 20_000 });
  });

  it('forms a group and passes a red envelope: both balances change', async () => {
    const bobUser = JSON.parse(String(await bob.evaluate(() => localStorage.getItem('userInfo')))) as { profile: { user_nickname: string } };
    const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)];
    await alice.getByRole('tab', { name: zh['chat.contacts'] }).click();
    await alice.getByRole('button', { name: zh['chat.createGroup'] }).click();
    const create = alice.getByRole('dialog', { name: zh['chat.createGroup'] });
    await create.getByLabel(zh['chat.groupName']).fill('周末球友群');
    await create.getByRole('checkbox', { name: bobUser.profile.user_nickname }).first().check();
    await create.getByRole('button', { name: zh['chat.create'] }).click();
    await alice.getByRole('heading', { name: '周末球友群' }).waitFor({ timeout: 20_000 });

    await alice.getByRole('button', { name: zh['chat.redEnvelope'], exact: true }).click();
    const send = alice.getByRole('dialog', { name: zh['chat.redEnvelope'] });
    await send.getByLabel(zh['chat.redEnvelopeAmount']).fill('10');
    await send.getByLabel(zh['chat.redEnvelopeCount']).fill('2');
    await send.getByRole('button', { name: zh['chat.redEnvelopeSend'] }).click();
    await send.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => balanceOf(alice), { timeout: 20_000 }).toBeCloseTo(aliceBefore - 10, 5);

    // B sees the new group with the envelope's card, opens it and gets a share.
    await bob.getByRole('button', { name: /周末球友群/ }).first().click({ timeout: 20_000 });
    await messageList(bob).getByRole('button', { name: /恭喜发财/ }).click({ timeout: 20_000 });
    const envelope = bob.getByRole('dialog');
    await envelope.getByRole('button', { name: zh['chat.redEnvelopeOpen'], exact: true }).click();
    await envelope.getByText(/你抢到了/).waitFor({ timeout: 20_000 });
    await expect.poll(() => balanceOf(bob), { timeout: 20_000 }).toBeGreaterThan(bobBefore);
    await bob.keyboard.press('Escape');

    // The owner sees both members and dissolves the group; it leaves B's list.
    await alice.getByRole('button', { name: zh['chat.groupMembers'], exact: true }).click();
    const members = alice.getByRole('dialog', { name: zh['chat.groupMembers'] });
    await members.getByText(bobUser.profile.user_nickname).waitFor({ timeout: 20_000 });
    await members.getByRole('button', { name: zh['chat.dissolveGroup'] }).click();
    await expect.poll(() => bob.getByRole('button', { name: /周末球友群/ }).count(), { timeout: 20_000 }).toBe(0);
  });
});
