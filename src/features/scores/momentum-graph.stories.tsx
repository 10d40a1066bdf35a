import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { MomentumGraph } from './momentum-graph.tsx';
import { sampleLead, sampleMomentum } from './story-matches.ts';

const zhPeriod = (period: number) => (period === 1 ? zh['scores.period.half1'] : zh['scores.period.half2']);
const enPeriod = (period: number) => (period === 1 ? en['scores.period.half1'] : en['scores.period.half2']);
const quarter = (period: number) => (period <= 4 ? `Q${String(period)}` : 'OT');

const meta = {
  title: 'scores/MomentumGraph',
  component: MomentumGraph,
  args: {
    kind: 'pressure',
    points: sampleMomentum.points,
    marks: [
      { kind: 'goal', side: 'home', minute: 23, added_minute: 0 },
      { kind: 'yellow', side: 'away', minute: 38, added_minute: 0 },
      { kind: 'goal', side: 'away', minute: 52, added_minute: 0 },
      { kind: 'red', side: 'home', minute: 66, added_minute: 0 },
    ],
    label: zh['scores.momentum'],
    names: ['阿森纳', '切尔西'],
    periodName: zhPeriod,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MomentumGraph>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Football at the 70th minute: a bar a minute, home up, away down; goals and cards marked. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: zh['scores.momentum'] })).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-mark="goal"]')).toHaveLength(2);
    await expect(canvasElement.querySelectorAll('[data-mark="red"]')).toHaveLength(1);
    await expect(canvas.getByText(zh['scores.period.half2'])).toBeInTheDocument();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['scores.momentum'], names: ['Arsenal', 'Chelsea'], periodName: enPeriod },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: en['scores.momentum'] })).toBeVisible();
    await expect(canvas.getByText(en['scores.period.half1'])).toBeInTheDocument();
  },
};

/** Kick-off: the graph already holds its full size and both halves. */
export const KickOff: Story = {
  args: { points: sampleMomentum.points.slice(0, 3), marks: [] },
};

/** Basketball's lead tracker after three quarters, with the quarter marks. */
export const LeadTracker: Story = {
  args: { kind: 'lead', points: sampleLead.points, marks: [], label: zh['scores.leadTracker'], names: ['湖人', '勇士'], quarterMinutes: 12, periodName: quarter },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Q4')).toBeInTheDocument();
    const last = sampleLead.points.at(-1)!;
    await expect(canvas.getByText(`${String(last.home)}-${String(last.away)}`)).toBeVisible();
  },
};

export const LeadTrackerEnglish: Story = {
  globals: { locale: 'en' },
  args: { kind: 'lead', points: sampleLead.points, marks: [], label: en['scores.leadTracker'], names: ['Lakers', 'Warriors'], quarterMinutes: 12, periodName: quarter },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
