import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RoomCard } from './room-card.tsx';
import { brokenImage, sampleAvatar, sampleCover, sampleCrestAway, sampleCrestHome } from './story-images.ts';

const meta = {
  title: 'ui/RoomCard',
  component: RoomCard,
  args: {
    title: '边看边聊：药厂 vs 拜仁',
    href: '#live-3',
    cover: sampleCover,
    status: 'in_progress',
    statusLabel: '直播中',
    viewersLabel: '1,204 人观看',
    anchorName: '解说大飞',
    anchorAvatar: sampleAvatar,
    categoryLabel: '德甲',
    match: {
      home: { name: '药厂', logo: sampleCrestHome, score: 0 },
      away: { name: '拜仁', logo: sampleCrestAway, score: 2 },
      middle: "43'",
    },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RoomCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '边看边聊：药厂 vs 拜仁' })).toHaveAttribute('href', '#live-3');
    await expect(canvas.getByText('直播中')).toBeVisible();
    await expect(canvas.getByText('1,204 人观看')).toBeVisible();
    await expect(canvas.getByText('0')).toBeVisible();
  },
};

export const Playground: Story = {
  argTypes: {
    title: { control: 'text' },
    status: { control: 'inline-radio', options: ['in_progress', 'not_started', 'over'] },
    statusLabel: { control: 'text' },
    viewersLabel: { control: 'text' },
    anchorName: { control: 'text' },
    categoryLabel: { control: 'text' },
  },
};

/** A room with no match on screen: no score line. */
export const WithoutMatch: Story = {
  args: { match: undefined, title: '主播聊球：周末五大联赛前瞻' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('VS')).toBeNull();
  },
};

/** Before kick-off: 'VS' instead of a score. */
export const NotStarted: Story = {
  args: {
    status: 'not_started',
    statusLabel: '未开始',
    viewersLabel: '0 人观看',
    match: { home: { name: '药厂', logo: sampleCrestHome }, away: { name: '拜仁', logo: sampleCrestAway } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('VS')).toBeVisible();
  },
};

/** No cover yet (or one that fails): the picture keeps its box. */
export const MissingCover: Story = {
  args: { cover: brokenImage, anchorAvatar: '' },
};

export const LongText: Story = {
  args: {
    title: '欧篮联直播｜巴黎篮球主场迎战皇家马德里，第三节比分胶着，一起来看！'.repeat(2),
    anchorName: '篮球解说员阿杰今晚不睡觉陪你看到天亮',
    categoryLabel: '欧洲篮球联赛',
    match: {
      home: { name: '巴黎篮球俱乐部', logo: sampleCrestHome, score: 78 },
      away: { name: '皇家马德里篮球队', logo: sampleCrestAway, score: 81 },
      middle: '第三节',
    },
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    title: 'Watch and chat: Leverkusen vs Bayern',
    statusLabel: 'Live',
    viewersLabel: '1,204 watching',
    anchorName: 'Big Fei',
    categoryLabel: 'Bundesliga',
    match: {
      home: { name: 'Leverkusen', logo: sampleCrestHome, score: 0 },
      away: { name: 'Bayern', logo: sampleCrestAway, score: 2 },
      middle: "43'",
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Watch and chat: Leverkusen vs Bayern' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
