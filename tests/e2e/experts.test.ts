import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';
import { logIn, openAs, registerNewUser } from './site-users.ts';

// Becoming an expert and selling a plan, end to end: a new user applies in the member centre, the
// admin approves in the console, the expert publishes a paid plan, a viewer buys it, the feed plays
// the match to its final whistle, both see the result and the money, and the audit log shows the approval.

const siteUrl = inject('siteUrl');

async function get<T>(path: string, query: Record<string, string | number>, token?: string): Promise<{ code: number; data: T }> {
  const url = new URL(path, siteUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return (await (await fetch(url, { headers: token ? { token } : {} })).json()) as { code: number; data: T };
}

describe('experts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('apply, approve, publish a paid plan, a viewer buys, the match ends: both see the result and the money', async () => {
    const user = await registerNewUser();
    const member = await openAs(browser, user, '/member?type=5');
    await member.getByRole('combobox', { name: zh['expert.apply.speciality'] }).selectOption('football');
    await member.getByLabel(zh['expert.apply.experience']).fill('八年足球数据分析经验，长期跟踪英超、西甲，擅长亚洲盘口。');
    await member.getByRole('checkbox', { name: zh['expert.apply.code'] }).check();
    await member.getByRole('button', { name: zh['expert.apply.submit'] }).click();
    await member.getByText(zh['expert.apply.underReview']).waitFor({ timeout: 20_000 });

    const admin = await logIn('86-13800000004', 'pitchside4');
    const desk = await openAs(browser, admin, '/admin');
    await desk.getByRole('tab', { name: zh['admin.tab.experts'] }).click();
    const application = desk.getByRole('listitem').filter({ has: desk.getByRole('heading', { name: new RegExp(`#${String(user.id)}$`) }) });
    await application.getByRole('button', { name: zh['admin.approveExpert'] }).click({ timeout: 20_000 });
    await application.waitFor({ state: 'detached', timeout: 20_000 });

    // The expert publishes on the soonest match at the feed's Asian line, for 20 diamonds.
    await member.reload();
    const publish = member.getByRole('region', { name: zh['expert.publish.title'] });
    await publish.getByLabel(zh['expert.publish.planTitle']).waitFor({ timeout: 20_000 });
    await publish.getByLabel(zh['expert.publish.planTitle']).fill('主队让球稳胆推荐');
    await publish.getByLabel(zh['expert.publish.analysis']).fill('主队近五个主场全胜，客队后防两名主力停赛，本场看好主队打出。');
    await publish.getByLabel(zh['expert.publish.price']).fill('20');
    await publish.getByRole('button', { name: zh['expert.publish.submit'] }).click();
    await publish.getByText(zh['expert.publish.done']).waitFor({ timeout: 20_000 });
    const plans = await get<{ list: Array<{ id: number; match_id: number; kickoff: number; seal: string }> }>('/api/expert/planList', { expert_id: user.id });
    const plan = plans.data.list[0]!;
    expect(plan.seal).toMatch(/^[0-9a-f]{64}$/);

    // A viewer with diamonds sees the teaser and the seal, and buys.
    const viewer = await logIn('86-13800000001', 'pitchside1');
    const reader = await openAs(browser, viewer, `/specialist-detail?id=${String(plan.id)}`);
    await reader.getByText(plan.seal).waitFor({ timeout: 20_000 });
    await reader.getByRole('button', { name: zh['expert.plan.buy'].replace('{price}', '20') }).click();
    await reader.getByText('主队近五个主场全胜').waitFor({ timeout: 20_000 });

    // The feed plays the match to its final whistle.
    const minutes = Math.ceil((plan.kickoff * 1000 - Date.now()) / 60_000) + 130;
    const advanced = await fetch(`${siteUrl}/dev/feed/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ minutes: Math.max(minutes, 130) }) });
    expect(advanced.status).toBe(200);
    await expect
      .poll(async () => (await get<{ status: string }>('/api/expert/planDetail', { id: plan.id })).data.status, { timeout: 60_000, interval: 500 })
      .not.toBe('to_be_settled');
    const settled = (await get<{ status: string; final_score: { home: number; away: number } }>('/api/expert/planDetail', { id: plan.id })).data;

    await reader.reload();
    await reader.getByText(zh[`expert.status.${settled.status}` as keyof typeof zh]).first().waitFor({ timeout: 20_000 });
    await reader.getByText(zh['expert.seal.ok']).waitFor({ timeout: 20_000 });
    await reader.getByText(`${String(settled.final_score.home)} : ${String(settled.final_score.away)}`).waitFor();

    // The money: 20 held until the end, then paid to the expert (70%) or, on a void, back to the viewer.
    await member.reload();
    const sales = member.getByRole('region', { name: zh['expert.sales.title'] });
    await sales.getByText(zh['expert.sales.totals'].replace('{buyers}', '1').replace('{diamonds}', '20').replace('{held}', '0')).waitFor({ timeout: 20_000 });
    const expertIncome = (await get<{ income_balance: number }>('/api/Member/info', {}, user.token)).data.income_balance;
    expect(expertIncome).toBe(settled.status === 'void' ? 0 : 14);

    // The console's log shows the approval.
    await desk.getByRole('tab', { name: zh['admin.tab.audit'] }).click();
    await desk.getByRole('cell', { name: 'expert_application.approve' }).first().waitFor({ timeout: 20_000 });
    await desk.getByText(zh['admin.audit.intact']).waitFor();
  }, 240_000);
});
