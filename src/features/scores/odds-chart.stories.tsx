import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { OddsChart, type OddsSample } from './odds-chart.tsx';

const kickOff = Date.UTC(2026, 10, 22, 12, 0) / 1000;

/** A whole match of asian handicap changes: the opening line, drifts, a goal's suspension, the line moving. */
const movement: OddsSample[] = [
  { at: kickOff - 3600, first: 0.9, second: 0.94, line: -0.5 },
  { at: kickOff + 600, first: 0.88, second: 0.96, line: -0.5 },
  { at: kickOff + 1380, first: 0.88, second: 0.96, line: -0.5, closed: true },
  { at: kickOff + 1440, first: 1.02, second: 0.82, line: -1 },
  { at: kickOff + 2400, first: 0.97, second: 0.87, line: -1 },
  { at: kickOff + 3900, first: 0.93, second: 0.91, line: -1 },
  { at: kickOff + 4800, first: 1.05, second: 0.79, line: -0.75 },
  { at: kickOff + 5400, first: 1.1, second: 0.74, line: -0.75 },
];

const line = (value: number) => (value > 0 ? `+${String(value)}` : String(value));

const meta = {
  title: 'scores/OddsChart',
  component: OddsChart,
  args: {
    label: '亚盘走势',
    names: ['阿森纳', '切尔西'],
    openingLabel: zh['scores.odds.opening'],
    currentLabel: zh['scores.odds.current'],
    formatLine: line,
    samples: movement,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OddsChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole movement with axes, dashed opening prices and the current ones marked. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: '亚盘走势' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-testid="odds-chart"]')).toHaveAttribute('data-samples', String(movement.length));
    await expect(canvas.getByText('阿森纳 初盘 0.90 · 即时 1.10')).toBeVisible();
    await expect(canvas.getByText('初盘 -0.5 → 即时 -0.75')).toBeVisible();
    // Price ticks on the axis.
    await expect(canvas.getByText('0.80')).toBeInTheDocument();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    label: 'Asian handicap movement',
    names: ['Arsenal', 'Chelsea'],
    openingLabel: en['scores.odds.opening'],
    currentLabel: en['scores.odds.current'],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Opening -0.5 → Current -0.75')).toBeVisible();
  },
};

export const Playground: Story = {};

/** Only the opening line yet: a flat chart, already full size. */
export const OneSample: Story = {
  args: { samples: movement.slice(0, 1) },
};

export const Empty: Story = {
  args: { samples: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toBeNull();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
