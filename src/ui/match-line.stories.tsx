import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MatchLine } from './match-line.tsx';
import { sampleCrestAway, sampleCrestHome } from './story-images.ts';

const meta = {
  title: 'ui/MatchLine',
  component: MatchLine,
  args: {
    home: { name: '药厂', logo: sampleCrestHome, score: 0 },
    away: { name: '拜仁', logo: sampleCrestAway, score: 2 },
    middle: "43'",
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MatchLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent("药厂0-243'拜仁");
  },
};

export const Playground: Story = {
  argTypes: { size: { control: 'inline-radio', options: ['compact', 'large'] }, middle: { control: 'text' } },
};

export const NotStarted: Story = {
  args: { home: { name: '曼城', logo: sampleCrestHome }, away: { name: '阿森纳', logo: sampleCrestAway }, middle: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('VS')).toBeVisible();
  },
};

export const Basketball: Story = {
  args: { home: { name: '湖人', logo: sampleCrestHome, score: 108 }, away: { name: '勇士', logo: sampleCrestAway, score: 99 }, middle: 'Q4 2:31' },
};

export const Large: Story = {
  args: { size: 'large' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
};

export const MissingCrests: Story = {
  args: { home: { name: '北京', logo: '', score: 13 }, away: { name: '深圳', logo: '', score: 8 }, middle: 'Q1' },
};

export const LongNames: Story = {
  args: { home: { name: '毕尔巴鄂竞技足球俱乐部', logo: sampleCrestHome, score: 1 }, away: { name: '赫塔费足球俱乐部', logo: sampleCrestAway, score: 0 } },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { home: { name: 'Leverkusen', logo: sampleCrestHome, score: 0 }, away: { name: 'Bayern', logo: sampleCrestAway, score: 2 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Bayern')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
