import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import { DirectoryStoryProviders, sampleRoomsEnglish, type DirectoryServer } from './directory-story-api.tsx';
import { RankPage } from './rank-page.tsx';

// /rank as a whole, on the fake server of directory-story-api.tsx.

interface StoryArgs {
  title: string;
  server: DirectoryServer;
}

const meta = {
  title: 'live/pages/RankPage',
  args: { title: zh['route.rank'], server: {} },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  render: ({ title, server }) => (
    <DirectoryStoryProviders path="/rank" server={server}>
      <RankPage title={title} />
    </DirectoryStoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const noHorizontalScroll = () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);

export const Default: Story = {
  play: async ({ canvas }) => {
    const anchors = await canvas.findByRole('list', { name: zh['liveDirectory.rank.anchors'] });
    // Hottest first: the e-sports room (8,800) leads, the room that is over (900) comes last.
    const rows = within(anchors).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('电竞小鱼');
    await expect(rows.at(-1)).toHaveTextContent('老K看球');
    await expect(canvas.getByRole('link', { name: zh['route.rank'] })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByText('土豪老张')).toBeVisible();
  },
};

export const Playground: Story = {};

/** Another room and another period: that room's givers over that period. */
export const ChooseRoomAndPeriod: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('土豪老张');
    await userEvent.selectOptions(canvas.getByLabelText(zh['liveDirectory.rank.room']), '2');
    await expect(await canvas.findByRole('heading', { name: '解说大飞 的贡献榜' })).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: zh['liveDirectory.rank.month'] }));
    await waitFor(() => expect(canvas.getByRole('tab', { name: zh['liveDirectory.rank.month'] })).toHaveAttribute('aria-selected', 'true'));
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

export const English: Story = {
  args: { title: en['route.rank'], server: { rooms: sampleRoomsEnglish } },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Gift ranking: Esports Fish' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByText('土豪老张');
    await noHorizontalScroll();
  },
};

export const PhoneEnglish: Story = {
  args: { title: en['route.rank'], server: { rooms: sampleRoomsEnglish } },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByText('土豪老张');
    await noHorizontalScroll();
  },
};
