import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import { link } from '../../../routes.ts';
import { AttentionPage } from './attention-page.tsx';
import { DirectoryStoryProviders, type DirectoryServer } from './directory-story-api.tsx';
import { asGuest, asLoggedInViewer } from './directory-story-session.ts';

// /attention as a whole, on the fake server of directory-story-api.tsx.

interface StoryArgs {
  title: string;
  server: DirectoryServer;
}

const meta = {
  title: 'live/pages/AttentionPage',
  args: { title: zh['route.attention'], server: {} },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'laptop' } },
  beforeEach: asLoggedInViewer,
  render: ({ title, server }) => (
    <DirectoryStoryProviders path="/attention" server={server}>
      <AttentionPage title={title} />
    </DirectoryStoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: zh['route.attention'] });
    const rows = within(list).getAllByRole('listitem');
    // On air first, though the server sent the anchor whose broadcast is over first.
    await expect(rows[0]).toHaveTextContent('解说大飞');
    await expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/live?id=2');
    await expect(rows.at(-1)).toHaveTextContent('球迷小王');
    await expect(within(rows.at(-1)!).queryByRole('link')).toBeNull();
  },
};

export const Playground: Story = {};

/** A guest is asked to log in, and nothing is asked of the server. */
export const Guest: Story = {
  beforeEach: asGuest,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['liveDirectory.loginToSee'])).toBeVisible();
    await expect(canvas.queryByRole('list', { name: zh['route.attention'] })).toBeNull();
  },
};

export const Empty: Story = {
  args: { server: { empty: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['persona.empty'])).toBeVisible();
    // Nothing followed yet: the page leads on to the streamers.
    await expect(canvas.getByRole('link', { name: zh['liveDirectory.attention.browse'] })).toHaveAttribute('href', link('anchor', { type: 0 }));
  },
};

export const Loading: Story = {
  args: { server: { hanging: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['common.loading'])).toBeVisible();
  },
};

export const English: Story = {
  args: { title: en['route.attention'] },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: en['route.attention'] })).toBeVisible();
  },
};

export const GuestEnglish: Story = {
  args: { title: en['route.attention'] },
  beforeEach: asGuest,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(en['liveDirectory.attention.guest'])).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['route.attention'] });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
