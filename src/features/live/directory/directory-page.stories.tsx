import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import { DirectoryPage } from './directory-page.tsx';
import { DirectoryStoryProviders, sampleRoomsEnglish, type DirectoryServer } from './directory-story-api.tsx';

// /anchor as a whole, on the fake server of directory-story-api.tsx.

interface StoryArgs {
  title: string;
  path: string;
  server: DirectoryServer;
}

const meta = {
  title: 'live/pages/DirectoryPage',
  args: { title: zh['route.anchor'], path: '/anchor?type=0', server: {} },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  render: ({ title, path, server }) => (
    <DirectoryStoryProviders path={path} server={server}>
      <DirectoryPage title={title} />
    </DirectoryStoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const noHorizontalScroll = () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);

export const Default: Story = {
  play: async ({ canvas }) => {
    const rooms = await canvas.findByRole('list', { name: zh['liveDirectory.rooms'] });
    const titles = within(rooms).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(titles[0]).toBe('边看边聊：药厂 vs 拜仁');
    await expect(titles.at(-1)).toBe('昨晚英超集锦回看');
    await expect(canvas.getByRole('link', { name: zh['route.anchor'] })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByRole('navigation', { name: zh['liveDirectory.categories'] })).toBeVisible();
    await noHorizontalScroll();
  },
};

export const Playground: Story = {
  argTypes: {
    path: { control: 'select', options: ['/anchor?type=0', '/anchor?type=1', '/anchor?type=2', '/anchor?type=3', '/anchor?type=1&id=12&name=德甲'] },
  },
};

/** A type tab asks for that type's rooms and categories. */
export const ChooseType: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: zh['liveDirectory.rooms'] });
    await userEvent.click(canvas.getByRole('tab', { name: zh['nav.esports'] }));
    await waitFor(() =>
      expect(within(canvas.getByRole('list', { name: zh['liveDirectory.rooms'] })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        '英雄联盟全球总决赛 半决赛',
      ]),
    );
    await expect(await canvas.findByRole('link', { name: '英雄联盟' })).toBeVisible();
  },
};

export const Category: Story = {
  args: { path: '/anchor?type=1&id=12&name=德甲' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: '德甲' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The server cannot list categories yet: the type tabs alone. */
export const CategoriesNotYet: Story = {
  args: { server: { categoriesNotYet: true } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['liveDirectory.rooms'] });
    await expect(canvas.queryByRole('navigation', { name: zh['liveDirectory.categories'] })).toBeNull();
  },
};

export const Empty: Story = {
  args: { server: { empty: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['liveDirectory.noRooms'])).toBeVisible();
  },
};

export const Loading: Story = {
  args: { server: { hanging: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['common.loading'])).toBeVisible();
  },
};

export const Failed: Story = {
  args: { server: { failing: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['common.loadFailed'])).toBeVisible();
  },
};

/** Many rooms: more than a page, with page numbers. */
export const Paged: Story = {
  args: {
    server: {
      rooms: Array.from({ length: 30 }, (_, index) => ({
        ...sampleRoomsEnglish[index % sampleRoomsEnglish.length]!,
        id: index + 1,
        title: `欧篮联直播｜巴黎篮球主场迎战皇家马德里，第三节比分胶着，一起来看！第 ${String(index + 1)} 场`,
      })),
    },
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: zh['liveDirectory.rooms'] });
    await userEvent.click(canvas.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: '第 3 页' })).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(within(canvas.getByRole('list', { name: zh['liveDirectory.rooms'] })).getAllByRole('listitem')).toHaveLength(6));
  },
};

export const English: Story = {
  args: { title: en['route.anchor'], server: { rooms: sampleRoomsEnglish } },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Watch and chat: Leverkusen vs Bayern' })).toHaveAttribute('href', '/live?id=2');
    await expect(await canvas.findByRole('link', { name: 'Bundesliga' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['liveDirectory.rooms'] });
    await canvas.findByRole('navigation', { name: zh['liveDirectory.categories'] });
    await noHorizontalScroll();
  },
};

export const PhoneEnglish: Story = {
  args: { title: en['route.anchor'], server: { rooms: sampleRoomsEnglish } },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: en['liveDirectory.rooms'] });
    await canvas.findByRole('navigation', { name: en['liveDirectory.categories'] });
    await noHorizontalScroll();
  },
};
