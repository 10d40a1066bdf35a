import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { components } from '../../src/api/schema';
import { solveHumanCheck } from '../api/human-check.ts';

// New users and logins for the e2e suites that follow one user through the site.

const siteUrl = inject('siteUrl');

/** A login's answer: the token, the user id and the profile (openapi.yaml LoginSession). */
export type Session = components['schemas']['LoginSession'];

export async function post<T>(path: string, body: Record<string, unknown>, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${siteUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

export async function smsCodeFor(mobile: string): Promise<string> {
  for (let tries = 0; tries < 20; tries += 1) {
    const html = await (await fetch(`${siteUrl}/dev/sms`)).text();
    const row = new RegExp(`<td>${mobile}</td><td class="code">(\\d{6})</td>`).exec(html);
    if (row?.[1]) return row[1];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS code for ${mobile}`);
}

/** A user registered through the API (the login dialog's own test registers in the browser). */
export async function registerNewUser(): Promise<Session> {
  const mobile = `86-159${String(Date.now()).slice(-8)}`;
  const sent = await post('/api/user/getCode', { mobile, type: 1, altcha: await solveHumanCheck(siteUrl) });
  if (sent.code !== 0) throw new Error(`getCode: ${sent.msg}`);
  const registered = await post<Session>('/api/user/registered', {
    mobile,
    code: await smsCodeFor(mobile),
    password: 'Stream2468',
    device_type: 'pc',
    altcha: await solveHumanCheck(siteUrl),
  });
  if (registered.code !== 0) throw new Error(`register: ${registered.msg}`);
  return registered.data;
}

export async function logIn(mobile: string, password: string): Promise<Session> {
  const answer = await post<Session>('/api/user/login', { mobile, password, device_type: 'pc', altcha: await solveHumanCheck(siteUrl) });
  if (answer.code !== 0) throw new Error(`login of ${mobile}: ${answer.msg}`);
  return answer.data;
}

/** A page of its own as the session's user; `permissions` such as clipboard-read are granted to it. */
export async function openAs(browser: Browser, session: Session, path: string, permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions });
  await context.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(session));
  const page = await context.newPage();
  await page.goto(`${siteUrl}${path}`);
  return page;
}
