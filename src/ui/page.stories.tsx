import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

const meta = {
  title: 'ui/Page',
  component: Page,
  args: {
    title: zh['route.football'],
    children: <EmptyState title={zh['common.noData']} description={zh['common.notBuilt']} />,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: zh['route.football'] })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['common.noData']);
  },
};

export const Playground: Story = {
  argTypes: { title: { control: 'text' }, subtitle: { control: 'text' } },
};

export const WithSubtitleAndActions: Story = {
  args: { subtitle: zh['common.notBuilt'], actions: <Button variant="primary">{zh['topBar.topUp']}</Button> },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.football'], children: <EmptyState title={en['common.noData']} description={en['common.notBuilt']} /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Football scores' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
