import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { sampleAvatar, sampleLevelIcon } from '../ui/story-images.ts';
import { TopBar } from './top-bar.tsx';

const hotMatches = [
  { id: 31, league: '欧冠', teams: '药厂 VS 拜仁', href: '/score-detail?id=31' },
  { id: 33, league: 'LPL', teams: 'TT VS LGD', href: '/score-detail?id=33' },
  { id: 35, league: 'CBA', teams: '北京 VS 深圳', href: '/score-detail?id=35' },
];

const viewer = { user_nickname: '球迷小王', avatar: sampleAvatar, exp_icon: sampleLevelIcon, is_anchor: 0, balance: 5000, level: 12 } as const;

const meta = {
  title: 'app/TopBar',
  component: TopBar,
  args: {
    activeNav: 0,
    location: { pathname: '/main', search: '' },
    user: null,
    siteName: 'Pitchside',
    locale: 'zh',
    onLocaleChange: fn(),
    theme: 'light',
    onThemeChange: fn(),
    onLoginRequest: fn(),
    onLogout: fn(),
    hidden: false,
    sideBar: { open: true, onToggle: fn(), controls: 'side-bar' },
    search: { history: ['曼城', '湖人'], hot: { status: 'ready', matches: hotMatches }, onSearch: fn(), onClearHistory: fn(), onOpen: fn() },
  },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 420 }}>
        <Story />
        {/* What the side-menu toggle controls, as the layout has it. */}
        <div id="side-bar" />
      </div>
    ),
  ],
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主导航' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: '首页', current: 'page' })).toHaveAttribute('href', '/main');
    await expect(canvas.queryByRole('link', { name: '私聊' })).toBeNull();
    await expect(canvas.getByRole('button', { name: '登录' })).toBeVisible();
  },
};

export const Playground: Story = {
  argTypes: {
    activeNav: { control: 'select', options: [null, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14] },
    locale: { control: 'inline-radio', options: ['zh', 'en', 'vi'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    hidden: { control: 'boolean' },
  },
};

/** SPEC §6: a guest's streamer and top-up buttons ask for a login first. */
export const GuestAsksToLogIn: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '我要直播' }));
    await userEvent.click(canvas.getByRole('button', { name: '充值' }));
    await userEvent.click(canvas.getByRole('button', { name: '登录' }));
    await expect(args.onLoginRequest).toHaveBeenCalledTimes(3);
  },
};

/** Logged in: the chat link appears, the avatar opens the user panel, the streamer button leads to applying. */
export const LoggedIn: Story = {
  args: { user: viewer },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('link', { name: '私聊' })).toHaveAttribute('href', '/chat-chat');
    await expect(canvas.getByRole('link', { name: '我要直播' })).toHaveAttribute('href', '/member?type=7');
    await expect(canvas.getByRole('link', { name: '充值' })).toHaveAttribute('href', '/member?type=1&isRecharge=true');
    await userEvent.click(canvas.getByRole('button', { name: '球迷小王 的账户菜单' }));
    await expect(canvas.getByRole('link', { name: '申请主播' })).toHaveAttribute('href', '/member?type=7');
    await expect(canvas.getByText('5000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '退出登录' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

/** Unread private and group messages show on the Chat entry, read out as a count. */
export const ChatUnread: Story = {
  args: { user: viewer, chatUnread: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '私聊 3 条未读' })).toHaveAttribute('href', '/chat-chat');
  },
};

export const Streamer: Story = {
  args: { user: { ...viewer, user_nickname: '解说大飞', is_anchor: 1 }, activeNav: 2, location: { pathname: '/anchor', search: '?type=1' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '我要直播' })).toHaveAttribute('href', '/member?type=9');
    // Streamers is a plain link to every streamer; /anchor's own tabs choose the sport.
    await expect(canvas.getByRole('link', { name: '主播', current: 'page' })).toHaveAttribute('href', '/anchor');
  },
};

/** The whole bar works by keyboard: Tab reaches every control, hover menus open with ArrowDown. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const scores = canvas.getByRole('button', { name: '比分' });
    scores.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('link', { name: '足球' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('link', { name: '篮球' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(scores).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: '主播' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: '赛程' })).toHaveFocus();
  },
};

export const LanguageSwitch: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '语言 中' }));
    await expect(canvas.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'English' }));
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
  },
};

/** SPEC §2 and §5: 10 characters at most, the history, and the top 10 hot matches. */
export const Search: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const field = canvas.getByRole('searchbox', { name: '搜索' });
    await userEvent.click(field);
    await expect(args.search.onOpen).toHaveBeenCalled();
    await expect(canvas.getByRole('link', { name: /药厂 VS 拜仁/ })).toHaveAttribute('href', '/score-detail?id=31');
    await expect(canvas.getByRole('button', { name: '曼城' })).toBeVisible();
    await userEvent.type(field, '皇家马德里对巴塞罗那国家德比{Enter}');
    await expect(args.search.onSearch).toHaveBeenCalledWith('皇家马德里对巴塞罗那');
  },
};

export const Hidden: Story = {
  args: { hidden: true },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('banner');
    await waitFor(() => expect(bar.getBoundingClientRect().bottom).toBeLessThanOrEqual(0));
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh', viewport: { value: 'laptop' } },
  args: { activeNav: 1, location: { pathname: '/football', search: '' }, sideBar: undefined },
};

export const English: Story = {
  globals: { locale: 'en', viewport: { value: 'laptop' } },
  args: { locale: 'en', user: viewer, activeNav: 13 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Videos', current: 'page' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Language EN' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { user: viewer },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: '搜索' });
    await expect(canvas.queryByRole('searchbox')).toBeNull();
    await userEvent.click(toggle);
    await expect(canvas.getByRole('searchbox', { name: '搜索' })).toHaveFocus();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark', viewport: { value: 'laptop' } },
  args: { theme: 'dark', user: viewer },
};
