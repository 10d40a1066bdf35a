import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { IconButton } from './icon-button.tsx';
import { iconNames } from './icon.tsx';

const meta = {
  title: 'ui/IconButton',
  component: IconButton,
  args: { icon: 'search', label: zh['search.label'], onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: zh['search.label'] });
    await expect(button).toHaveAttribute('title', zh['search.label']);
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    icon: { control: 'select', options: iconNames },
    tone: { control: 'inline-radio', options: ['default', 'onDark'] },
    pressed: { control: 'boolean' },
    disabled: { control: 'boolean' },
  },
};

export const Toggle: Story = {
  args: { icon: 'moon', label: en['topBar.darkTheme'], pressed: true },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Disclosure: Story = {
  args: { icon: 'menu', label: zh['topBar.sideMenu'], expanded: false, controls: 'side-bar' },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: zh['topBar.sideMenu'] });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
  },
};

export const OnDark: Story = {
  args: { tone: 'onDark' },
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--ps-topbar-bg)', padding: 12, display: 'inline-flex' }}>
        <Story />
      </div>
    ),
  ],
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { icon: 'close', label: zh['common.close'] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { icon: 'close', label: en['common.close'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
