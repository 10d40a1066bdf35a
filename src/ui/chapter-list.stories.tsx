import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChapterList, ChapterMarkers, type Chapter } from './chapter-list.tsx';

const clock = (seconds: number) => `${String(Math.floor(seconds / 60))}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const zhChapters: Chapter[] = [
  { at: 8, label: "12' 进球 · 阿森纳 · 萨卡 (1-0)", tone: 'goal' },
  { at: 21, label: "34' 黄牌 · 切尔西 · 恩佐", tone: 'yellow' },
  { at: 40, label: "67' 红牌 · 切尔西 · 库库雷利亚", tone: 'red' },
  { at: 55, label: "90+3' 进球 · 阿森纳 · 厄德高 (2-0)", tone: 'goal' },
];
const enChapters: Chapter[] = [
  { at: 8, label: "12' Goal · Arsenal · Saka (1-0)", tone: 'goal' },
  { at: 21, label: "34' Yellow card · Chelsea · Enzo", tone: 'yellow' },
  { at: 40, label: "67' Red card · Chelsea · Cucurella", tone: 'red' },
  { at: 55, label: "90+3' Goal · Arsenal · Ødegaard (2-0)", tone: 'goal' },
];

const meta = {
  title: 'ui/ChapterList',
  component: ChapterList,
  args: { chapters: zhChapters, title: '比赛章节', at: 0, formatTime: clock, onJump: fn() },
} satisfies Meta<typeof ChapterList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  argTypes: { at: { control: { type: 'range', min: 0, max: 64 } }, title: { control: 'text' } },
};

/** Picking a chapter asks the player to jump to that chapter's second, not to any other. */
export const JumpsToTheMoment: Story = {
  args: { chapters: enChapters, title: 'Chapters', at: 25 },
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /34' Yellow card/ })).toHaveAttribute('aria-current', 'time');
    await userEvent.click(canvas.getByRole('button', { name: /67' Red card/ }));
    await expect(args.onJump).toHaveBeenCalledOnce();
    await expect(args.onJump).toHaveBeenCalledWith(40);
    await expect(canvas.getByText('0:40')).toBeVisible();
  },
};

export const BeforeTheFirst: Story = {
  args: { at: 2 },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).not.toHaveAttribute('aria-current');
  },
};

export const Chinese: Story = { globals: { locale: 'zh' } };

export const English: Story = { args: { chapters: enChapters, title: 'Chapters' }, globals: { locale: 'en' } };

/** The ticks over a 64 s timeline: each sits at its share of the track and jumps when pressed. */
export const Markers: Story = {
  args: { chapters: enChapters },
  render: (args) => (
    <div style={{ position: 'relative', height: 20, margin: '0 12px', background: 'var(--ps-surface-muted)' }}>
      <ChapterMarkers chapters={args.chapters} duration={64} onJump={args.onJump} />
    </div>
  ),
  play: async ({ canvas, args }) => {
    const red = canvas.getByRole('button', { name: /67' Red card/ });
    await expect(red.style.left).toBe('62.5%');
    await userEvent.click(red);
    await expect(args.onJump).toHaveBeenCalledWith(40);
  },
};
