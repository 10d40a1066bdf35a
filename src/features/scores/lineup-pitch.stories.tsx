import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { LineupPitch, type LineupTexts } from './lineup-pitch.tsx';
import { sampleBasketballLineups, sampleLineups } from './story-matches.ts';

type Messages = typeof zh;

function textsOf(messages: Messages): LineupTexts {
  return {
    lineups: messages['scores.lineups'],
    substitutes: messages['scores.lineup.substitutes'],
    starters: messages['scores.lineup.starters'],
    coach: messages['scores.lineup.coach'],
    points: messages['scores.lineup.points'],
    player: messages['scores.lineup.player'],
    shirt: messages['scores.lineup.shirt'],
    event: (kind, minute) => messages[`scores.lineup.event.${kind}`].replace('{minute}', String(minute)),
  };
}

const meta = {
  title: 'scores/LineupPitch',
  component: LineupPitch,
  args: {
    lineups: sampleLineups,
    teams: ['阿森纳', '切尔西'],
    nameOf: (name: string, _en: string) => name,
    texts: textsOf(zh),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LineupPitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 4-3-3 against 4-2-3-1 on one pitch, goals, a card and a substitution marked; benches and coaches below. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const pitch = canvas.getByRole('group', { name: zh['scores.lineups'] });
    await expect(pitch).toBeVisible();
    await expect(canvas.getByRole('list', { name: '阿森纳' }).querySelectorAll('li')).toHaveLength(11);
    await expect(canvas.getByText('萨卡')).toBeVisible();
    await expect(canvas.getAllByText("23' 进球")[0]).toBeInTheDocument();
    await expect(canvas.getByText(/阿尔特塔/)).toBeVisible();
    await expect(canvas.getByRole('region', { name: `阿森纳 · ${zh['scores.lineup.substitutes']}` })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { teams: ['Arsenal', 'Chelsea'], nameOf: (_zh: string, name: string) => name, texts: textsOf(en) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Saka')).toBeVisible();
    await expect(canvas.getByText(/Coach: Arteta/)).toBeVisible();
  },
};

/** Basketball: each team's starting five and bench with their points. */
export const Basketball: Story = {
  args: { lineups: sampleBasketballLineups, teams: ['湖人', '勇士'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: '湖人' })).toBeVisible();
    await expect(canvas.getAllByText(zh['scores.lineup.starters'])).toHaveLength(2);
  },
};

export const BasketballEnglish: Story = {
  globals: { locale: 'en' },
  args: { lineups: sampleBasketballLineups, teams: ['Lakers', 'Warriors'], texts: textsOf(en) },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
