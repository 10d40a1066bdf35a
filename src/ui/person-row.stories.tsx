import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { List } from './list.tsx';
import { MatchLine } from './match-line.tsx';
import { PersonRow } from './person-row.tsx';
import { StatusBadge } from './status-badge.tsx';
import { sampleAvatar, sampleAvatarAlt, sampleCrestAway, sampleCrestHome, sampleLevelIcon } from './story-images.ts';

const meta = {
  title: 'ui/PersonRow',
  component: PersonRow,
  args: {
    name: '解说大飞',
    avatar: sampleAvatar,
    levelIcon: sampleLevelIcon,
    rank: 1,
    rankLabel: '第 1 名',
    detail: '边看边聊：药厂 vs 拜仁',
    href: '#live-3',
    badge: <StatusBadge status="in_progress" label="直播中" />,
    value: '热度 12,400',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PersonRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /解说大飞/ })).toHaveAttribute('href', '#live-3');
    await expect(canvas.getByLabelText('第 1 名')).toHaveTextContent('1');
    await expect(canvas.getByText('热度 12,400')).toBeVisible();
  },
};

export const Playground: Story = {
  argTypes: {
    name: { control: 'text' },
    detail: { control: 'text' },
    value: { control: 'text' },
    rank: { control: { type: 'number', min: 1 } },
    href: { control: 'text' },
  },
};

/** A ranking: the first three places marked out. */
export const Ranking: Story = {
  render: () => (
    <List
      label="贡献榜"
      status="ready"
      items={[1, 2, 3, 4]}
      getKey={(rank) => rank}
      renderItem={(rank) => (
        <PersonRow rank={rank} name={`球迷${String(rank)}号`} avatar={rank % 2 ? sampleAvatar : sampleAvatarAlt} value={`${String(Math.round(5000 / rank))} 黄钻`} />
      )}
      emptyLabel="暂无数据"
      loadingLabel="数据加载中，请稍候！"
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
  },
};

/** Without a room: the name is plain text. */
export const WithoutLink: Story = {
  args: { href: undefined, rank: undefined, badge: undefined, value: undefined, detail: '今天也要开心看球' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** More under the detail: a match. */
export const WithMatch: Story = {
  args: {
    rank: undefined,
    value: '32 人预约',
    badge: <StatusBadge status="not_started" label="未开始" />,
    children: <MatchLine home={{ name: '药厂', logo: sampleCrestHome }} away={{ name: '拜仁', logo: sampleCrestAway }} />,
  },
};

export const Empty: Story = {
  render: () => <List label="贡献榜" status="ready" items={[]} getKey={String} renderItem={() => null} emptyLabel="这段时间暂无送礼" loadingLabel="数据加载中，请稍候！" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('这段时间暂无送礼');
  },
};

export const Loading: Story = {
  render: () => <List label="贡献榜" status="loading" items={undefined} getKey={String} renderItem={() => null} emptyLabel="暂无数据" loadingLabel="数据加载中，请稍候！" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const LongText: Story = {
  args: {
    name: '篮球解说员阿杰今晚不睡觉陪你看到天亮'.repeat(2),
    detail: '欧篮联直播｜巴黎篮球主场迎战皇家马德里，第三节比分胶着，一起来看！'.repeat(2),
    value: '热度 1,234,567,890',
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { name: '篮球解说员阿杰今晚不睡觉陪你看到天亮', detail: '欧篮联直播｜巴黎篮球主场迎战皇家马德里' },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    name: 'Big Fei',
    rankLabel: 'No. 1',
    detail: 'Watch and chat: Leverkusen vs Bayern',
    badge: <StatusBadge status="in_progress" label="Live" />,
    value: '12,400 heat',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Big Fei/ })).toBeVisible();
  },
};
