import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon } from './icon.tsx';
import { NavLinks } from './nav-links.tsx';

const sideItems = [
  { key: 'anchor', label: '主播', href: '#anchor', icon: <Icon name="live" size={18} /> },
  { key: 'rank', label: '排行榜', href: '#rank', icon: <Icon name="trophy" size={18} /> },
  { key: 'attention', label: '我的关注', href: '#attention', icon: <Icon name="star" size={18} /> },
  { key: 'reserve', label: '我的预约', href: '#reserve', icon: <Icon name="calendar" size={18} /> },
];

const meta = {
  title: 'ui/NavLinks',
  component: NavLinks,
  args: { label: '主播分区', items: sideItems, current: 'rank', variant: 'side' },
} satisfies Meta<typeof NavLinks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主播分区' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: '排行榜' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: '主播' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: '我的预约' })).toHaveAttribute('href', '#reserve');
  },
};

export const Playground: Story = {
  argTypes: {
    variant: { control: 'inline-radio', options: ['side', 'chips'] },
    current: { control: 'select', options: sideItems.map((item) => item.key) },
    label: { control: 'text' },
  },
};

/** Category filters: pills that wrap. */
export const Chips: Story = {
  args: {
    label: '直播分类',
    variant: 'chips',
    current: 'all',
    items: [
      { key: 'all', label: '全部', href: '#all' },
      { key: '1', label: '英超', href: '#1' },
      { key: '2', label: '西甲', href: '#2' },
      { key: '3', label: '德甲', href: '#3' },
      { key: '4', label: '意甲', href: '#4' },
      { key: '5', label: '中超', href: '#5' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Nothing to offer: an empty landmark rather than a broken one. */
export const Empty: Story = {
  args: { items: [], current: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

/** On a phone the side tabs become one row that scrolls on its own; the page does not. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvasElement.querySelector('ul')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    variant: 'chips',
    label: '直播分类',
    current: '2',
    items: [
      { key: '1', label: '欧洲冠军联赛淘汰赛阶段精彩直播', href: '#1' },
      { key: '2', label: '美国职业篮球联赛常规赛与季后赛全程直播专区', href: '#2' },
      { key: '3', label: '英雄联盟全球总决赛', href: '#3' },
    ],
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    label: 'Streamer sections',
    items: [
      { key: 'anchor', label: 'Streamers', href: '#anchor', icon: <Icon name="live" size={18} /> },
      { key: 'rank', label: 'Rankings', href: '#rank', icon: <Icon name="trophy" size={18} /> },
      { key: 'attention', label: 'Following', href: '#attention', icon: <Icon name="star" size={18} /> },
      { key: 'reserve', label: 'Reminders', href: '#reserve', icon: <Icon name="calendar" size={18} /> },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Rankings' })).toHaveAttribute('aria-current', 'page');
  },
};
