import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { FormStrip, type FormResult, type FormStripItem } from './form-strip.tsx';

const results: FormResult[] = ['won', 'won', 'drawn', 'lost', 'won', 'drawn', 'lost', 'lost', 'won', 'won'];

function itemsOf(home: string, away: string): FormStripItem[] {
  return results.map((result, index) => ({
    result,
    title: `2026-11-${String(18 - index).padStart(2, '0')} ${home} ${result === 'won' ? '2-1' : result === 'drawn' ? '1-1' : '0-2'} ${away}`,
  }));
}

const lettersOf = (messages: typeof zh) => ({
  won: messages['scores.result.won'],
  drawn: messages['scores.result.drawn'],
  lost: messages['scores.result.lost'],
});

const meta = {
  title: 'ui/FormStrip',
  component: FormStrip,
  args: { items: itemsOf('阿森纳', '切尔西'), letters: lettersOf(zh), label: '阿森纳 近10场，最近的在前' },
} satisfies Meta<typeof FormStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten results, newest first: the tiles show 胜, 平, 负 and read out each match. */
export const Chinese: Story = {
  globals: { locale: 'zh' },
  play: async ({ canvas }) => {
    const strip = canvas.getByRole('list', { name: '阿森纳 近10场，最近的在前' });
    await expect(strip.querySelectorAll('[data-result]')).toHaveLength(10);
    await expect(strip.querySelectorAll('[data-result="won"]')).toHaveLength(5);
    await expect(strip.querySelector('li')).toHaveTextContent('胜');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { items: itemsOf('Athletic Club', 'Real Sociedad'), letters: lettersOf(en), label: 'Athletic Club: last 10 matches, newest first' },
  play: async ({ canvas }) => {
    const strip = canvas.getByRole('list', { name: 'Athletic Club: last 10 matches, newest first' });
    await expect(strip.querySelectorAll('[data-result="lost"]')).toHaveLength(3);
    await expect(strip.querySelector('li')).toHaveAttribute('title', '2026-11-18 Athletic Club 2-1 Real Sociedad');
  },
};

/** A team with one match played. */
export const OneMatch: Story = {
  args: { items: itemsOf('阿森纳', '切尔西').slice(3, 4) },
};
