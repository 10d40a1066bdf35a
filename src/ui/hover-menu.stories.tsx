import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { HoverMenu } from './hover-menu.tsx';

const itemsIn = (messages: typeof zh) => [
  { key: 'football', label: messages['nav.football'], href: '#football' },
  { key: 'basketball', label: messages['nav.basketball'], href: '#basketball', current: true },
  { key: 'esports', label: messages['nav.esports'], href: '#esports' },
];

const meta = {
  title: 'ui/HoverMenu',
  component: HoverMenu,
  args: { label: zh['nav.streamers'], items: itemsIn(zh) },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 200, padding: 8 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HoverMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: zh['nav.streamers'] });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.hover(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: zh['nav.basketball'] })).toHaveAttribute('aria-current', 'page');
    await userEvent.unhover(trigger);
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
  },
};

export const Playground: Story = {
  argTypes: {
    align: { control: 'inline-radio', options: ['start', 'end'] },
    tone: { control: 'inline-radio', options: ['default', 'onDark'] },
    current: { control: 'boolean' },
    hideChevron: { control: 'boolean' },
  },
};

/** The whole menu works by keyboard: open with ArrowDown, move with arrows, Escape back to the trigger. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: zh['nav.streamers'] });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('link', { name: zh['nav.football'] })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('link', { name: zh['nav.basketball'] })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(canvas.getByRole('link', { name: zh['nav.esports'] })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('link', { name: zh['nav.football'] })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const TabLeavesAndCloses: Story = {
  decorators: [
    (Story) => (
      <>
        <Story />
        <button type="button">After</button>
      </>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: zh['nav.streamers'] });
    await userEvent.click(trigger);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'After' })).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['nav.streamers'] }));
    await expect(canvas.getByRole('link', { name: zh['nav.football'] })).toBeVisible();
  },
};

export const CurrentSection: Story = {
  args: { current: true, tone: 'onDark' },
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--ps-topbar-bg)', padding: '8px 12px', display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: zh['nav.streamers'] })).toHaveAttribute('aria-current', 'page');
  },
};

export const CustomPanel: Story = {
  args: {
    label: (
      <>
        <span className="ps-visually-hidden">{en['topBar.language']} </span>EN
      </>
    ),
    align: 'start',
    items: undefined,
    children: <p style={{ margin: 8 }}>{en['common.noData']}</p>,
  },
  globals: { locale: 'en' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Language EN' }));
    await expect(canvas.getByText('No data')).toBeVisible();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { label: zh['nav.more'] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['nav.streamers'], items: itemsIn(en) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Streamers' }));
    await expect(canvas.getByRole('link', { name: 'E-sports' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['nav.streamers'] }));
  },
};
