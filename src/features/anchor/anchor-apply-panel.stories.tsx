import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { clearStoredUser, notifyStoredUserChanged, writeStoredSession } from '../../realtime/stored-user.ts';
import { sampleAvatar } from '../../ui/story-images.ts';
import { AnchorApplyPanel } from './anchor-apply-panel.tsx';

// /member?type=7's application, on a fake server that keeps what is sent (SPEC §5 rules, §4 review).

type Verification = components['schemas']['AnchorVerification'];

interface ApplyServer {
  /** The application the server holds at first; null when the user never applied. */
  application: Verification | null;
  isAnchor?: 0 | 1;
  /** Called with each body sent to Member/verified. */
  onApply?: (body: unknown) => void;
}

function applyFetch({ application, isAnchor = 0, onApply }: ApplyServer) {
  let held = application;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/Member/info':
        return okAnswer({ id: 7, user_nickname: '球迷小王', avatar: sampleAvatar, is_anchor: isAnchor, balance: 5000 });
      case '/api/Member/getVerifiedInfo':
        return okAnswer(held);
      case '/api/Member/verified': {
        const body = (await request.json()) as Verification;
        onApply?.(body);
        held = { ...body, id_number: '1101**********002X', inviter: body.inviter ?? '', status: 'under_review', reason: null, submitted_at: 1_764_000_000, reviewed_at: null };
        return okAnswer(held);
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const refusedApplication: Verification = {
  status: 'audit_failure',
  real_name: '王小明',
  id_number: '1101**********002X',
  contact_type: 'wechat',
  contact: 'pitch_fan01',
  inviter: '',
  experience: '在校园电台解说足球比赛三年，熟悉中超和英超',
  reason: '请补充您解说过的比赛',
  submitted_at: 1_764_000_000,
  reviewed_at: 1_764_003_600,
};

function asLoggedInUser() {
  writeStoredSession({
    token: 'story-token',
    id: 7,
    userSig: '',
    profile: { id: 7, user_nickname: '球迷小王', avatar: sampleAvatar, balance: 5000, exp_icon: '', is_anchor: 0 },
  });
  notifyStoredUserChanged();
  return () => {
    clearStoredUser();
    notifyStoredUserChanged();
  };
}

const meta = {
  title: 'anchor/AnchorApplyPanel',
  args: { application: null, onApply: fn() },
  beforeEach: asLoggedInUser,
  globals: { viewport: { value: 'laptop' } },
  render: (server) => (
    <StoryApiProviders fetch={applyFetch(server)}>
      <AnchorApplyPanel />
    </StoryApiProviders>
  ),
} satisfies Meta<ApplyServer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for a text to show; the panel starts afresh at the new status once the server answers, so the node may change. */
async function seen(canvas: ReturnType<typeof within>, text: string) {
  await waitFor(() => expect(canvas.getByText(text)).toBeVisible(), { timeout: 5000 });
}

/** Fills the form as a person would, in the language of `messages`. */
async function fill(canvas: ReturnType<typeof within>, messages: typeof zh, idNumber: string) {
  await userEvent.type(await canvas.findByLabelText(messages['anchorApply.realName']), '王小明');
  await userEvent.type(canvas.getByLabelText(messages['anchorApply.idNumber']), idNumber);
  await userEvent.selectOptions(canvas.getByLabelText(messages['anchorApply.contactType']), 'wechat');
  await userEvent.type(canvas.getByLabelText(messages['anchorApply.contact']), 'pitch_fan01');
  await userEvent.type(canvas.getByLabelText(messages['anchorApply.experience']), '在校园电台解说足球比赛三年，熟悉中超和英超');
}

/** An empty form sent names every missing field; a wrong check character is refused; a good one goes to review. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: zh['anchorApply.submit'] }));
    await expect(canvas.getByText(zh['anchorApply.problem.realName'])).toBeVisible();
    await expect(canvas.getByText(zh['anchorApply.problem.experience'])).toBeVisible();
    await expect(canvas.getByText(zh['anchorApply.problem.protocol'])).toBeVisible();
    await fill(canvas, zh, '110105194912310021');
    await userEvent.click(canvas.getByRole('checkbox', { name: zh['anchorApply.agree'] }));
    await expect(canvas.getByText(zh['anchorApply.problem.idNumber'])).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: zh['anchorApply.submit'] }));
    await expect(args.onApply).not.toHaveBeenCalled();
    const id = canvas.getByLabelText(zh['anchorApply.idNumber']);
    await userEvent.clear(id);
    await userEvent.type(id, '11010519491231002X');
    await userEvent.click(canvas.getByRole('button', { name: zh['anchorApply.submit'] }));
    await seen(canvas, zh['anchorApply.underReviewText']);
    await expect(args.onApply).toHaveBeenCalledWith(
      expect.objectContaining({ real_name: '王小明', id_number: '11010519491231002X', contact_type: 'wechat', agree_protocol: true }),
    );
  },
};

export const Playground: Story = {};

/** The form in English, sent once complete. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText(en['anchorApply.intro'])).toBeVisible();
    await fill(canvas, en, '11010519491231002X');
    await userEvent.click(canvas.getByRole('checkbox', { name: en['anchorApply.agree'] }));
    await userEvent.click(canvas.getByRole('button', { name: en['anchorApply.submit'] }));
    await seen(canvas, en['anchorApply.underReviewText']);
    await waitFor(() => expect(args.onApply).toHaveBeenCalledTimes(1));
  },
};

export const UnderReview: Story = {
  args: { application: { ...refusedApplication, status: 'under_review', reason: null, reviewed_at: null } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['anchorApply.underReviewText'])).toBeVisible();
    await expect(canvas.getByText('1101**********002X')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: zh['anchorApply.submit'] })).toBeNull();
  },
};

/** A refused application shows the admin's reason; the form comes back filled, but for the ID number. */
export const Refused: Story = {
  args: { application: refusedApplication },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('请补充您解说过的比赛');
    await expect(canvas.getByLabelText(zh['anchorApply.realName'])).toHaveValue('王小明');
    await expect(canvas.getByLabelText(zh['anchorApply.idNumber'])).toHaveValue('');
    await userEvent.type(canvas.getByLabelText(zh['anchorApply.idNumber']), '11010519491231002X');
    await userEvent.click(canvas.getByRole('checkbox', { name: zh['anchorApply.agree'] }));
    await userEvent.click(canvas.getByRole('button', { name: zh['anchorApply.resubmit'] }));
    await seen(canvas, zh['anchorApply.underReviewText']);
    await expect(args.onApply).toHaveBeenCalledTimes(1);
  },
};

export const RefusedEnglish: Story = {
  args: { application: { ...refusedApplication, reason: 'Please name the matches you called' } },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please name the matches you called');
    await expect(canvas.getByRole('button', { name: en['anchorApply.resubmit'] })).toBeVisible();
  },
};

export const Approved: Story = {
  args: { application: { ...refusedApplication, status: 'audit_successful', reason: null }, isAnchor: 1 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['anchorApply.approvedText'])).toBeVisible();
    await expect(canvas.getByRole('link', { name: zh['anchorApply.toConsole'] })).toHaveAttribute('href', '/member?type=9');
  },
};

/** A seeded anchor who never applied is sent to the console. */
export const AlreadyAnchor: Story = {
  args: { application: null, isAnchor: 1 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['anchorApply.alreadyAnchor'])).toBeVisible();
    await expect(canvas.queryByRole('button', { name: zh['anchorApply.submit'] })).toBeNull();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: zh['anchorApply.submit'] })).toBeVisible();
  },
};

export const PhoneEnglish: Story = {
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: en['anchorApply.submit'] })).toBeVisible();
  },
};
