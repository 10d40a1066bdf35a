import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { HeldGoals } from './goal-popup.tsx';

const meta = {
  title: 'scores/HeldGoals',
  component: HeldGoals,
  args: { count: 3, onOpen: fn() },
} satisfies Meta<typeof HeldGoals>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On a chat or form page: three pop-ups wait behind one small button, which shows them. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: '3 条比赛提醒待看，点击查看' });
    await expect(button).toHaveTextContent('3');
    await userEvent.click(button);
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { count: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '1 match pop-up waiting: show it' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
