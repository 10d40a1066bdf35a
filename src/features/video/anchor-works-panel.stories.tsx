import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { AnchorWorksPanel } from './anchor-works-panel.tsx';

// An anchor's published videos under their room, on a fake server; an anchor with none shows nothing.

type Video = components['schemas']['Video'];

const cover = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="hsl(${hue} 45% 45%)"/></svg>`)}`;

const videoOf = (id: number, title: string, hue: number): Video => ({
  id,
  title,
  cover: cover(hue),
  duration: 64 + id,
  size: 4_194_304,
  category: { id: 8, name: '主播精彩' },
  author: { id: 7, user_nickname: '解说阿杰', avatar: '/media/avatars/2.svg', exp_icon: '', is_anchor: 1 },
  view_count: 1_000 * id,
  like_count: 0,
  favorite_count: 0,
  comment_count: 0,
  is_like: 0,
  is_favorite: 0,
  play_url: `/media/renditions/${id}/index.m3u8`,
  format: 'hls',
  created_at: 1_764_000_000 - id * 3_600,
  review_status: 'audit_successful',
  review_reason: null,
});

const sampleWorks = [videoOf(3, '英超第12轮 阿森纳 2-0 切尔西 全场集锦', 140), videoOf(2, '解说席上的绝杀时刻', 20), videoOf(1, 'Derby day: every chance of the second half', 260)];

interface WorksServer {
  works: Video[];
  /** Called with each body sent to Video/anchorWorks. */
  onAsk?: (body: unknown) => void;
}

function worksFetch({ works, onAsk }: WorksServer) {
  return async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/api/Video/anchorWorks') return new Response(null, { status: 404 });
    onAsk?.(await request.json());
    return okAnswer({ list: works, total: works.length, page: 1, limit: 8 });
  };
}

const meta = {
  title: 'video/AnchorWorksPanel',
  args: { works: sampleWorks, onAsk: fn() },
  render: (server) => (
    <StoryApiProviders fetch={worksFetch(server)}>
      <AnchorWorksPanel anchorId={7} />
    </StoryApiProviders>
  ),
} satisfies Meta<WorksServer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The anchor's videos, asked for by their id, each leading to its player. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('heading', { name: zh['video.works.anchor'] })).toBeVisible();
    await expect(args.onAsk).toHaveBeenCalledWith({ uid: 7, page: 1, limit: 8 });
    await expect(canvas.getByRole('link', { name: '解说席上的绝杀时刻' })).toHaveAttribute('href', '/video-player?id=2');
  },
};

export const Playground: Story = {};

/** An anchor with no videos: the room is not followed by an empty heading. */
export const None: Story = {
  args: { works: [] },
  parameters: { screenshot: false },
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(args.onAsk).toHaveBeenCalled());
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['video.works.anchor'] })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: /Derby day/ })).toBeVisible();
  },
};
