import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import type { components } from '../../../api/schema';
import { okAnswer, StoryApiProviders } from '../../../api/story-api.tsx';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import type { StreamBinding } from './room-media.ts';
import { sampleCrestAway, sampleCrestHome } from '../../../ui/story-images.ts';
import { RoomPage } from './room-page.tsx';
import { StreamBindingContext } from './room-player.tsx';
import { roomPanelAnswer } from './room-story-api.ts';

// /live?id= against a fake server: room 7 is on air with a match, room 8 is off air, any other id
// answers code 1 as getRoomInfo does for a room that does not exist. No stream plays in stories:
// the binding stands in for hls.js and starts muted, as a browser without a click would.

type LiveRoomInfo = components['schemas']['LiveRoomInfo'];

const anchor = { id: 31, user_nickname: '球评老张', avatar: '', exp_icon: '', is_anchor: 1 as const };

const onAir: LiveRoomInfo = {
  room: {
    id: 7,
    title: '英超焦点战 阿森纳 vs 切尔西 全场解说',
    cover: '',
    anchor,
    status: 'in_progress',
    type: 1,
    category: { id: 1, name: '英超', name_en: 'Premier League', type: 1 },
    viewers: 12_840,
    heat: 30_000,
    match: {
      id: 501,
      type: 1,
      short_name_zh: '英超',
      league_name_en: 'Premier League',
      home_team_name_zh: '阿森纳',
      home_team_name_en: 'Arsenal',
      home_team_logo: sampleCrestHome,
      away_team_name_zh: '切尔西',
      away_team_name_en: 'Chelsea',
      away_team_logo: sampleCrestAway,
      home_score: 2,
      away_score: 1,
      status: 'in_progress',
      match_str: "67'",
      match_time: 1_763_900_000,
    },
    placard: '每晚八点英超直播，欢迎关注！',
    stream: {
      original: '/hls/7/original.m3u8',
      high_definition: '/hls/7/high_definition.m3u8',
      standard: '/hls/7/standard.m3u8',
      smooth: '/hls/7/smooth.m3u8',
    },
    start_time: 1_763_900_000,
    is_reserve: 0,
    is_attention: 0,
  },
  anchor_stats: { fans: 5321, guard_count: 12, level: 8, signature: '' },
  viewer: { is_taboo: 0, is_manager: 0, is_guard: 0 },
  chat_group_id: 'live-7',
};

const offAir: LiveRoomInfo = {
  ...onAir,
  room: { ...onAir.room, id: 8, status: 'over', viewers: 0, match: undefined, placard: '', stream: { original: '/hls/8/original.m3u8' } },
};

async function fakeFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const panel = roomPanelAnswer(url);
  if (panel) return panel;
  if (url.pathname !== '/api/Live_streaming/getRoomInfo') return new Response(null, { status: 404 });
  const id = Number(url.searchParams.get('room_id'));
  if (id === 7) return okAnswer(onAir);
  if (id === 8) return okAnswer(offAir);
  return new Response(JSON.stringify({ code: 1, msg: '直播间不存在', data: null }), { headers: { 'content-type': 'application/json' } });
}

const standIn = (): StreamBinding => ({
  load: () => Promise.resolve(),
  play: () => Promise.resolve({ muted: true }),
  switchQuality: () => undefined,
  destroy: () => undefined,
});

const meta = {
  title: 'live/pages/RoomPage',
  parameters: { layout: 'fullscreen' },
  args: { path: '/live?id=7' },
  render: ({ path }: { path: string }) => (
    <MemoryRouter initialEntries={[path]}>
      <StoryApiProviders fetch={fakeFetch}>
        <StreamBindingContext value={standIn}>
          <RoomPage />
        </StreamBindingContext>
      </StoryApiProviders>
    </MemoryRouter>
  ),
  globals: { viewport: { value: 'laptop' } },
} satisfies Meta<{ path: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

// The player's start settles asynchronously (load, play, the browser's sound policy), so the frame a
// screenshot catches of a playing room varies from run to run: these stories check it by their play
// functions, and the player's look is pinned by src/ui/video-player's stories.
const playingRoom = { screenshot: false };

export const Default: Story = {
  parameters: playingRoom,
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: /英超焦点战/ })).toHaveTextContent(onAir.room.title);
    await expect(canvas.getByText('12840 人观看')).toBeVisible();
    await expect(canvas.getByRole('region', { name: zh['room.match'] })).toHaveTextContent("67'");
    await expect(canvas.getByRole('heading', { name: zh['room.placard'] })).toBeVisible();
    // Started muted: the unmute button is offered, and takes the sound back.
    await userEvent.click(await canvas.findByRole('button', { name: zh['player.tapToUnmute'] }));
    await expect(canvas.getByRole('button', { name: zh['player.mute'] })).toBeVisible();
  },
};

export const English: Story = {
  parameters: playingRoom,
  globals: { locale: 'en', viewport: { value: 'laptop' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: /英超焦点战/ });
    await expect(canvas.getByText('12840 watching')).toBeVisible();
    await expect(canvas.getByRole('region', { name: en['room.match'] })).toHaveTextContent('Arsenal');
  },
};

export const Phone: Story = {
  parameters: playingRoom,
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: /英超焦点战/ });
    await canvas.findByRole('button', { name: zh['player.tapToUnmute'] });
  },
};

// Off air, the panels below the player make the page taller than the viewport, and the body's
// screenshot then varies with their loading: their look is pinned by room-extras' stories.
export const Offline: Story = {
  args: { path: '/live?id=8' },
  parameters: { screenshot: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['player.offline'])).toBeVisible();
    await expect(canvas.queryByText(zh['room.live'])).not.toBeInTheDocument();
    // Off air: the next broadcasts, the past ones and the ranking below the player.
    await expect(await canvas.findByText('英超前瞻：曼城 vs 利物浦')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /^播放回放：英超焦点战/ })).toBeVisible();
    await expect(await canvas.findByText('红魔死忠')).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { path: '/live?id=999' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['room.notFound'])).toBeVisible();
    await expect(canvas.getByRole('link', { name: zh['room.toDirectory'] })).toHaveAttribute('href', '/anchor?type=0');
  },
};

export const NoId: Story = {
  args: { path: '/live' },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(en['room.notFound'])).toBeVisible();
  },
};
