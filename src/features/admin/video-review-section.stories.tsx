import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import vi from '../../i18n/messages/vi.json';
import zh from '../../i18n/messages/zh.json';
import { VideoReviewSection } from './video-review-section.tsx';

// The console's video tab on a fake server: members' uploads oldest first; approving publishes one, refusing
// needs a reason, and the item says how its review went.

type AdminVideo = components['schemas']['AdminVideo'];

const cover = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="hsl(${hue} 45% 45%)"/></svg>`)}`;

const sampleVideos: AdminVideo[] = [
  {
    id: 31,
    user_id: 52,
    user_nickname: '周末球员',
    title: '周末野球的倒钩进球',
    cover: cover(140),
    category_name: '足球',
    duration: 95,
    size: 12_582_912,
    play_url: '/media/uploads/0123456789abcdef0123456789abcdef.mp4',
    format: 'mp4',
    status: 'under_review',
    reason: null,
    submitted_at: 1_764_000_000,
  },
  {
    id: 33,
    user_id: 77,
    user_nickname: 'Sunday League Legend',
    title: 'Every goal of our under-12 season, with the coach’s commentary from the touchline and the parents cheering',
    cover: cover(20),
    category_name: '足球',
    duration: 3_540,
    size: 49_283_072,
    play_url: '/media/renditions/33/index.m3u8',
    format: 'hls',
    status: 'under_review',
    reason: null,
    submitted_at: 1_764_003_600,
  },
];

interface ReviewServer {
  videos: AdminVideo[];
  /** Called with each body sent to admin/reviewVideo. */
  onReview?: (body: unknown) => void;
}

function reviewFetch({ videos, onReview }: ReviewServer) {
  let waiting = videos;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/admin/videoReviewList':
        return okAnswer({ list: waiting, total: waiting.length, page: 1, limit: 20 });
      case '/api/admin/reviewVideo': {
        const body = (await request.json()) as { id: number; decision: 'approve' | 'refuse'; reason?: string };
        onReview?.(body);
        const decided = waiting.find((row) => row.id === body.id)!;
        waiting = waiting.map((row) => (row.id === body.id ? { ...row, status: body.decision === 'approve' ? 'audit_successful' : 'audit_failure' } : row));
        return okAnswer({ ...decided, status: body.decision === 'approve' ? 'audit_successful' : 'audit_failure', reason: body.reason ?? null });
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const meta = {
  title: 'admin/panels/VideoReviewSection',
  args: { videos: sampleVideos, onReview: fn() },
  render: (server) => (
    <StoryApiProviders fetch={reviewFetch(server)}>
      <VideoReviewSection />
    </StoryApiProviders>
  ),
} satisfies Meta<ReviewServer>;

export default meta;
type Story = StoryObj<typeof meta>;

const itemOf = async (canvas: ReturnType<typeof within>, title: RegExp) => within((await canvas.findByText(title)).closest('li')!);

/** Each video leads to its player; approving sends the decision and the item says it is approved. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const first = await itemOf(canvas, /倒钩进球/);
    await expect(first.getByRole('link', { name: '周末野球的倒钩进球' })).toHaveAttribute('href', '/video-player?id=31');
    await expect(first.getByText('1:35 · 12 MB')).toBeVisible();
    await userEvent.click(first.getByRole('button', { name: zh['admin.videoApprove'] }));
    await waitFor(() => expect(args.onReview).toHaveBeenCalledWith({ id: 31, decision: 'approve' }));
    await expect(await first.findByText(zh['admin.approved'])).toBeVisible();
  },
};

export const Playground: Story = {};

/** Refusing needs a reason before the button works; the reason goes with the decision. */
export const Refuse: Story = {
  play: async ({ canvas, args }) => {
    const second = await itemOf(canvas, /under-12/);
    const refuse = second.getByRole('button', { name: zh['admin.refuse'] });
    await expect(refuse).toBeDisabled();
    await userEvent.type(second.getByRole('textbox', { name: zh['admin.reason'] }), '含有未授权的电视转播画面');
    await userEvent.click(refuse);
    await waitFor(() => expect(args.onReview).toHaveBeenCalledWith({ id: 33, decision: 'refuse', reason: '含有未授权的电视转播画面' }));
    await expect(await second.findByText(zh['admin.refused'])).toBeVisible();
  },
};

export const Empty: Story = {
  args: { videos: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['admin.videoNoneWaiting'])).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['admin.videoReview'] })).toBeVisible();
    await expect((await canvas.findAllByRole('button', { name: en['admin.videoApprove'] }))[0]).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: vi['admin.videoReview'] })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/under-12/)).toBeVisible();
  },
};
