import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './avatar.tsx';
import { brokenImage, sampleAvatar, sampleLevelIcon } from './story-images.ts';

const meta = {
  title: 'ui/Avatar',
  component: Avatar,
  args: { src: sampleAvatar, name: '球迷小王', size: 48 },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '球迷小王' })).toBeVisible();
  },
};

export const Playground: Story = {
  args: { level: 12, levelLabel: 'Level 12' },
  argTypes: {
    size: { control: { type: 'range', min: 16, max: 128, step: 4 } },
    level: { control: 'number' },
    src: { control: 'text' },
    name: { control: 'text' },
  },
};

export const WithLevelBadge: Story = {
  args: { levelIcon: sampleLevelIcon, level: 19, levelLabel: '等级 19' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '等级 19' })).toBeVisible();
  },
};

export const WithLevelNumber: Story = {
  globals: { locale: 'en' },
  args: { name: 'Fan Wang', level: 7, levelLabel: 'Level 7' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Level 7')).toHaveTextContent('Lv7');
  },
};

/** No picture, or one that fails: the name's first letter on a neutral ground. */
export const Fallback: Story = {
  args: { src: brokenImage, name: 'anchor' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    await expect(canvas.getByRole('img', { name: 'anchor' })).toHaveTextContent('A');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      {[24, 32, 48, 72].map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { src: '', name: '解说大飞' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { src: '', name: 'Big Fei' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Big Fei' })).toHaveTextContent('B');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { src: '', levelIcon: sampleLevelIcon, level: 3, levelLabel: '等级 3' },
};
