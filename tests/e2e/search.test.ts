import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema';
import zh from '../../src/i18n/messages/zh.json';
import { launchBrowser } from './browser.ts';

// Search from the top bar, as a guest: the name of an anchor on air finds their room, the room opens and
// plays its title, and the top bar keeps the search in its history.

const siteUrl = inject('siteUrl');

type LiveRoomPage = components['schemas']['LiveRoomPage'];

describe('search in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a live room by its anchor from the top bar and opens it', async () => {
    // The busiest room on air: the demo rotation only ever puts a quiet off-air room on and off.
    const list = (await (await fetch(`${siteUrl}/api/Live_streaming/getLiveList?type=0&limit=50`)).json()) as { data: LiveRoomPage };
    const onAir = list.data.list.filter((room) => room.status === 'in_progress').sort((a, b) => b.viewers - a.viewers);
    const room = onAir[0];
    expect(room, 'a seeded room on air').toBeDefined();
    const name = [...room!.anchor.user_nickname].slice(0, 10).join('');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${siteUrl}/main`);
    const topBar = page.getByRole('banner');
    const field = topBar.getByRole('searchbox', { name: zh['search.label'] });
    await field.fill(name);
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('name') === name);
    await page.getByRole('heading', { level: 1, name: zh['content.search.titleFor'].replace('{name}', name) }).waitFor({ timeout: 20_000 });

    // The anchor is found with the typed name marked, and their room among the live rooms.
    const anchors = page.getByRole('region', { name: zh['content.search.anchors'] });
    await anchors.locator('mark', { hasText: name }).first().waitFor({ timeout: 20_000 });
    const rooms = page.getByRole('region', { name: zh['content.search.rooms'] });
    const card = rooms.getByRole('link', { name: room!.title, exact: true });
    await card.click({ timeout: 20_000 });

    await page.waitForURL((url) => url.pathname === '/live' && url.searchParams.get('id') === String(room!.id));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toContain(room!.title);

    // The top bar remembers the search.
    await field.focus();
    const history = topBar.getByRole('region', { name: zh['search.history'] });
    await history.getByRole('button', { name, exact: true }).waitFor({ timeout: 10_000 });
  });
});
