import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { iconNames } from './icon.tsx';

const meta = {
  title: 'ui/EmptyState',
  component: EmptyState,
  args: { title: zh['common.noData'] },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['common.noData']);
  },
};

export const Playground: Story = {
  args: { description: zh['common.notBuilt'] },
  argTypes: {
    icon: { control: 'select', options: iconNames },
    busy: { control: 'boolean' },
    title: { control: 'text' },
    description: { control: 'text' },
  },
};

export const Loading: Story = {
  args: { title: zh['common.loading'], busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const NotBuilt: Story = {
  args: { description: zh['common.notBuilt'] },
};

export const WithAction: Story = {
  args: { icon: 'search', title: zh['notFound.body'], action: <Button variant="primary">{zh['notFound.backHome']}</Button> },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { description: zh['common.notBuilt'] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { title: en['common.noData'], description: en['common.notBuilt'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No data')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { description: zh['common.notBuilt'] },
};
