import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { GoodsCard } from './goods-card.tsx';
import { brokenImage, sampleLevelIcon } from './story-images.ts';

const meta = {
  title: 'ui/GoodsCard',
  component: GoodsCard,
  args: {
    name: '玫瑰×5',
    img: sampleLevelIcon,
    description: '兑换后放入背包，可免费赠送给主播',
    kindLabel: '礼物',
    priceLabel: '50 金币',
    stockLabel: '库存充足',
    actionLabel: '兑换',
    soldOut: false,
    onExchange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 220 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GoodsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: '玫瑰×5' })).toBeVisible();
    await expect(canvas.getByText('50 金币')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '兑换: 玫瑰×5' }));
    await expect(args.onExchange).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    name: { control: 'text' },
    description: { control: 'text' },
    priceLabel: { control: 'text' },
    stockLabel: { control: 'text' },
    limitLabel: { control: 'text' },
    soldOut: { control: 'boolean' },
  },
};

/** Few left, and a limit per user. */
export const Limited: Story = {
  args: { name: '官方比赛用球', kindLabel: '实物', priceLabel: '6000 金币', stockLabel: '剩 3 件', limitLabel: '每人限兑 1 件', description: '5号标准比赛用球，随机颜色' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('剩 3 件 · 每人限兑 1 件')).toBeVisible();
  },
};

/** Nothing left: the button cannot be pressed. */
export const SoldOut: Story = {
  args: { stockLabel: '剩 0 件', actionLabel: '已兑完', soldOut: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: '已兑完: 玫瑰×5' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onExchange).not.toHaveBeenCalled();
  },
};

/** A long name and description are cut, not spilled; a missing picture keeps its box. */
export const LongTextMissingPicture: Story = {
  args: {
    name: 'Pitchside limited edition custom jersey with your name and number printed',
    description: 'A jersey printed with the name and number you choose, shipped within three working days of the exchange, in any size from S to XXL.',
    img: brokenImage,
    kindLabel: 'Physical',
    priceLabel: '12000 coins',
    stockLabel: '20 left',
    actionLabel: 'Exchange',
  },
};

/** In English. */
export const English: Story = {
  args: { name: '3 Horns', kindLabel: 'Horn', description: '3 horn barrages, shown in every live room of the site', priceLabel: '80 coins', stockLabel: 'Plenty in stock', actionLabel: 'Exchange' },
};
