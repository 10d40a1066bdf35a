import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { SearchBox } from './search-box.tsx';

const matches = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  league: ['欧冠', '英超', 'CBA', 'LPL'][index % 4] ?? '欧冠',
  teams: `主队${String(index + 1)} VS 客队${String(index + 1)}`,
  href: `/score-detail?id=${String(index + 1)}`,
}));

const meta = {
  title: 'app/SearchBox',
  component: SearchBox,
  args: {
    history: ['曼城', '湖人', 'LPL'],
    hot: { status: 'ready', matches },
    onSearch: fn(),
    onClearHistory: fn(),
    onOpen: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--ps-topbar-bg)', padding: 12, width: 280, minHeight: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('search')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: '搜索' })).toHaveAttribute('maxlength', '10');
  },
};

export const Playground: Story = {
  argTypes: { hot: { control: 'object' }, history: { control: 'object' } },
};

/** Focus opens the panel: history, and the top 10 hot matches (12 were given). */
export const Open: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    const hot = canvas.getByRole('heading', { name: '热门比赛' }).parentElement?.querySelectorAll('li');
    await expect(hot).toHaveLength(10);
  },
};

export const SearchByEnterAndHistory: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), '  欧冠  {Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('欧冠');
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.click(canvas.getByRole('button', { name: '湖人' }));
    await expect(args.onSearch).toHaveBeenLastCalledWith('湖人');
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.click(canvas.getByRole('button', { name: '清空' }));
    await expect(args.onClearHistory).toHaveBeenCalledTimes(1);
  },
};

export const EmptyTextDoesNotSearch: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), '   {Enter}');
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

export const KeyboardIntoPanel: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('button', { name: '清空' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('searchbox')).toHaveFocus();
    await expect(canvas.queryByRole('heading', { name: '热门比赛' })).toBeNull();
  },
};

/** The most watched streamers on air as hot search words: a word searches at once. */
export const HotSearches: Story = {
  args: { history: [], hot: { status: 'ready', matches: matches.slice(0, 4), keywords: ['解说大飞', '足球老炮儿', '峡谷解说阿泽'] } },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.click(canvas.getByRole('button', { name: '足球老炮儿' }));
    await expect(args.onSearch).toHaveBeenCalledWith('足球老炮儿');
    await userEvent.click(canvas.getByRole('searchbox'));
    await expect(canvas.getByRole('heading', { name: '热门搜索' })).toBeVisible();
  },
};

export const LoadingHot: Story = {
  args: { history: [], hot: { status: 'loading', matches: [] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await expect(canvas.getByText('还没有搜索过')).toBeVisible();
    await expect(canvas.getByText('数据加载中，请稍候！')).toBeVisible();
  },
};

export const NoHot: Story = {
  args: { hot: { status: 'error', matches: [] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await expect(canvas.getByText('暂无数据')).toBeVisible();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox', { name: 'Search' }));
    await expect(canvas.getByRole('heading', { name: 'Hot matches' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
  },
};
