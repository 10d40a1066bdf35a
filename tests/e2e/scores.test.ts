import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { components } from '../../src/api/schema';
import en from '../../src/i18n/messages/en.json';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type GoalEvent = components['schemas']['GoalEvent'];

/** What /dev/feed/advance (server/areas/scores/feed-dev-routes.ts) answers. */
interface Advanced {
  at: string | null;
  passes: number;
  goals: Array<{ match_id: number; kind: string; minute: number; home_score: number; away_score: number }>;
}

/** Fast-forwards the running site's feed: the development route, open to this machine only. */
async function advanceFeed(body: { until?: 'goal'; minutes?: number; match_ids?: number[] }): Promise<Advanced> {
  const response = await fetch(`${siteUrl}/dev/feed/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: Advanced };
  expect(envelope.msg).toBe('');
  return envelope.data;
}

/**
 * Watches the page's own site socket, without touching it: the goal pop-ups the server pushed, in the
 * order they arrived, and when the page has registered and asked for football.
 */
function watchSiteSocket(page: Page) {
  const goals: GoalEvent[] = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let registered = false;
  let classified = false;
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/ws')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const frame = JSON.parse(payload) as { type?: string; data?: GoalEvent };
      if (frame.type === 'registered') registered = true;
      if (frame.type === 'goal' && frame.data) goals.push(frame.data);
      if (registered && classified) markReady();
    });
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && /"classify_type":0/.test(payload)) classified = true;
      if (registered && classified) markReady();
    });
  });
  return { goals, ready };
}

describe('live scores in Chromium, on the running feed', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      // This viewer chose pop-ups for every match in the game settings.
      localStorage.setItem('gameSeting', JSON.stringify({ scope: 'all' }));
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('refuses to move the clock from elsewhere and keeps to its input', async () => {
    const response = await fetch(`${siteUrl}/dev/feed/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: -5 }),
    });
    expect(response.status).toBe(400);
  });

  it('opens /football, fast-forwards the feed, changes a score in place and pops up goals one at a time', async () => {
    const socket = watchSiteSocket(page);
    await page.goto(`${siteUrl}/football`);
    const list = page.getByRole('list', { name: en['route.football'] });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await socket.ready;

    // The rows on the page that can still score, and where each sits before the feed moves.
    const rows = await list.locator('li[data-match-id]').evaluateAll((nodes) =>
      nodes.map((node) => {
        const element = node as unknown as { getAttribute(name: string): string | null };
        return { id: Number(element.getAttribute('data-match-id')), status: element.getAttribute('data-status') };
      }),
    );
    const open = rows.filter((row) => row.status !== 'over').map((row) => row.id);
    expect(open.length).toBeGreaterThan(0);
    const boxes = new Map<number, { x: number; y: number; width: number; height: number } | null>();
    for (const id of open) boxes.set(id, await page.locator(`li[data-match-id="${String(id)}"]`).boundingBox());

    const first = await advanceFeed({ until: 'goal', match_ids: open, minutes: 24 * 60 });
    const scored = first.goals.at(-1);
    expect(scored).toBeDefined();
    const row = page.locator(`li[data-match-id="${String(scored!.match_id)}"]`);
    await expect
      .poll(() => row.getByTestId('match-score').textContent(), { timeout: 10_000 })
      .toBe(`${String(scored!.home_score)} - ${String(scored!.away_score)}`);
    // In place: the row neither moved nor changed size.
    expect(await row.boundingBox()).toEqual(boxes.get(scored!.match_id));

    // At least two pop-ups from the feed: the first shows alone, the next shows when it is closed.
    if (socket.goals.length < 2) await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await expect.poll(() => socket.goals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const [one, two] = [socket.goals[0]!, socket.goals[1]!];
    const label = (goal: GoalEvent) => en[goal.kind === 'goal' ? 'scores.goal' : goal.kind === 'red_card' ? 'scores.redCard' : 'scores.yellowCard'];
    const popup = page.getByRole('status').filter({ has: page.getByTestId('goal-score') });

    await expect.poll(() => popup.count()).toBe(1);
    expect(await popup.getAttribute('aria-label')).toBe(label(one));
    expect(await popup.getByTestId('goal-score').textContent()).toBe(`${String(one.home_score)} - ${String(one.away_score)}`);
    expect(await popup.textContent()).toContain(one.match_str);
    const firstText = await popup.textContent();

    await popup.getByRole('button', { name: en['scores.closeGoal'] }).click();
    await expect.poll(() => popup.textContent()).not.toBe(firstText);
    expect(await popup.count()).toBe(1);
    expect(await popup.getAttribute('aria-label')).toBe(label(two));
    expect(await popup.getByTestId('goal-score').textContent()).toBe(`${String(two.home_score)} - ${String(two.away_score)}`);
    expect(await popup.textContent()).toContain(two.match_str);
  });

  it('switches the odds company and shows that company’s numbers', async () => {
    const oddsText = () => page.getByTestId('match-odds').allTextContents().then((texts) => texts.join('|'));
    const company = page.getByLabel(en['scores.company']);
    const options = await company.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value));
    expect(options.length).toBeGreaterThan(1);
    const first = await oddsText();
    expect(first).toMatch(/\d/);
    await company.selectOption(options[1]!);
    await expect.poll(oddsText, { timeout: 10_000 }).not.toBe(first);
    await expect.poll(oddsText).toMatch(/\d/);
  });
});

