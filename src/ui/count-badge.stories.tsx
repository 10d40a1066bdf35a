import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CountBadge } from './count-badge.tsx';

const meta = {
  title: 'ui/CountBadge',
  component: CountBadge,
  args: { count: 3 },
} satisfies Meta<typeof CountBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unread: Story = {
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector('[data-tone="live"]');
    await expect(badge).toHaveTextContent('3');
    await expect(badge).toHaveAttribute('aria-hidden', 'true');
  },
};

export const OverTheLimit: Story = {
  args: { count: 120 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-tone]')).toHaveTextContent('99+');
  },
};

export const GoalsWaiting: Story = {
  args: { count: 4, prefix: '+', tone: 'accent' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-tone="accent"]')).toHaveTextContent('+4');
  },
};
