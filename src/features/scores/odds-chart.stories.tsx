import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { OddsChart } from './odds-chart.tsx';

const meta = {
  title: 'scores/OddsChart',
  component: OddsChart,
  args: {
    label: '亚盘走势',
    names: ['阿森纳', '切尔西'],
    samples: [
      { at: 0, first: 0.9, second: 0.94 },
      { at: 1, first: 0.86, second: 0.98 },
      { at: 2, first: 0.82, second: 1.02 },
      { at: 3, first: 0.95, second: 0.89 },
    ],
  },
} satisfies Meta<typeof OddsChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: '亚盘走势' })).toBeVisible();
    await expect(canvasElement.querySelectorAll('path')).toHaveLength(2);
    await expect(canvas.getByText('阿森纳 0.95')).toBeVisible();
  },
};

export const Playground: Story = {};

export const OneSample: Story = {
  args: { samples: [{ at: 0, first: 0.9, second: 0.94 }] },
};

export const Empty: Story = {
  args: { samples: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toBeNull();
  },
};
