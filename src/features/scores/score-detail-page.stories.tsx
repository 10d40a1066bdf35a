import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { ScoreDetailPage } from './score-detail-page.tsx';
import { ScoresStoryProviders } from './story-providers.tsx';

// /score-detail?id=1 as a whole, on the fixtures of story-matches.ts: header, timeline, statistics,
// odds and standings.

const meta = {
  title: 'scores/pages/ScoreDetailPage',
  component: ScoreDetailPage,
  args: { title: zh['route.scoreDetail'], live: false },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <ScoresStoryProviders path="/score-detail?id=1">
        <Story />
      </ScoresStoryProviders>
    ),
  ],
} satisfies Meta<typeof ScoreDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Timeline: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/萨卡/)).toBeVisible();
    await expect(canvas.getByText(/帕尔默/)).toBeVisible();
    // The rooms showing the match open their live room.
    await expect(canvas.getByRole('link', { name: /边看边聊/ })).toHaveAttribute('href', '/live?id=3');
  },
};

export const Playground: Story = {};

export const Statistics: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: zh['scores.statistics'] }));
    await expect(canvas.getByRole('table', { name: zh['scores.statistics'] })).toBeVisible();
  },
};

export const Odds: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.scoreDetail'] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: en['scores.odds'] }));
    await expect(canvas.getByLabelText(en['scores.company'])).toHaveDisplayValue('Macau');
    await expect(canvas.getByRole('table', { name: 'Macau' })).toBeVisible();
  },
};

export const Standings: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.scoreDetail'] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: en['scores.standings'] }));
    await expect(await canvas.findByRole('columnheader', { name: en['scores.pointsFull'] })).toBeVisible();
  },
};

/** 交战信息: the last meetings, both teams' last ten with their form strips, and what comes next. */
export const HeadToHead: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: zh['scores.battle'] }));
    await waitFor(() => expect(canvas.getAllByRole('list', { name: /最近的在前/ })).toHaveLength(3));
    const strips = canvas.getAllByRole('list', { name: /最近的在前/ });
    await expect(strips[1]!.querySelectorAll('[data-result]')).toHaveLength(10);
    // Each block asks for its own list: the later ones may still be loading.
    await waitFor(() => expect(canvas.getByRole('region', { name: zh['scores.battle.type3'] })).toHaveTextContent('切尔西'));
    await waitFor(() => expect(canvas.getByRole('region', { name: zh['scores.battle.type4'] })).toHaveTextContent('VS'));
  },
};

export const HeadToHeadEnglish: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.scoreDetail'] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: en['scores.battle'] }));
    const strip = await canvas.findByRole('list', { name: 'Arsenal: last 4 matches, newest first' });
    await waitFor(() => expect(canvas.getAllByRole('list', { name: /newest first/ })).toHaveLength(3));
    await expect(strip.querySelectorAll('[data-result="won"]')).toHaveLength(1);
    await waitFor(() => expect(canvas.getByRole('region', { name: en['scores.battle.type2'] })).toHaveTextContent('10 played, 4 won, 3 drawn, 3 lost'));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.scoreDetail'] },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText('Arsenal')).length).toBeGreaterThan(0);
    // The round and the players in English too, none of the fixtures' Chinese names.
    await expect(canvas.getByText('Premier League Round 12')).toBeVisible();
    const timeline = canvas.getByRole('list', { name: en['scores.timeline'] });
    await expect(timeline).toHaveTextContent(/Saka/);
    await expect(timeline).toHaveTextContent(/Ødegaard/);
    await expect(timeline).not.toHaveTextContent(/萨卡|帕尔默|[\u4e00-\u9fff]/);
  },
};
