import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { clearStoredUser, notifyStoredUserChanged, writeStoredSession } from '../../realtime/stored-user.ts';
import { sampleAvatar } from '../../ui/story-images.ts';
import { AdminPage } from './admin-page.tsx';

// /admin's review desk on a fake server: the anchor applications under review (issue 12) above the
// withdrawals; a decision leaves the queue.

type Application = components['schemas']['AdminAnchorApplication'];

interface DeskServer {
  applications: Application[];
  /** Called with each body sent to admin/reviewAnchorApplication. */
  onReview?: (body: unknown) => void;
}

const sampleApplications: Application[] = [
  {
    id: 11,
    user_id: 9,
    user_nickname: '追风少年',
    status: 'under_review',
    real_name: '朱凯洋',
    id_number: '3301**********4102',
    contact_type: 'qq',
    contact: '253153886',
    inviter: '',
    experience: '有多年足球、篮球赛事解说经验，熟悉各大联赛球队与球员，语言表达流畅，能够长期稳定开播。',
    reason: null,
    submitted_at: 1_764_000_000,
    reviewed_at: null,
    room_id: null,
  },
  {
    id: 12,
    user_id: 31,
    user_nickname: 'Commentator Lee',
    status: 'under_review',
    real_name: '李明',
    id_number: '1101**********002X',
    contact_type: 'wechat',
    contact: 'pitch_fan01',
    inviter: 'ABC123',
    experience: 'Called Premier League matches on a student radio for three years.',
    reason: null,
    submitted_at: 1_764_003_600,
    reviewed_at: null,
    room_id: null,
  },
];

function deskFetch({ applications, onReview }: DeskServer) {
  let waiting = applications;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/admin/anchorApplicationList':
        return okAnswer({ list: waiting, total: waiting.length, page: 1, limit: 20 });
      case '/api/admin/reviewAnchorApplication': {
        const body = (await request.json()) as { id: number; decision: 'approve' | 'refuse'; reason?: string };
        onReview?.(body);
        const decided = waiting.find((row) => row.id === body.id)!;
        waiting = waiting.filter((row) => row.id !== body.id);
        return okAnswer({
          ...decided,
          status: body.decision === 'approve' ? 'audit_successful' : 'audit_failure',
          reason: body.reason ?? null,
          reviewed_at: 1_764_007_200,
          room_id: body.decision === 'approve' ? 40 : null,
        });
      }
      case '/api/admin/withdrawalList':
        return okAnswer({ list: [], total: 0, page: 1, limit: 20 });
      case '/api/admin/settings':
        return okAnswer({ gift_anchor_share: 0.5, plan_expert_share: 0.7, plan_refund_on_loss: true, withdrawal_second_review_above: 100_000 });
      default:
        return new Response(null, { status: 404 });
    }
  };
}

function asAdmin() {
  writeStoredSession({
    token: 'story-token',
    id: 4,
    userSig: '',
    profile: { id: 4, user_nickname: 'Pitchside官方客服', avatar: sampleAvatar, balance: 0, exp_icon: '', is_anchor: 0 },
  });
  notifyStoredUserChanged();
  return () => {
    clearStoredUser();
    notifyStoredUserChanged();
  };
}

const meta = {
  title: 'admin/pages/AdminPage',
  args: { applications: sampleApplications, onReview: fn() },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  beforeEach: asAdmin,
  render: (server) => (
    <StoryApiProviders fetch={deskFetch(server)}>
      <AdminPage title={zh['route.admin']} />
    </StoryApiProviders>
  ),
} satisfies Meta<DeskServer>;

export default meta;
type Story = StoryObj<typeof meta>;

const applicationOf = async (canvas: ReturnType<typeof within>, nickname: string) =>
  within((await canvas.findByRole('heading', { name: new RegExp(nickname) })).closest('li')!);

/** Approving sends the decision and the application leaves the queue. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const first = await applicationOf(canvas, '追风少年');
    await expect(first.getByText('3301**********4102')).toBeVisible();
    await userEvent.click(first.getByRole('button', { name: zh['admin.approveAnchor'] }));
    await waitFor(() => expect(canvas.queryByRole('heading', { name: /追风少年/ })).toBeNull());
    await expect(args.onReview).toHaveBeenCalledWith({ id: 11, decision: 'approve' });
    await expect(canvas.getByRole('heading', { name: /Commentator Lee/ })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Refusing needs a reason before the button works. */
export const Refuse: Story = {
  play: async ({ canvas, args }) => {
    const second = await applicationOf(canvas, 'Commentator Lee');
    const refuse = second.getByRole('button', { name: zh['admin.refuse'] });
    await expect(refuse).toBeDisabled();
    await userEvent.type(second.getByRole('textbox', { name: zh['admin.reason'] }), '请写明您解说过的比赛');
    await userEvent.click(refuse);
    await waitFor(() => expect(args.onReview).toHaveBeenCalledWith({ id: 12, decision: 'refuse', reason: '请写明您解说过的比赛' }));
  },
};

export const Empty: Story = {
  args: { applications: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['admin.noApplicationsWaiting'])).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  render: (server) => (
    <StoryApiProviders fetch={deskFetch(server)}>
      <AdminPage title={en['route.admin']} />
    </StoryApiProviders>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['admin.anchorApplications'] })).toBeVisible();
    const second = await applicationOf(canvas, 'Commentator Lee');
    await expect(second.getByText(en['admin.inviter'])).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /追风少年/ })).toBeVisible();
  },
};

/** Another area's review panel, handed in as a tab: the console shows it after its own reviews. */
export const WithAnotherAreasTab: Story = {
  render: (server) => (
    <StoryApiProviders fetch={deskFetch(server)}>
      <AdminPage
        title={zh['route.admin']}
        extraTabs={[{ id: 'articles', title: 'route.news', Panel: () => <p>{zh['common.noData']}</p> }]}
      />
    </StoryApiProviders>
  ),
  play: async ({ canvas }) => {
    const tabs = await canvas.findAllByRole('tab');
    await expect(tabs.map((tab) => tab.textContent)).toEqual([
      zh['admin.tab.anchors'],
      zh['admin.tab.withdrawals'],
      zh['admin.tab.experts'],
      zh['admin.tab.reports'],
      zh['admin.videoReviewTab'],
      zh['route.news'],
      zh['admin.tab.users'],
      zh['admin.tab.settings'],
      zh['admin.tab.audit'],
    ]);
    await userEvent.click(canvas.getByRole('tab', { name: zh['route.news'] }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(zh['common.noData']);
    await expect(canvas.getByRole('tab', { name: zh['route.news'] })).toHaveAttribute('aria-selected', 'true');
  },
};

/** A member who is not an admin reads the refusal once, without the console's tabs. */
export const NotAnAdmin: Story = {
  render: () => (
    <StoryApiProviders
      fetch={async () =>
        new Response(JSON.stringify({ code: 1, msg: '没有权限', data: null }), { headers: { 'content-type': 'application/json' } })
      }
    >
      <AdminPage title={zh['route.admin']} />
    </StoryApiProviders>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['admin.only'])).toBeVisible();
    await expect(canvas.getAllByText(zh['admin.only'])).toHaveLength(1);
    await expect(canvas.queryByRole('tab')).toBeNull();
  },
};
