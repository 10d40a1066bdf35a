import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { MyVideosPanel } from './my-videos-panel.tsx';

// My works in the member centre on a fake server: one video in each state a member meets (under review with
// its transcoding job, refused with the admin's reason, published), deleted after a confirmation.

type Video = components['schemas']['Video'];
type TranscodeJob = components['schemas']['TranscodeJob'];

const cover = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="hsl(${hue} 45% 45%)"/></svg>`)}`;

const base: Video = {
  id: 1,
  title: '',
  cover: cover(200),
  duration: 95,
  size: 12_582_912,
  category: { id: 2, name: '足球' },
  author: { id: 42, user_nickname: '周末球员', avatar: '/media/avatars/1.svg', exp_icon: '', is_anchor: 0 },
  view_count: 0,
  like_count: 0,
  favorite_count: 0,
  comment_count: 0,
  is_like: 0,
  is_favorite: 0,
  play_url: '/media/uploads/0123456789abcdef0123456789abcdef.mp4',
  format: 'mp4',
  created_at: 1_764_000_000,
  review_status: 'under_review',
  review_reason: null,
};

const sampleVideos: Video[] = [
  { ...base, id: 31, title: '周末野球的倒钩进球', cover: cover(140) },
  {
    ...base,
    id: 30,
    title: '看台上的烟火',
    cover: cover(20),
    review_status: 'audit_failure',
    review_reason: '画面里是别人的电视转播，请上传自己拍摄的内容',
    play_url: '/media/renditions/30/index.m3u8',
    format: 'hls',
  },
  {
    ...base,
    id: 29,
    title: 'A very long title for a training video that goes on and on about rondos, pressing triggers and the half-spaces',
    cover: cover(260),
    review_status: 'audit_successful',
    view_count: 1_284,
    play_url: '/media/renditions/29/index.m3u8',
    format: 'hls',
  },
];

const transcoding: TranscodeJob = {
  video_id: 31,
  title: '周末野球的倒钩进球',
  status: 'transcoding',
  rungs: [
    { quality: 'standard', height: 480, copy: false, progress: 0.62 },
    { quality: 'smooth', height: 360, copy: false, progress: 0.1 },
  ],
  reason: null,
  attempts: 1,
  retry_at: null,
  updated_at: 1_764_000_100,
};

interface WorksServer {
  videos: Video[];
  /** Called with each body sent to Video_user/delete. */
  onDelete?: (body: unknown) => void;
}

function worksFetch({ videos, onDelete }: WorksServer) {
  let mine = videos;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/Video/userPostList':
        return okAnswer({ list: mine, total: mine.length, page: 1, limit: 12 });
      case '/api/Video_user/transcodeJob':
        return okAnswer({ ...transcoding, video_id: Number(url.searchParams.get('video_id')) });
      case '/api/Video_user/delete': {
        const body = (await request.json()) as { video_id: number };
        onDelete?.(body);
        mine = mine.filter((video) => video.id !== body.video_id);
        return okAnswer(null);
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const meta = {
  title: 'video/MyVideosPanel',
  args: { videos: sampleVideos, onDelete: fn() },
  render: (server) => (
    <StoryApiProviders fetch={worksFetch(server)}>
      <MyVideosPanel />
    </StoryApiProviders>
  ),
} satisfies Meta<WorksServer>;

export default meta;
type Story = StoryObj<typeof meta>;

const workOf = async (canvas: ReturnType<typeof within>, title: string | RegExp) => within(await canvas.findByRole('article', { name: title }));

/** Each work says where its review stands; the refused one gives the admin's reason, the waiting one its job. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const waiting = await workOf(canvas, '周末野球的倒钩进球');
    await expect(waiting.getByText(zh['status.under_review'])).toBeVisible();
    await expect(waiting.getByText(zh['video.works.waiting'])).toBeVisible();
    await expect(await waiting.findByText(zh['video.job.status.transcoding'])).toBeVisible();
    const refused = await workOf(canvas, '看台上的烟火');
    await expect(refused.getByText(zh['status.audit_failure'])).toBeVisible();
    await expect(refused.getByText('画面里是别人的电视转播，请上传自己拍摄的内容')).toBeVisible();
    await expect(refused.queryByText(zh['video.job.status.transcoding'])).toBeNull();
    const published = await workOf(canvas, /rondos/);
    await expect(published.getByText(zh['status.audit_successful'])).toBeVisible();
    await expect(published.getByRole('link', { name: zh['video.works.play'] })).toHaveAttribute('href', '/video-player?id=29');
  },
};

export const Playground: Story = {};

/** Deleting asks first; cancelling keeps the video, confirming sends its id and it leaves the list. */
export const Delete: Story = {
  parameters: { screenshot: false },
  play: async ({ canvas, canvasElement, args }) => {
    const refused = await workOf(canvas, '看台上的烟火');
    await userEvent.click(refused.getByRole('button', { name: zh['video.delete'] }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = within(await page.findByRole('dialog', { name: zh['video.delete'] }));
    await userEvent.click(dialog.getByRole('button', { name: zh['common.cancel'] }));
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(refused.getByRole('button', { name: zh['video.delete'] }));
    const again = within(await page.findByRole('dialog', { name: zh['video.delete'] }));
    await userEvent.click(again.getByRole('button', { name: zh['video.delete'] }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith({ video_id: 30 }));
    await waitFor(() => expect(canvas.queryByRole('article', { name: '看台上的烟火' })).toBeNull());
  },
};

export const Empty: Story = {
  args: { videos: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['video.works.none'])).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['video.works.mine'] })).toBeVisible();
    const refused = await workOf(canvas, '看台上的烟火');
    await expect(refused.getByText(en['status.audit_failure'])).toBeVisible();
    await expect(refused.getByText(/^Reason:/)).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const published = await workOf(canvas, /rondos/);
    await expect(published.getByRole('button', { name: zh['video.delete'] })).toBeVisible();
  },
};
