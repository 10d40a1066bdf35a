import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { defaultDanmakuSettings, type DanmakuSettings } from '../machines/danmaku-lane-machine.ts';
import { DanmakuLayer, type DanmakuMessage, type DanmakuLayerProps } from './danmaku-layer.tsx';

// The layer flies only messages that arrive after it mounts: each story's feed sends its messages
// once mounted. Screenshots stop every item at a set point of its flight, so two captures agree.

const zhMessages = ['好球！', '这脚远射太漂亮了', '门将反应真快', '裁判这个判罚有争议', '主队加油！！！', '下半场肯定还有进球', '666', '角球机会来了'];
const enMessages = ['What a strike!', 'Keeper had no chance', 'Offside? Surely not', 'Come on you reds!', 'Second half will be wild', 'Corner, here we go'];

const asMessages = (texts: readonly string[], mineAt = -1): DanmakuMessage[] =>
  texts.map((text, index) => ({ id: `m${String(index)}`, text, isMine: index === mineAt }));

interface FeedProps extends Omit<DanmakuLayerProps, 'messages'> {
  /** The messages the feed sends once the layer has mounted. */
  feed: readonly DanmakuMessage[];
  /** Keeps sending the feed again, this many per second (the live playground). */
  perSecond?: number;
}

/** A picture-sized dark box with the layer over it, fed after mount. */
function FedLayer({ feed, perSecond = 0, ...props }: FeedProps) {
  const [messages, setMessages] = useState<readonly DanmakuMessage[]>([]);
  useEffect(() => {
    const first = setTimeout(() => setMessages(feed), 50);
    if (perSecond <= 0) return () => clearTimeout(first);
    let sent = 0;
    const more = setInterval(() => {
      sent += 1;
      const next = feed[sent % feed.length]!;
      setMessages((before) => [...before.slice(-50), { ...next, id: `live${String(sent)}` }]);
    }, 1000 / perSecond);
    return () => {
      clearTimeout(first);
      clearInterval(more);
    };
  }, [feed, perSecond]);
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 720, aspectRatio: '16 / 9', background: 'linear-gradient(#2f6b3a, #1d4a27)' }}>
      <DanmakuLayer messages={messages} {...props} />
    </div>
  );
}

/**
 * Waits for the first items, then sets each at its own whole-pixel point of the picture: the
 * screenshot would run finite animations to their end, and two captures must agree to the pixel.
 */
async function freeze(canvasElement: HTMLElement, count: number) {
  await waitFor(() => expect(canvasElement.querySelectorAll('[data-danmaku-layer] span').length).toBeGreaterThanOrEqual(count), { timeout: 5000 });
  const items = [...canvasElement.querySelectorAll<HTMLElement>('[data-danmaku-layer] span')];
  items.forEach((item, index) => {
    for (const animation of item.getAnimations()) animation.cancel();
    item.style.transform = `translateX(${String(40 + ((index * 97) % 320))}px)`;
  });
  return items;
}

const meta = {
  title: 'ui/DanmakuLayer',
  component: FedLayer,
  args: { feed: asMessages(zhMessages), paused: false, settings: defaultDanmakuSettings },
} satisfies Meta<typeof FedLayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const items = await freeze(canvasElement, 8);
    // Eight lanes free: each message its own lane, top to bottom, none on another.
    const tops = items.map((item) => item.style.top);
    await expect(new Set(tops).size).toBe(items.length);
    await expect(items.map((item) => item.textContent)).toEqual(zhMessages);
  },
};

export const Playground: Story = {
  args: { perSecond: 30 },
  parameters: { screenshot: false },
  argTypes: {
    paused: { control: 'boolean' },
    perSecond: { control: { type: 'range', min: 0, max: 60 } },
  },
  play: async ({ canvasElement }) => {
    // At 30 a second the lanes fill and the queue holds the rest: the page never holds hundreds.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await expect(canvasElement.querySelectorAll('[data-danmaku-layer] span').length).toBeLessThan(60);
  },
};

export const English: Story = {
  args: { feed: asMessages(enMessages) },
  play: async ({ canvasElement }) => {
    await freeze(canvasElement, enMessages.length);
  },
};

export const OwnMessageOutlined: Story = {
  args: { feed: asMessages(zhMessages.slice(0, 4), 1) },
  play: async ({ canvasElement }) => {
    const items = await freeze(canvasElement, 4);
    const mine = items.find((item) => item.textContent === zhMessages[1])!;
    await expect(getComputedStyle(mine).borderTopStyle).toBe('solid');
    await expect(getComputedStyle(items[0]!).borderTopStyle).toBe('none');
  },
};

const topSmallFaded: DanmakuSettings = { show: true, area: 1, size: 1, opacity: 50 };

export const TopThirdSmallHalfOpaque: Story = {
  args: { settings: topSmallFaded, feed: asMessages(zhMessages.slice(0, 6)) },
  play: async ({ canvasElement }) => {
    const layer = canvasElement.querySelector<HTMLElement>('[data-danmaku-layer]')!;
    const picture = layer.parentElement!.getBoundingClientRect();
    await expect(Math.round(layer.getBoundingClientRect().height)).toBe(Math.round(picture.height / 3));
    await expect(getComputedStyle(layer).opacity).toBe('0.5');
    const items = await freeze(canvasElement, 3);
    for (const item of items) await expect(item.getBoundingClientRect().bottom).toBeLessThanOrEqual(picture.top + picture.height / 3 + 0.5);
  },
};

export const HalfLarge: Story = {
  // Six lanes in the top half at the large size: all six fly at once.
  args: { settings: { ...defaultDanmakuSettings, area: 2, size: 3 }, feed: asMessages(zhMessages.slice(0, 6)) },
  play: async ({ canvasElement }) => {
    await freeze(canvasElement, 6);
  },
};

export const Hidden: Story = {
  args: { settings: { ...defaultDanmakuSettings, show: false } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvasElement.querySelectorAll('[data-danmaku-layer] span')).toHaveLength(0);
  },
};

export const Paused: Story = {
  args: { paused: true },
  play: async ({ canvasElement }) => {
    // A paused video: messages wait for the picture to move again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvasElement.querySelectorAll('[data-danmaku-layer] span')).toHaveLength(0);
  },
};

export const MarkupShownAsText: Story = {
  args: { feed: asMessages(['<img src=x onerror="document.body.dataset.hacked=1">', '<b>bold?</b>']) },
  play: async ({ canvasElement }) => {
    const items = await freeze(canvasElement, 2);
    await expect(items[0]!.textContent).toBe('<img src=x onerror="document.body.dataset.hacked=1">');
    await expect(canvasElement.querySelector('[data-danmaku-layer] img, [data-danmaku-layer] b')).toBeNull();
    await expect(document.body.dataset.hacked).toBeUndefined();
  },
};
