import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { GiftEffect, type GiftEffectProps, type ShownGiftEffect } from './gift-effect.tsx';

// A gift over a picture-sized box. The picture is drawn inline (a golden ball), so no story needs the network.
const goldenBall = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="26" fill="#ffd43b" stroke="#c98a00" stroke-width="2"/><path d="M32 20l8 6-3 10H27l-3-10z" fill="#c98a00"/></svg>',
)}`;

const zhLabels: Pick<GiftEffectProps, 'sentLabel' | 'comboLabel'> = {
  sentLabel: (effect) => `${effect.nick} 送出 ${effect.giftName} ×${String(effect.count)}`,
  comboLabel: (combo) => `连击 ×${String(combo)}`,
};
const enLabels: Pick<GiftEffectProps, 'sentLabel' | 'comboLabel'> = {
  sentLabel: (effect) => `${effect.nick} sent ${effect.giftName} ×${String(effect.count)}`,
  comboLabel: (combo) => `Combo ×${String(combo)}`,
};

const effect = (overrides: Partial<ShownGiftEffect> = {}): ShownGiftEffect => ({
  key: '7:8',
  nick: '球迷小王',
  giftName: '金球',
  picture: goldenBall,
  size: 'big',
  count: 1,
  combo: 1,
  ...overrides,
});

function OverPicture(props: GiftEffectProps) {
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 720, aspectRatio: '16 / 9', background: 'linear-gradient(#2f6b3a, #1d4a27)' }}>
      <GiftEffect {...props} />
    </div>
  );
}

const meta = {
  title: 'ui/GiftEffect',
  component: OverPicture,
  args: { effect: effect(), ...zhLabels, onSkip: fn() },
} satisfies Meta<typeof OverPicture>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('球迷小王 送出 金球 ×1');
    await userEvent.click(canvas.getByRole('status'));
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    effect: { control: 'object' },
  },
};

export const Small: Story = {
  args: { effect: effect({ size: 'small', giftName: '足球', count: 3 }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-gift-effect="small"]')).not.toBeNull();
  },
};

export const Fullscreen: Story = {
  args: { effect: effect({ size: 'fullscreen', giftName: '火箭' }) },
};

export const Combo: Story = {
  args: { effect: effect({ size: 'small', giftName: '足球', count: 12, combo: 12 }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('连击 ×12')).toBeVisible();
  },
};

export const NoCombo: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/连击/)).toBeNull();
  },
};

export const Nothing: Story = {
  args: { effect: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const LongNickname: Story = {
  args: { effect: effect({ size: 'small', nick: '一位名字特别特别特别特别长的热情球迷朋友', count: 99 }) },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { effect: effect({ combo: 3, count: 3 }) },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { effect: effect({ nick: 'Wang the fan', giftName: 'Golden Ball', combo: 3, count: 3 }), ...enLabels },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Wang the fan sent Golden Ball ×3');
    await expect(canvas.getByText('Combo ×3')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