describe('pop-ups for the matches a viewer follows', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows no pop-up by default for a match the guest does not follow, and every match once asked to', async () => {
    const socket = watchSiteSocket(page);
    await page.goto(`${siteUrl}/football`);
    await expect.poll(() => page.getByRole('list', { name: en['route.football'] }).getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await socket.ready;
    const popup = page.getByRole('status').filter({ has: page.getByTestId('goal-score') });

    const seen = socket.goals.length;
    await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await expect.poll(() => socket.goals.length, { timeout: 10_000 }).toBeGreaterThan(seen);
    // The goal reached the page, and the page kept it to itself.
    await page.waitForTimeout(1_500);
    expect(await popup.count()).toBe(0);

    await page.locator('summary', { hasText: en['gameSettings.title'] }).click();
    await page.getByRole('radio', { name: en['gameSettings.scope.all'] }).check();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('gameSeting'))) ?? '{}')).toMatchObject({ scope: 'all' });
    await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await expect.poll(() => popup.count(), { timeout: 10_000 }).toBe(1);
  });
});

describe('game settings and the pop-up stack in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('lang', 'en');
      if (localStorage.getItem('gameSeting') === null) localStorage.setItem('gameSeting', JSON.stringify({ scope: 'all' }));
      // Counts the starts of Web Audio oscillators: the goal sound is one (src/features/scores/goal-sound.ts).
      const scope = globalThis as unknown as {
        goalSoundStarts: number;
        OscillatorNode: { prototype: { start: (...args: unknown[]) => void } };
      };
      scope.goalSoundStarts = 0;
      const start = scope.OscillatorNode.prototype.start;
      scope.OscillatorNode.prototype.start = function (this: unknown, ...args: unknown[]) {
        scope.goalSoundStarts += 1;
        start.apply(this, args);
      };
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  const soundStarts = () => page.evaluate(() => (globalThis as unknown as { goalSoundStarts: number }).goalSoundStarts);

  it('turns the goal sound on in the panel, sounds a goal and stacks those that follow with a counter', async () => {
    const socket = watchSiteSocket(page);
    await page.goto(`${siteUrl}/football`);
    await expect.poll(() => page.getByRole('list', { name: en['route.football'] }).getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await socket.ready;

    await page.locator('summary', { hasText: en['gameSettings.title'] }).click();
    const voice = page.getByRole('switch', { name: en['gameSettings.voice'] });
    expect(await voice.isChecked()).toBe(false);
    await voice.click();
    expect(await voice.isChecked()).toBe(true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('gameSeting'))) ?? '{}')).toMatchObject({ voice: true, red: true, yellow: true });
    const before = await soundStarts();

    const stack = page.getByRole('region', { name: en['gameSettings.stackLabel'] });
    await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await expect.poll(() => stack.count(), { timeout: 10_000 }).toBe(1);
    // The pop-up sounds: the goal sound's oscillators start.
    await expect.poll(soundStarts, { timeout: 5_000 }).toBeGreaterThan(before);

    // Held under the pointer, the stack keeps every pop-up that comes and counts those waiting.
    await stack.hover();
    await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await advanceFeed({ until: 'goal', minutes: 24 * 60 });
    await expect.poll(() => socket.goals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const counter = stack.getByTestId('goal-counter');
    // The counter reads '+N' on screen and 'N more waiting' to a screen reader.
    const waiting = async () => Number(/^\+(\d+)$/.exec((await counter.locator('[aria-hidden="true"]').textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(waiting).toBeGreaterThanOrEqual(2);
    // Nothing closes on its own while hovered: the count only grows.
    const held = await waiting();
    await page.waitForTimeout(1_000);
    expect(await waiting()).toBeGreaterThanOrEqual(held);
    expect(await page.getByRole('status').filter({ has: page.getByTestId('goal-score') }).count()).toBe(1);

    // At 1280 px the stack covers none of the odds columns.
    const box = await stack.boundingBox();
    expect(box).not.toBeNull();
    const odds = await page.getByTestId('match-odds').evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = (node as unknown as { getBoundingClientRect(): { left: number; right: number; top: number; bottom: number } }).getBoundingClientRect();
        return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      }),
    );
    expect(odds.length).toBeGreaterThan(0);
    const covered = odds.filter((rect) => rect.left < box!.x + box!.width && rect.right > box!.x && rect.top < box!.y + box!.height && rect.bottom > box!.y);
    expect(covered).toEqual([]);

    // Closed one by one: the counter counts down by one.
    const beforeClose = await waiting();
    await stack.getByRole('button', { name: en['scores.closeGoal'] }).click();
    await expect.poll(waiting).toBe(beforeClose - 1);
  });

  it('lists the matches in progress on /score-live and opens the login dialog on /login', async () => {
    await page.goto(`${siteUrl}/score-live`);
    await expect.poll(() => page.getByRole('region', { name: en['scores.live.football'] }).count(), { timeout: 20_000 }).toBe(1);
    await page.goto(`${siteUrl}/login`);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(1);
    // Closing the dialog leaves /login for the home page.
    await page.getByRole('dialog').getByRole('button', { name: en['common.close'] }).click();
    await page.waitForURL(`${siteUrl}/main`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
