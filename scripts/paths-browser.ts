// Replays one named path of a machine against the running site in Chromium: each event of the path
// becomes what a user does (a click, typing, the human check) or waits for (the server's answer), and
// after each step the screen must show the state the path is in. A screenshot per step.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import zh from '../src/i18n/messages/zh.json' with { type: 'json' };
import { findEntry, namedPaths, stateWords, eventWordsOf } from '../src/machines/path-catalogue.ts';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

export interface ReplayOptions {
  siteUrl: string;
  /** Where the screenshots go, one per step: `01-start.png`, `02-mode.phone.png`… */
  outDir: string;
  headed?: boolean;
  /** Values typed for the path's fields instead of the catalogue's (a real account for `loggedIn`). */
  fields?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ReplayedStep {
  event: string;
  state: string;
  screenshot: string;
}

/** What the user does for an event, and what the screen shows in a state, for one bound component. */
interface BrowserDriver {
  open(page: Page, siteUrl: string): Promise<void>;
  act(page: Page, event: EventObject, fields: Record<string, string>): Promise<void>;
  check(page: Page, state: string): Promise<void>;
}

const timeout = 20_000;

async function passHumanCheck(page: Page): Promise<void> {
  const label = page.locator('altcha-widget .altcha-checkbox-wrap label');
  await label.waitFor({ state: 'visible', timeout });
  await label.click();
  await page.waitForFunction(
    () => {
      const doc = (globalThis as unknown as { document: { querySelector(selector: string): { value: string } | null } }).document;
      return (doc.querySelector('altcha-widget input[name="altcha"]')?.value ?? '') !== '';
    },
    undefined,
    { timeout: 30_000 },
  );
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: zh['route.login'] });

const loginDriver: BrowserDriver = {
  async open(page, siteUrl) {
    await page.goto(`${siteUrl}/main`);
    await page.getByRole('button', { name: zh['topBar.login'], exact: true }).click();
    await loginDialog(page).waitFor({ timeout });
  },
  async act(page, event, fields) {
    const dialog = loginDialog(page);
    switch (event.type) {
      case 'mode.phone':
        return dialog.getByRole('tab', { name: zh['login.phoneTab'] }).click();
      case 'mode.qr':
        return dialog.getByRole('tab', { name: zh['login.qrTab'] }).click();
      case 'mode.regiter':
        return dialog.getByRole('button', { name: zh['login.toRegister'] }).click();
      case 'mode.forgot':
        return dialog.getByRole('button', { name: zh['login.toForgot'] }).click();
      case 'mode.code':
        return dialog.getByRole('button', { name: zh['login.toLogin'] }).click();
      case 'field.changed': {
        const { field, value } = event as EventObject & { field: string; value: string };
        const label = { mobile: zh['login.mobile'], password: zh['login.password'], smsCode: zh['login.smsCode'] }[field];
        if (!label) throw new Error(`no field ${field} on the login dialog`);
        return dialog.getByLabel(label, { exact: true }).fill(fields[field] ?? value);
      }
      case 'altcha.solved':
        return passHumanCheck(page);
      case 'form.submit':
        return dialog.locator('button[type="submit"]').click();
      case 'xstate.done.actor.submitPhone':
        // The server accepts: the page stores the session and the dialog closes.
        await page.waitForFunction(() => localStorage.getItem('userInfo') !== null, undefined, { timeout });
        return;
      case 'xstate.error.actor.submitPhone':
        // The server refuses: the form is free again for another try.
        await dialog.locator('button[type="submit"]:not([disabled])').waitFor({ timeout });
        return;
      case 'login.close':
        return dialog.getByRole('button', { name: zh['common.close'] }).click();
      default:
        throw new Error(`the login dialog has no gesture for ${event.type}`);
    }
  },
  async check(page, state) {
    const dialog = loginDialog(page);
    if (state === 'qr') {
      await dialog.getByRole('tab', { name: zh['login.qrTab'], selected: true }).waitFor({ timeout });
      await dialog.getByText(zh['login.qrHint']).waitFor({ timeout });
    } else if (state === 'phone.editing' || state === 'phone.submitting') {
      await dialog.getByRole('tab', { name: zh['login.phoneTab'], selected: true }).waitFor({ timeout });
      await dialog.getByLabel(zh['login.mobile'], { exact: true }).waitFor({ timeout });
    } else if (state === 'loggedIn') {
      await dialog.waitFor({ state: 'detached', timeout });
      if ((await page.evaluate(() => localStorage.getItem('userInfo'))) === null) throw new Error('logged in, but no session stored');
    } else if (state === 'closed') {
      await dialog.waitFor({ state: 'detached', timeout });
      if ((await page.evaluate(() => localStorage.getItem('userInfo'))) !== null) throw new Error('closed, but a session was stored');
    } else {
      throw new Error(`the login dialog has no check for ${state}`);
    }
  },
};

/** The machines a tester can replay in the browser, by catalogue name. */
export const browserDrivers: Record<string, BrowserDriver> = { login: loginDriver };

const fileSafe = (text: string) => text.replace(/[^\w.-]+/g, '_').slice(0, 60);

/** Replays the catalogue's path `pathName` of `machineName` against `siteUrl`. */
export async function replayInBrowser(machineName: string, pathName: string, options: ReplayOptions): Promise<ReplayedStep[]> {
  const entry = findEntry(machineName);
  if (!entry) throw new Error(`no machine ${machineName}`);
  const driver = browserDrivers[entry.name];
  if (!driver) throw new Error(`${entry.name} has no browser driver yet; replayable: ${Object.keys(browserDrivers).join(', ')}`);
  const named = namedPaths(entry).find((candidate) => candidate.name === pathName);
  if (!named) throw new Error(`${entry.name} has no path ${pathName}; its paths: ${namedPaths(entry).map((path) => path.name).join(', ')}`);
  const log = options.log ?? (() => {});
  mkdirSync(options.outDir, { recursive: true });
  const args = options.headed ? chromiumArgs.filter((arg) => arg !== '--headless') : chromiumArgs;
  const browser = await chromium.launch({ executablePath: chromiumPath, args, headless: !options.headed });
  const steps: ReplayedStep[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    log(`${entry.name} › ${named.name}: ${named.words}`);
    for (const [index, step] of named.path.steps.entries()) {
      const isStart = step.event.type === 'xstate.init';
      if (isStart) await driver.open(page, options.siteUrl);
      else await driver.act(page, step.event, options.fields ?? {});
      const state = stateWords(step.state.value);
      await driver.check(page, state);
      const event = isStart ? 'start' : eventWordsOf(step.event, entry.eventWords);
      const screenshot = join(options.outDir, `${String(index + 1).padStart(2, '0')}-${fileSafe(event)}.png`);
      await page.screenshot({ path: screenshot });
      steps.push({ event, state, screenshot });
      log(`  ${String(index + 1)}. ${event} → ${state}  ✓  ${screenshot}`);
    }
  } finally {
    await browser.close();
  }
  return steps;
}
