import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RoomEntryBanner, type ShownRoomEntry } from './room-entry-banner.tsx';

// An entry over a picture-sized box. The badges are drawn inline, so no story needs the network.
const badge = (colour: string, text: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="16" viewBox="0 0 48 16"><rect width="48" height="16" rx="8" fill="${colour}"/><text x="24" y="12" font-size="10" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text></svg>`,
  )}`;

const entry = (overrides: Partial<ShownRoomEntry> = {}): ShownRoomEntry => ({
  key: '7:1',
  icon: badge('#9254de', 'N3'),
  line: '欢迎 伯爵 球迷小王 进入直播间',
  kind: 'nobility',
  ...overrides,
});

function OverPicture({ entry: shown }: { entry: ShownRoomEntry | null }) {
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 720, aspectRatio: '16 / 9', background: 'linear-gradient(#2f6b3a, #1d4a27)' }}>
      <RoomEntryBanner entry={shown} />
    </div>
  );
}

const meta = {
  title: 'ui/RoomEntryBanner',
  component: OverPicture,
  args: { entry: entry() },
} satisfies Meta<typeof OverPicture>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Noble: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('欢迎 伯爵 球迷小王 进入直播间');
  },
};

export const Guard: Story = {
  args: { entry: entry({ key: '8:1', kind: 'guard', icon: badge('#1677ff', 'G2'), line: 'Welcome, Captain Oranje Fan, to the room' }) },
};

export const LongNameOnAPhone: Story = {
  args: { entry: entry({ line: '欢迎 公爵 这是一个非常非常非常非常非常长的昵称用来看看横幅会不会溢出 进入直播间' }) },
  globals: { viewport: { value: 'phone' } },
};

export const Nobody: Story = {
  args: { entry: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
