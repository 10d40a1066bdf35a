import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Toast } from './toast.tsx';

const meta = {
  title: 'ui/Toast',
  component: Toast,
  args: { message: 'Mobile is required', tone: 'error' },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Mobile is required');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Playground: Story = {
  args: { onClose: fn(), closeLabel: en['common.close'] },
  argTypes: {
    tone: { control: 'inline-radio', options: ['error', 'warning', 'info'] },
    message: { control: 'text' },
    closeLabel: { control: 'text' },
  },
};

export const Warning: Story = {
  args: { tone: 'warning', message: zh['session.loginFirst'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('请登录后操作');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Info: Story = {
  args: { tone: 'info', message: en['common.loading'] },
};

export const Closable: Story = {
  args: { onClose: fn(), closeLabel: en['common.close'] },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    message:
      'The server could not save your post because the video is larger than 50 MB; choose a shorter clip or lower its quality and try again. '.repeat(
        3,
      ),
    onClose: fn(),
    closeLabel: en['common.close'],
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { tone: 'error', message: zh['error.generic'], onClose: fn(), closeLabel: zh['common.close'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '关闭' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { tone: 'error', message: en['error.generic'], onClose: fn(), closeLabel: en['common.close'] },
};

// A transformed box holds each fixed toast, so the three tones sit one below the other.
const stacked = { position: 'relative', height: 64, transform: 'translateZ(0)' } as const;

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { onClose: fn(), closeLabel: en['common.close'] },
  render: (args) => (
    <>
      <div style={stacked}>
        <Toast {...args} />
      </div>
      <div style={stacked}>
        <Toast message={zh['session.loginFirst']} tone="warning" />
      </div>
      <div style={stacked}>
        <Toast message={en['common.loading']} tone="info" />
      </div>
    </>
  ),
};
