import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import { DirectoryStoryProviders, type DirectoryServer } from './directory-story-api.tsx';
import { asGuest, asLoggedInViewer } from './directory-story-session.ts';
import { ReservePage } from './reserve-page.tsx';

// /reserve as a whole, on the fake server of directory-story-api.tsx.

interface StoryArgs {
  title: string;
  server: DirectoryServer;
}

const meta = {
  title: 'live/pages/ReservePage',
  args: { title: zh['route.reserve'], server: {} },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  beforeEach: asLoggedInViewer,
  render: ({ title, server }) => (
    <DirectoryStoryProviders path="/reserve" server={server}>
      <ReservePage title={title} />
    </DirectoryStoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const mine = await canvas.findByRole('list', { name: zh['liveDirectory.reserve.mine'] });
    await expect(within(mine).getAllByRole('listitem')).toHaveLength(2);
    const upcoming = await canvas.findByRole('list', { name: zh['liveDirectory.reserve.upcoming'] });
    // Soonest first: 德甲收官战 starts in an hour, the NBA broadcast in two, the Premier League one tomorrow.
    const rows = within(upcoming).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('德甲收官战');
    await expect(rows.at(-1)).toHaveTextContent('英超周日大战前瞻');
    await expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/live?id=2');
  },
};

export const Playground: Story = {};

/** A guest sees what is coming up, and is asked to log in for their own reminders. */
export const Guest: Story = {
  beforeEach: asGuest,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['liveDirectory.reserve.guest'])).toBeVisible();
    await expect(await canvas.findByRole('list', { name: zh['liveDirectory.reserve.upcoming'] })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { server: { empty: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['liveDirectory.reserve.noReminders'])).toBeVisible();
    await expect(await canvas.findByText(zh['liveDirectory.reserve.noUpcoming'])).toBeVisible();
  },
};

export const Loading: Story = {
  args: { server: { hanging: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(zh['common.loading'])).toHaveLength(2);
  },
};

export const English: Story = {
  args: { title: en['route.reserve'] },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: en['liveDirectory.reserve.upcoming'] })).toBeVisible();
    await expect(await canvas.findByText('Lakers')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['liveDirectory.reserve.upcoming'] });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const PhoneEnglish: Story = {
  args: { title: en['route.reserve'] },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: en['liveDirectory.reserve.upcoming'] });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
