import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { GoalPopup } from './goal-popup.tsx';

const meta = {
  title: 'scores/GoalPopup',
  component: GoalPopup,
  args: {
    goal: {
      match_id: 1,
      league_name: '英超',
      league_name_en: 'Premier League',
      kind: 'goal',
      iszhu: 1,
      match_str: "67'",
      home_team_name_zh: '阿森纳',
      home_team_name_en: 'Arsenal',
      away_team_name_zh: '切尔西',
      away_team_name_en: 'Chelsea',
      home_score: 2,
      away_score: 1,
    },
    waiting: 0,
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GoalPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByTestId('goal-score')).toHaveTextContent('2 - 1');
    await userEvent.click(canvas.getByRole('button', { name: '关闭' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {};

export const AwayScored: Story = {
  args: { goal: { ...meta.args.goal, iszhu: 0, home_score: 1, away_score: 2 } },
};

export const RedCard: Story = {
  args: { goal: { ...meta.args.goal, kind: 'red_card' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: '红牌' })).toBeVisible();
  },
};

export const MoreWaiting: Story = {
  args: { waiting: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('goal-counter')).toHaveTextContent('+2');
    await expect(canvas.getByText('还有2条')).toBeInTheDocument();
  },
};

/** The host's pop-up: the mute button takes the league out of the pop-ups. */
export const WithMute: Story = {
  args: { waiting: 3, onMuteLeague: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '屏蔽英超的弹窗' }));
    await expect(args.onMuteLeague).toHaveBeenCalledOnce();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Goal' })).toBeVisible();
    // The English site names the teams and the league in English.
    await expect(canvas.getByText('Arsenal')).toBeVisible();
    await expect(canvas.getByText(/Premier League/)).toBeVisible();
  },
};
