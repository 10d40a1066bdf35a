import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Image } from './image.tsx';
import { brokenImage, sampleCover } from './story-images.ts';

const meta = {
  title: 'ui/Image',
  component: Image,
  args: { src: sampleCover, alt: '欧冠直播封面', width: 320, height: 180 },
} satisfies Meta<typeof Image>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img', { name: '欧冠直播封面' });
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '320');
  },
};

export const Playground: Story = {
  argTypes: {
    fit: { control: 'inline-radio', options: ['cover', 'contain'] },
    shape: { control: 'inline-radio', options: ['square', 'rounded', 'circle'] },
    lazy: { control: 'boolean' },
    src: { control: 'text' },
  },
};

/** A failing address keeps the box and shows the fallback, still named for screen readers. */
export const Broken: Story = {
  args: { src: brokenImage },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    await expect(canvas.getByRole('img', { name: '欧冠直播封面' }).tagName).toBe('SPAN');
  },
};

export const Missing: Story = {
  args: { src: '', alt: '' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const Rounded: Story = {
  args: { shape: 'rounded' },
};

export const Circle: Story = {
  args: { shape: 'circle', width: 96, height: 96 },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { alt: 'Champions League stream cover' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Champions League stream cover' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { src: '' },
};
