import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { components } from '../../src/api/schema';
import en from '../../src/i18n/messages/en.json';
import { launchBrowser } from './browser.ts';

const siteUrl = inject('siteUrl');

type Match = components['schemas']['Match'];
type GoalEvent = components['schemas']['GoalEvent'];
type ListPage = components['schemas']['MatchListPage'];

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${siteUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; data: T };
  expect(envelope.code).toBe(0);
  return envelope.data;
}

/**
 * The page's own socket, connected to the real server: every frame passes through both ways, and the
 * test can add server frames of its own. The running site plays its feed on the wall clock, which no
 * outside call may fast-forward, so the goal and the score change are pushed here at the socket level.
 */
interface SocketTap {
  push(frame: unknown): void;
  registered: Promise<void>;
}

async function tapScoreSocket(page: Page): Promise<SocketTap> {
  let route: WebSocketRoute | null = null;
  let markRegistered: () => void = () => undefined;
  const registered = new Promise<void>((resolve) => (markRegistered = resolve));
  await page.routeWebSocket(/\/ws$/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      ws.send(message);
      if (typeof message === 'string' && message.includes('"registered"')) markRegistered();
    });
  });
  return {
    registered,
    push(frame) {
      if (!route) throw new Error('the page has not opened its socket');
      route.send(JSON.stringify(frame));
    },
  };
}

const goal = (match: Match, home: number, seq: number) => ({
  code: 100,
  type: 'goal',
  seq,
  data: {
    match_id: match.id,
    league_name: match.league.short_name_zh,
    kind: 'goal',
    iszhu: 1,
    match_str: match.match_str || "50'",
    home_team_name_zh: match.home_team_name_zh,
    away_team_name_zh: match.away_team_name_zh,
    home_score: home,
    away_score: match.away_score,
  } satisfies GoalEvent,
});

describe('live scores in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the matches of /football, changes a score in place and pops up goals one at a time', async () => {
    const tap = await tapScoreSocket(page);
    await page.goto(`${siteUrl}/football`);
    const list = page.getByRole('list', { name: en['route.football'] });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await tap.registered;

    const today = await post<ListPage>('/api/hot_match/all_match', { sport: 'football', limit: 100, utc_offset: 0 });
    const match = today.list.find((entry) => entry.status === 'in_progress') ?? today.list[0]!;
    const row = page.locator(`li[data-match-id="${String(match.id)}"]`);
    await row.waitFor();
    const score = row.getByTestId('match-score');
    const before = await row.boundingBox();

    const changed = { ...match, status: 'in_progress', home_score: match.home_score + 5, match_str: "77'", minute: 77 };
    tap.push({ code: 100, type: 'football_match', seq: Number.MAX_SAFE_INTEGER - 10, data: changed });
    await expect.poll(() => score.textContent()).toBe(`${String(match.home_score + 5)} - ${String(match.away_score)}`);
    const after = await row.boundingBox();
    expect(after).toEqual(before);

    tap.push(goal(match, match.home_score + 1, Number.MAX_SAFE_INTEGER - 5));
    tap.push(goal(match, match.home_score + 2, Number.MAX_SAFE_INTEGER - 4));
    const popup = page.getByRole('status', { name: en['scores.goal'] });
    await expect.poll(() => popup.getByTestId('goal-score').textContent()).toBe(`${String(match.home_score + 1)} - ${String(match.away_score)}`);
    expect(await popup.count()).toBe(1);
    await popup.getByRole('button', { name: en['scores.closeGoal'] }).click();
    await expect.poll(() => popup.getByTestId('goal-score').textContent()).toBe(`${String(match.home_score + 2)} - ${String(match.away_score)}`);
    await popup.getByRole('button', { name: en['scores.closeGoal'] }).click();
    await expect.poll(() => popup.count()).toBe(0);
  });

  it('switches the odds company and shows that company’s numbers', async () => {
    const oddsText = () => page.getByTestId('match-odds').allTextContents().then((texts) => texts.join('|'));
    const company = page.getByLabel(en['scores.company']);
    const options = await company.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value));
    expect(options.length).toBeGreaterThan(1);
    const first = await oddsText();
    await company.selectOption(options[1]!);
    await expect.poll(oddsText, { timeout: 10_000 }).not.toBe(first);
  });
});
