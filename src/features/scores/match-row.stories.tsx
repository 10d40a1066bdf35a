import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MatchRow } from './match-row.tsx';
import { sampleMatch } from './story-matches.ts';

const meta = {
  title: 'scores/MatchRow',
  component: MatchRow,
  args: { match: sampleMatch, onCollect: fn() },
  decorators: [
    (Story) => (
      <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof MatchRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('match-score')).toHaveTextContent('2 - 1');
    await expect(canvas.getByTestId('match-clock')).toHaveTextContent("67'");
  },
};

export const Playground: Story = {};

export const NotStarted: Story = {
  args: { match: { ...sampleMatch, status: 'not_started', home_score: 0, away_score: 0, home_half_score: null, away_half_score: null, match_str: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('match-score')).toHaveTextContent('VS');
  },
};

export const Collect: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { pressed: false }));
    await expect(args.onCollect).toHaveBeenCalledWith(sampleMatch, 1);
  },
};

/** A three-digit basketball score keeps the row's width: the score cell is fixed and tabular. */
export const ScoreChangeKeepsWidth: Story = {
  play: async ({ canvas, canvasElement }) => {
    const before = canvas.getByTestId('match-score').getBoundingClientRect();
    await expect(before.width).toBeGreaterThan(0);
    await expect(canvasElement.querySelector('li')?.getBoundingClientRect().height).toBeLessThan(80);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Arsenal')).toBeVisible();
  },
};

export const LongNames: Story = {
  args: {
    match: {
      ...sampleMatch,
      home_team: { ...sampleMatch.home_team, short_name_zh: '波鸿鲁尔体育俱乐部足球队第二梯队' },
      league: { ...sampleMatch.league, short_name_zh: '英格兰足球冠军联赛' },
    },
  },
};
