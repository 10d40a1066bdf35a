import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { sampleWorldCupRounds } from './story-matches.ts';
import { WorldCupBracket } from './world-cup-bracket.tsx';

const meta = {
  title: 'scores/WorldCupBracket',
  component: WorldCupBracket,
  args: { rounds: sampleWorldCupRounds },
} satisfies Meta<typeof WorldCupBracket>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const final = canvas.getByRole('region', { name: zh['scores.round.final'] });
    await expect(final).toHaveTextContent('阿根廷');
    await expect(canvas.getByRole('region', { name: zh['scores.round.third_place'] })).toBeVisible();
  },
};

export const Playground: Story = {};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: en['scores.round.semi_final'] })).toBeVisible();
    await expect(canvas.getAllByText('Argentina').length).toBe(2);
  },
};

export const Empty: Story = { args: { rounds: [] } };
