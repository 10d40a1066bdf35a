import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { StandingsTable } from './standings-table.tsx';
import { sampleBasketballTable, sampleFootballTable } from './story-matches.ts';

const meta = {
  title: 'scores/StandingsTable',
  component: StandingsTable,
  args: { table: sampleFootballTable },
} satisfies Meta<typeof StandingsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: zh['scores.goalsFull'] })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: zh['scores.pointsFull'] })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Basketball: no goals and no draws, but win rate, games behind and points per game. */
export const Basketball: Story = {
  args: { table: sampleBasketballTable },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: en['scores.goalsFull'] })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: en['scores.drawnFull'] })).toBeNull();
    await expect(canvas.getByRole('columnheader', { name: en['scores.pointsForFull'] })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: en['scores.gamesBehindFull'] })).toBeVisible();
    // 2106 points in 18 games
    await expect(canvas.getByText('117.0')).toBeVisible();
    await expect(canvas.getByText('+9.0')).toBeVisible();
  },
};

export const BasketballChinese: Story = {
  args: { table: sampleBasketballTable },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: zh['scores.pointsForFull'] })).toBeVisible();
  },
};

export const English: Story = { globals: { locale: 'en' } };
