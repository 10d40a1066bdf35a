import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import vi from '../../i18n/messages/vi.json';
import zh from '../../i18n/messages/zh.json';
import { ReportReviewPanel } from './report-review-panel.tsx';

// The console's reports tab on a fake server: reported content, most reported first; removing or
// dismissing (with a reason) sends the decision and the item says how it went.

type Report = components['schemas']['AdminReport'];

interface ReportServer {
  reports: Report[];
  /** Called with each body sent to admin/reviewReport. */
  onReview?: (body: unknown) => void;
}

const sampleReports: Report[] = [
  {
    id: 7,
    target_type: 'chat_message',
    target_id: 88123,
    author_id: 52,
    author_nickname: '带节奏的老王',
    excerpt: '加微信 pitch888 看内部消息，稳赚不赔！',
    reasons: ['spam', 'illegal'],
    details: ['直播间刷了十几遍', '赌球广告'],
    report_count: 12,
    status: 'under_review',
    review_reason: null,
    created_at: 1_764_000_000,
    reviewed_at: null,
  },
  {
    id: 9,
    target_type: 'post_comment',
    target_id: 3301,
    author_id: 77,
    author_nickname: 'Referee Hater',
    excerpt: 'The referee should never work again, what a joke of a call in the 89th minute.',
    reasons: ['abuse'],
    details: [],
    report_count: 1,
    status: 'under_review',
    review_reason: null,
    created_at: 1_764_003_600,
    reviewed_at: null,
  },
];

function reportFetch({ reports, onReview }: ReportServer) {
  let waiting = reports;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/admin/reportList':
        return okAnswer({ list: waiting, total: waiting.length, page: 1, limit: 20 });
      case '/api/admin/reviewReport': {
        const body = (await request.json()) as { id: number; decision: 'remove' | 'dismiss'; reason?: string };
        onReview?.(body);
        const decided = waiting.find((row) => row.id === body.id)!;
        waiting = waiting.filter((row) => row.id !== body.id);
        return okAnswer({ ...decided, status: body.decision === 'remove' ? 'removed' : 'dismissed', review_reason: body.reason ?? null, reviewed_at: 1_764_007_200 });
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const meta = {
  title: 'admin/panels/ReportReviewPanel',
  args: { reports: sampleReports, onReview: fn() },
  render: (server) => (
    <StoryApiProviders fetch={reportFetch(server)}>
      <ReportReviewPanel />
    </StoryApiProviders>
  ),
} satisfies Meta<ReportServer>;

export default meta;
type Story = StoryObj<typeof meta>;

const itemOf = async (canvas: ReturnType<typeof within>, target: RegExp) => within((await canvas.findByRole('heading', { name: target })).closest('li')!);

/** Removing sends the decision; the item says it is removed. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const first = await itemOf(canvas, /88123/);
    await expect(first.getByText('带节奏的老王')).toBeVisible();
    await expect(first.getByText(`${zh['report.reason.spam']} · ${zh['report.reason.illegal']}`)).toBeVisible();
    await userEvent.click(first.getByRole('button', { name: zh['admin.reports.remove'] }));
    await waitFor(() => expect(args.onReview).toHaveBeenCalledWith({ id: 7, decision: 'remove' }));
  },
};

export const Playground: Story = {};

/** Dismissing needs a reason before the button works. */
export const Dismiss: Story = {
  play: async ({ canvas, args }) => {
    const second = await itemOf(canvas, /3301/);
    const dismiss = second.getByRole('button', { name: zh['admin.reports.dismiss'] });
    await expect(dismiss).toBeDisabled();
    await userEvent.type(second.getByRole('textbox', { name: zh['admin.reason'] }), '批评裁判不算辱骂');
    await userEvent.click(dismiss);
    await waitFor(() => expect(args.onReview).toHaveBeenCalledWith({ id: 9, decision: 'dismiss', reason: '批评裁判不算辱骂' }));
  },
};

export const Empty: Story = {
  args: { reports: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['admin.reports.none'])).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['admin.reports.title'] })).toBeVisible();
    await expect(await canvas.findByText('12 reports')).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: vi['admin.reports.title'] })).toBeVisible();
    await expect((await canvas.findAllByRole('button', { name: vi['admin.reports.remove'] }))[0]).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /88123/ })).toBeVisible();
  },
};
