import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SideBar } from './side-bar.tsx';

const meta = {
  title: 'app/SideBar',
  component: SideBar,
  args: {
    id: 'side-bar',
    open: true,
    mobile: false,
    onClose: fn(),
    location: { pathname: '/news', search: '' },
    loggedIn: false,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SideBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '侧边菜单' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: '新闻' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('link', { name: '私聊' })).toBeNull();
  },
};

export const Playground: Story = {
  argTypes: { open: { control: 'boolean' }, mobile: { control: 'boolean' }, loggedIn: { control: 'boolean' } },
};

/** Closed on a wide screen: icons only, each link still named. */
export const Collapsed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '首页' })).toHaveAttribute('title', '首页');
  },
};

export const LoggedIn: Story = {
  args: { loggedIn: true, location: { pathname: '/member', search: '?type=19' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '个人中心' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: '私聊' })).toHaveAttribute('href', '/chat-chat');
  },
};

/** SPEC §4: under 992 px the side bar is closed; opened, it is a drawer that Escape closes. */
export const MobileDrawer: Story = {
  args: { mobile: true },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('link', { name: '首页' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const MobileClosed: Story = {
  args: { mobile: true, open: false },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { loggedIn: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'World Cup' })).toHaveAttribute('href', '/trophy/home');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
