import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LoginDialog } from './login-dialog.tsx';

const meta = {
  title: 'app/LoginDialog',
  component: LoginDialog,
  args: { open: true, onClose: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const dialog = canvas.getByRole('dialog', { name: '登录' });
    await expect(dialog).toHaveStyle({ width: '500px' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: { open: { control: 'boolean' } },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
