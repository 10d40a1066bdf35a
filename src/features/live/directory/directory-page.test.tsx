import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { components } from '../../../api/schema';
import { siteSocketMachine, type ConnectionCommand } from '../../../machines/site-socket-machine.ts';
import type { SiteSocketActor } from '../../../realtime/site-socket.tsx';
import { loadMessages } from '../../../i18n/load-messages.ts';
import { DirectoryPage } from './directory-page.tsx';
import { DirectoryStoryProviders, type DirectoryServer } from './directory-story-api.tsx';

async function renderDirectory(path: string, server: Omit<DirectoryServer, 'onCall'> = {}, socket?: SiteSocketActor) {
  const calls: { path: string; query: URLSearchParams }[] = [];
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <DirectoryStoryProviders path={path} server={{ ...server, onCall: (called, query) => calls.push({ path: called, query }) }} socket={socket}>
        <DirectoryPage title="Streamers" />
      </DirectoryStoryProviders>
    </IntlProvider>,
  );
  return calls;
}

/** A site socket already subscribed, whose frames the test hands it; the classify frames it would send are kept. */
function subscribedSocket() {
  const sent: unknown[] = [];
  const connection = fromCallback<ConnectionCommand, { url: string }>(({ receive }) => {
    receive((command) => sent.push(command.frame));
    return () => undefined;
  });
  const socket = createActor(siteSocketMachine.provide({ actors: { connection } }), {
    input: { url: 'ws://test.invalid/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 },
  }).start();
  socket.send({ type: 'socket.opened' });
  socket.send({
    type: 'socket.message',
    message: { code: 101, type: 'registered', connection_id: 'c1', server_time: 0, heartbeat_ms: 30_000, user_id: null },
  });
  return { socket, sent };
}

const roomTitles = async () => within(await screen.findByRole('list', { name: 'Live rooms' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the streamer list (/anchor)', () => {
  it('asks for the type and category of the address, and its categories', async () => {
    const calls = await renderDirectory('/anchor?type=1&id=12&name=Bundesliga');
    expect(await roomTitles()).toEqual(['边看边聊：药厂 vs 拜仁']);
    const list = calls.find((call) => call.path === '/api/Live_streaming/getLiveList');
    expect(list?.query.get('type')).toBe('1');
    expect(list?.query.get('category_id')).toBe('12');
    expect(list?.query.get('page')).toBe('1');
    expect(calls.find((call) => call.path === '/api/Live/getRoomList')?.query.get('type')).toBe('1');
    // The category chosen is marked, and the subtitle names it.
    const chips = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: 'Bundesliga' })).toHaveAttribute('aria-current', 'page');
    expect(within(chips).getByRole('link', { name: 'Bundesliga' })).toHaveAttribute('href', '/anchor?type=1&id=12&name=Bundesliga');
  });

  it('shows rooms on air first, then those to come, then those over', async () => {
    await renderDirectory('/anchor?type=0');
    expect(await roomTitles()).toEqual([
      '边看边聊：药厂 vs 拜仁',
      '英雄联盟全球总决赛 半决赛',
      '英超周末前瞻：谁能爆冷？',
      'NBA 早场：凯尔特人 vs 热火',
      '湖人 vs 勇士 赛前分析',
      '昨晚英超集锦回看',
    ]);
    expect(screen.getByRole('link', { name: '边看边聊：药厂 vs 拜仁' })).toHaveAttribute('href', '/live?id=2');
  });

  it('asks again for the type chosen', async () => {
    const calls = await renderDirectory('/anchor?type=0');
    await roomTitles();
    await userEvent.click(screen.getByRole('tab', { name: 'Basketball' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/Live_streaming/getLiveList' && call.query.get('type') === '2')).toBe(true));
    await waitFor(async () => expect(await roomTitles()).toEqual(['NBA 早场：凯尔特人 vs 热火', '湖人 vs 勇士 赛前分析']));
  });

  it('shows the type tabs only while the server cannot list categories', async () => {
    await renderDirectory('/anchor?type=1', { categoriesNotYet: true });
    await roomTitles();
    expect(screen.getByRole('tab', { name: 'Football', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
  });

  it('says so when there are no rooms', async () => {
    await renderDirectory('/anchor?type=3', { empty: true });
    expect(await screen.findByText('No rooms here yet')).toBeInTheDocument();
  });

  it("keeps a card's match score live from the site socket, hearing the type's sport", async () => {
    const { socket, sent } = subscribedSocket();
    await renderDirectory('/anchor?type=2', {}, socket);
    await roomTitles();
    await waitFor(() => expect(sent).toContainEqual({ type: 'classify', classify_type: 1 }));
    const card = () => screen.getByRole('link', { name: '湖人 vs 勇士 赛前分析' }).closest('li')!;
    const before = card().textContent;
    const pushed = { id: 502, status: 'in_progress', home_score: 101, away_score: 99, match_str: 'Q4 02:10' } as unknown as components['schemas']['Match'];
    socket.send({ type: 'socket.message', message: { code: 100, type: 'basketball_match', seq: 1, data: pushed } });
    await waitFor(() => expect(card().textContent).toContain('101'));
    expect(card().textContent).not.toBe(before);
    socket.stop();
  });
});
