import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from './avatar.tsx';
import { Card } from './card.tsx';
import { Image } from './image.tsx';
import { MatchLine } from './match-line.tsx';
import { StatusBadge } from './status-badge.tsx';
import { sampleAvatar, sampleCover, sampleCrestAway, sampleCrestHome } from './story-images.ts';

const meta = {
  title: 'ui/Card',
  component: Card,
  args: {
    title: '边看边聊：药厂 vs 拜仁',
    href: '#live-3',
    media: <Image src={sampleCover} alt="" />,
    children: (
      <>
        <Avatar src={sampleAvatar} name="解说大飞" size={24} />
        <span>解说大飞</span>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 3, name: '边看边聊：药厂 vs 拜仁' });
    await expect(canvas.getByRole('link', { name: '边看边聊：药厂 vs 拜仁' })).toHaveAttribute('href', '#live-3');
    await expect(heading).toBeVisible();
  },
};

export const Playground: Story = {
  argTypes: {
    title: { control: 'text' },
    href: { control: 'text' },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
  },
};

export const LiveRoom: Story = {
  args: {
    media: (
      <div style={{ position: 'relative' }}>
        <Image src={sampleCover} alt="" />
        <span style={{ position: 'absolute', top: 8, left: 8 }}>
          <StatusBadge status="in_progress" label="直播中" />
        </span>
      </div>
    ),
    children: (
      <>
        <Avatar src={sampleAvatar} name="解说大飞" size={24} />
        <span>解说大飞</span>
        <div style={{ flexBasis: '100%' }}>
          <MatchLine
            home={{ name: '药厂', logo: sampleCrestHome, score: 0 }}
            away={{ name: '拜仁', logo: sampleCrestAway, score: 2 }}
            middle="43'"
          />
        </div>
      </>
    ),
  },
};

export const WithoutLink: Story = {
  args: { href: undefined, media: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const LongTitle: Story = {
  args: { title: '欧篮联直播｜巴黎篮球主场迎战皇家马德里，第三节比分胶着，一起来看！'.repeat(2) },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    title: 'Watch and chat: Leverkusen vs Bayern',
    children: (
      <>
        <Avatar src={sampleAvatar} name="Big Fei" size={24} />
        <span>Big Fei</span>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Watch and chat: Leverkusen vs Bayern' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
