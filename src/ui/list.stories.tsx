import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Card } from './card.tsx';
import { List } from './list.tsx';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: '曼城 2 - 1 阿森纳' },
  { id: 2, name: '湖人 108 - 99 勇士' },
  { id: 3, name: 'TT 1 - 0 LGD' },
];

const meta = {
  title: 'ui/List',
  component: List<Row>,
  args: {
    label: zh['scores.hotMatches'],
    status: 'ready',
    items: rows,
    getKey: (row: Row) => row.id,
    renderItem: (row: Row) => <div style={{ padding: '10px 4px' }}>{row.name}</div>,
    emptyLabel: zh['common.noData'],
    loadingLabel: zh['common.loading'],
  },
} satisfies Meta<typeof List<Row>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: zh['scores.hotMatches'] });
    await expect(list.querySelectorAll('li')).toHaveLength(3);
  },
};

export const Playground: Story = {
  argTypes: {
    status: { control: 'inline-radio', options: ['loading', 'error', 'ready'] },
    layout: { control: 'inline-radio', options: ['rows', 'grid'] },
    minItemWidth: { control: { type: 'range', min: 120, max: 400, step: 20 } },
  },
};

/** SPEC §8: 'Data loading, please wait!' before the first answer. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['common.loading']);
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** SPEC §8: 'No data' when there is nothing. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['common.noData']);
  },
};

export const Failed: Story = {
  args: { status: 'error', items: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['common.noData']);
  },
};

export const Grid: Story = {
  args: {
    layout: 'grid',
    minItemWidth: 180,
    items: [...rows, { id: 4, name: '皇马 0 - 0 巴萨' }, { id: 5, name: '凯尔特人 88 - 90 热火' }],
    renderItem: (row: Row) => <Card title={row.name} />,
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { items: [] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'loading', label: en['scores.hotMatches'], emptyLabel: en['common.noData'], loadingLabel: en['common.loading'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Data loading, please wait!')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
