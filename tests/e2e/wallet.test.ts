import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { solveHumanCheck } from '../api/human-check.ts';
import { launchBrowser } from './browser.ts';
import { logIn, openAs, smsCodeFor } from './site-users.ts';

const siteUrl = inject('siteUrl');

describe('money in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('tops up through the sandbox checkout and the top bar shows the new balance without a reload', async () => {
    const viewer = await logIn('86-13800000001', 'pitchside1');
    const page = await openAs(browser, viewer, '/member?type=1&isRecharge=true');
    const before = viewer.profile.balance;
    await page.getByRole('button', { name: zh['wallet.createOrder'] }).click();
    const checkoutLink = page.getByRole('link', { name: /前往支付/ });
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), checkoutLink.click()]);
    await checkout.getByRole('button', { name: '支付', exact: true }).click();
    await checkout.getByText('支付成功').waitFor();
    await page.getByText(zh['wallet.topUpDone']).waitFor({ timeout: 20_000 });
    const after = Number(await page.getByTestId('wallet-consumer').textContent());
    expect(after).toBeGreaterThan(before);
    // The top bar's user panel reads the same profile query: it shows the new balance too.
    await page.getByRole('button', { name: new RegExp(viewer.profile.user_nickname) }).first().hover();
    await expect.poll(() => page.getByText(`${zh['user.balance']} ${after}`).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  }, 120_000);

  it('lets the anchor convert income and withdraw, and the admin approve it on /admin', async () => {
    const anchor = await logIn('86-13800000002', 'pitchside2');
    const income = anchor.profile.income_balance;
    expect(income).toBeGreaterThan(300);
    // The payment password, proven by the SMS code (the form's own test is in the API suite).
    await fetch(`${siteUrl}/api/user/getCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '86-13800000002', type: 2, altcha: await solveHumanCheck(siteUrl) }),
    });
    const set = await fetch(`${siteUrl}/api/Member/paymentPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: anchor.token },
      body: JSON.stringify({ password: '258025', confirm_password: '258025', code: await smsCodeFor('86-13800000002') }),
    });
    expect(((await set.json()) as { code: number }).code).toBe(0);

    const page = await openAs(browser, anchor, '/member?type=1');
    await page.getByRole('tab', { name: zh['wallet.convert'] }).click();
    await page.getByLabel(zh['wallet.amount']).fill('100');
    await page.getByRole('button', { name: zh['wallet.convert'], exact: true }).last().click();
    const dialog = page.getByRole('dialog', { name: zh['wallet.convertConfirmTitle'] });
    await dialog.getByText('不可撤销').waitFor();
    await dialog.getByRole('button', { name: zh['wallet.convertConfirmYes'] }).click();
    await page.getByText(zh['wallet.converted']).waitFor();
    await expect.poll(async () => Number(await page.getByTestId('wallet-income').textContent())).toBe(income - 100);

    await page.getByRole('tab', { name: zh['wallet.accounts'] }).click();
    // Each form of the tab is named by its heading; the payment password form's name is also a field's label.
    const cardForm = page.getByRole('form', { name: zh['wallet.bankCard'] });
    await cardForm.getByLabel(zh['wallet.realName']).fill('张主播');
    await cardForm.getByLabel(zh['wallet.cardNumber']).fill('6222021234567894');
    await cardForm.getByLabel(zh['wallet.bankName']).fill('招商银行');
    await cardForm.getByLabel(zh['wallet.branch']).fill('深圳分行');
    await cardForm.getByLabel(zh['wallet.paymentPassword'], { exact: true }).fill('258025');
    await cardForm.getByRole('button', { name: zh['wallet.bindCard'] }).click();
    await cardForm.getByTestId('bound-card').getByText('**** **** **** 7894').waitFor();

    await page.getByRole('tab', { name: zh['wallet.withdraw'] }).click();
    await page.getByLabel(zh['wallet.amount']).fill('200');
    await page.getByLabel(zh['wallet.paymentPassword'], { exact: true }).fill('258025');
    await page.getByRole('button', { name: zh['wallet.applyWithdrawal'] }).click();
    await page.getByText(zh['wallet.withdrawalApplied']).waitFor();
    await page.getByRole('cell', { name: zh['wallet.review.under_review'] }).first().waitFor();
    await expect.poll(async () => Number(await page.getByTestId('wallet-income').textContent())).toBe(income - 300);

    const admin = await logIn('86-13800000004', 'pitchside4');
    const desk = await openAs(browser, admin, '/admin');
    // The console opens on the anchor applications; withdrawals are its second tab.
    await desk.getByRole('tab', { name: zh['admin.tab.withdrawals'] }).click();
    const row = desk.getByRole('row').filter({ hasText: anchor.profile.user_nickname }).filter({ hasText: '200' });
    await row.getByRole('button', { name: zh['admin.approve'] }).click();
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('tab', { name: zh['wallet.withdraw'] }).click();
    await page.getByRole('cell', { name: zh['wallet.review.audit_successful'] }).first().waitFor();
  }, 180_000);
});
