import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { VideoPlayer, type VideoPlayerLabels } from './video-player.tsx';

// The player's controls in each state; no stream is bound, so the picture stays black.

function labelsOf(messages: typeof zh): VideoPlayerLabels {
  return {
    player: messages['player.label'],
    play: messages['player.play'],
    pause: messages['player.pause'],
    mute: messages['player.mute'],
    unmute: messages['player.unmute'],
    volume: messages['player.volume'],
    quality: messages['player.quality'],
    fullscreen: messages['player.fullscreen'],
    exitFullscreen: messages['player.exitFullscreen'],
    pictureInPicture: messages['player.pictureInPicture'],
    retry: messages['player.retry'],
    loading: messages['player.loading'],
    reconnecting: messages['player.reconnecting'],
    tapToUnmute: messages['player.tapToUnmute'],
    error: messages['player.error'],
    offline: messages['player.offline'],
  };
}

const qualitiesOf = (messages: typeof zh) =>
  (['original', 'high_definition', 'standard', 'smooth'] as const).map((value) => ({ value, label: messages[`player.quality.${value}`] }));

const meta = {
  title: 'ui/VideoPlayer',
  component: VideoPlayer,
  args: {
    status: 'playing',
    muted: false,
    volume: 0.8,
    quality: 'original',
    qualities: qualitiesOf(zh),
    labels: labelsOf(zh),
    onPlay: fn(),
    onPause: fn(),
    onMute: fn(),
    onUnmute: fn(),
    onVolumeChange: fn(),
    onQualityChange: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const player = canvas.getByRole('region', { name: zh['player.label'] });
    player.focus();
    // Keys while the player has focus: k pauses, m mutes.
    await userEvent.keyboard('k');
    await expect(args.onPause).toHaveBeenCalledOnce();
    await userEvent.keyboard('m');
    await expect(args.onMute).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: zh['player.pause'] }));
    await expect(args.onPause).toHaveBeenCalledTimes(2);
    await userEvent.click(canvas.getByRole('button', { name: `${zh['player.quality']}: ${zh['player.quality.original']}` }));
    await userEvent.click(canvas.getByRole('menuitemradio', { name: zh['player.quality.smooth'] }));
    await expect(args.onQualityChange).toHaveBeenCalledWith('smooth');
    await expect(canvas.queryByRole('menu')).not.toBeInTheDocument();
  },
};

export const Playground: Story = {};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['player.loading']);
    await expect(canvas.getByRole('button', { name: zh['player.play'] })).toBeDisabled();
  },
};

export const Stalled: Story = {
  args: { status: 'stalled' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['player.reconnecting']);
  },
};

export const Offline: Story = {
  args: { status: 'offline', offlineDetail: '上次直播：11-24 20:00' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['player.offline']);
    await expect(canvas.getByText('上次直播：11-24 20:00')).toBeVisible();
  },
};

export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(zh['player.error']);
    await userEvent.click(canvas.getByRole('button', { name: zh['player.retry'] }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const AutoMuted: Story = {
  args: { muted: true, autoMuted: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['player.tapToUnmute'] }));
    await expect(args.onUnmute).toHaveBeenCalledOnce();
  },
};

export const QualityMenuOpen: Story = {
  args: { defaultQualityMenuOpen: true },
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('menu', { name: zh['player.quality'] });
    await expect(menu.querySelectorAll('[role="menuitemradio"]')).toHaveLength(4);
    await expect(canvas.getByRole('menuitemradio', { name: zh['player.quality.original'] })).toHaveAttribute('aria-checked', 'true');
  },
};

export const English: Story = {
  args: { labels: labelsOf(en), qualities: qualitiesOf(en), quality: 'high_definition', defaultQualityMenuOpen: true },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Quality: High definition' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Phone: Story = {
  args: { status: 'paused' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getAllByRole('button', { name: zh['player.play'] })[0]!);
    await expect(args.onPlay).toHaveBeenCalledOnce();
  },
};
