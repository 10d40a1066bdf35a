import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { components } from '../../../api/schema';
import { StoryApiProviders } from '../../../api/story-api.tsx';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import { sampleCrestAway, sampleCrestHome } from '../../../ui/story-images.ts';
import { LiveAlertNotice, type LiveAlert } from '../live-alerts.tsx';
import { RoomExtras } from './room-extras.tsx';
import { roomPanelAnswer } from './room-story-api.ts';

// The panels around a room's player (next broadcasts, past ones, the ranking) and the site's live
// alerts, against a fake server.

type LiveRoom = components['schemas']['LiveRoom'];

const room: LiveRoom = {
  id: 8,
  title: '今晚英超前瞻，边看边聊',
  cover: '',
  anchor: { id: 31, user_nickname: '球评老张', avatar: '', exp_icon: '', is_anchor: 1 },
  status: 'over',
  type: 1,
  category: { id: 1, name: '英超', name_en: 'Premier League', type: 1 },
  viewers: 0,
  heat: 100,
  placard: '',
  stream: { original: '/hls/8/original.m3u8' },
  is_reserve: 0,
  is_attention: 0,
};

function fakeFetch(request: Request): Promise<Response> {
  return Promise.resolve(roomPanelAnswer(new URL(request.url)) ?? new Response(null, { status: 404 }));
}

const meta = {
  title: 'live/RoomExtras',
  component: RoomExtras,
  args: { room },
  render: (args) => (
    <StoryApiProviders fetch={fakeFetch}>
      <RoomExtras {...args} />
    </StoryApiProviders>
  ),
  globals: { viewport: { value: 'laptop' } },
} satisfies Meta<typeof RoomExtras>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OffAir: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('英超前瞻：曼城 vs 利物浦')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: zh['roomExtras.nextBroadcasts'] })).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: zh['roomExtras.reserve'] })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: zh['roomExtras.reserved'] })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /^播放回放：英超焦点战/ })).toBeVisible();
    await expect(await canvas.findByText('红魔死忠')).toBeVisible();
  },
};

export const OffAirEnglish: Story = {
  globals: { locale: 'en', viewport: { value: 'laptop' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['roomExtras.pastBroadcasts'] })).toBeVisible();
    await expect(await canvas.findByText('1,204 views', { exact: false })).toBeVisible();
  },
};

export const OnAirPhone: Story = {
  args: { room: { ...room, status: 'in_progress' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: zh['roomExtras.ranking'] })).toBeVisible();
  },
};

const onAirAlert: LiveAlert = {
  code: 310,
  type: 'live_alert',
  kind: 'anchor_live',
  room_id: 7,
  anchor: { id: 31, user_nickname: '球评老张' },
  title: '英超焦点战 阿森纳 vs 切尔西 全场解说',
};

const kickoffAlert: LiveAlert = {
  code: 310,
  type: 'live_alert',
  kind: 'match_kickoff',
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
    home_score: 0,
    away_score: 0,
    status: 'in_progress',
    match_time: 1_763_900_000,
  },
};

const alertMeta = { onClose: fn() };

export const AlertOnAir: StoryObj<typeof LiveAlertNotice> = {
  render: () => (
    <div style={{ width: 340 }}>
      <LiveAlertNotice alert={onAirAlert} onClose={alertMeta.onClose} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: '你关注的 球评老张 开播了' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: zh['liveAlerts.watch'] })).toHaveAttribute('href', '/live?id=7');
  },
};

export const AlertKickoffEnglish: StoryObj<typeof LiveAlertNotice> = {
  globals: { locale: 'en' },
  render: () => (
    <div style={{ width: 340 }}>
      <LiveAlertNotice alert={kickoffAlert} onClose={alertMeta.onClose} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: en['liveAlerts.kickoff'] })).toHaveTextContent('Arsenal VS Chelsea');
    await expect(canvas.getByRole('link', { name: en['liveAlerts.watch'] })).toHaveAttribute('href', '/score-detail?id=501');
  },
};
