import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BannerCarousel } from './banner-carousel.tsx';
import { sampleCover } from './story-images.ts';

const slides = [
  { id: 1, image: sampleCover, title: '欧冠之夜，全场直播', href: '/anchor?type=1' },
  { id: 2, image: sampleCover, title: '专家方案，赛前必看', href: '/specialist?type=0' },
  { id: 3, image: sampleCover, title: '社区圈子：和球迷一起聊球', href: '/circle' },
];

const meta = {
  title: 'ui/BannerCarousel',
  component: BannerCarousel,
  args: {
    slides,
    label: '精选',
    previousLabel: '上一张',
    nextLabel: '下一张',
    slideLabel: (index: number, count: number) => `第 ${index} 张，共 ${count} 张`,
    interval: 0,
  },
  decorators: [(Story) => <div style={{ maxWidth: 900 }}>{Story()}</div>],
} satisfies Meta<typeof BannerCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /欧冠之夜/ })).toHaveAttribute('href', '/anchor?type=1');
    await userEvent.click(canvas.getByRole('button', { name: '下一张' }));
    await expect(canvas.getByRole('link', { name: /专家方案/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '上一张' }));
    await userEvent.click(canvas.getByRole('button', { name: '上一张' }));
    await expect(canvas.getByRole('link', { name: /社区圈子/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '第 1 张，共 3 张' }));
    await expect(canvas.getByRole('button', { name: '第 1 张，共 3 张' })).toHaveAttribute('aria-current', 'true');
  },
};

export const Playground: Story = {
  argTypes: { interval: { control: 'number' } },
};

export const OneSlide: Story = {
  args: { slides: slides.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: '下一张' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { slides: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
  },
};

/** While the slides load, the box keeps its place: nothing below moves when they arrive. */
export const Pending: Story = {
  args: { slides: [], pending: true },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('region', { name: '精选' });
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(box.getBoundingClientRect().height).toBeGreaterThan(200);
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const English: Story = {
  args: {
    slides: [{ id: 1, image: sampleCover, title: 'Champions League nights, every minute live and in full, with long words', href: '/anchor?type=1' }, ...slides.slice(1)],
    label: 'Featured',
    previousLabel: 'Previous slide',
    nextLabel: 'Next slide',
    slideLabel: (index: number, count: number) => `Slide ${index} of ${count}`,
  },
};
