import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/load-messages.ts';
import { DirectoryPage } from './directory-page.tsx';
import { DirectoryStoryProviders, type DirectoryServer } from './directory-story-api.tsx';

async function renderDirectory(path: string, server: Omit<DirectoryServer, 'onCall'> = {}) {
  const calls: { path: string; query: URLSearchParams }[] = [];
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <DirectoryStoryProviders path={path} server={{ ...server, onCall: (called, query) => calls.push({ path: called, query }) }}>
        <DirectoryPage title="Streamers" />
      </DirectoryStoryProviders>
    </IntlProvider>,
  );
  return calls;
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
});
