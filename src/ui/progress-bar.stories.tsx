import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { ProgressBar } from './progress-bar.tsx';

const meta = {
  title: 'ui/ProgressBar',
  component: ProgressBar,
  args: { label: zh['progress.loadingPage'], value: 0.4 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 400 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: zh['progress.loadingPage'] });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
  },
};

export const Playground: Story = {
  argTypes: {
    value: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    placement: { control: 'inline-radio', options: ['inline', 'page'] },
    finishing: { control: 'boolean' },
  },
};

/** How long is unknown: no value, and the bar creeps (frozen in tests). */
export const Indeterminate: Story = {
  args: { value: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  },
};

export const Complete: Story = {
  args: { value: 1 },
};

/** The route progress bar: thin, fixed at the top of the window (SPEC §1). */
export const Page: Story = {
  args: { placement: 'page', value: 0.7 },
  parameters: { layout: 'fullscreen' },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['progress.loadingPage'], value: 0.9 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading page' })).toHaveAttribute('aria-valuenow', '90');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
