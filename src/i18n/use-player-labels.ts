import { useMemo } from 'react';
import type { VideoPlayerLabels } from '../ui/video-player.tsx';
import type { MessageId } from './messages.ts';
import { useMessage } from './use-message.ts';

/**
 * What the design system's VideoPlayer says, in the shown language, for every screen that plays video.
 * `offline` names the overlay shown when there is nothing to play: a room off air, or a video that failed.
 */
export function usePlayerLabels(offline: MessageId = 'player.offline'): VideoPlayerLabels {
  const t = useMessage();
  return useMemo(
    () => ({
      player: t('player.label'),
      play: t('player.play'),
      pause: t('player.pause'),
      mute: t('player.mute'),
      unmute: t('player.unmute'),
      volume: t('player.volume'),
      quality: t('player.quality'),
      fullscreen: t('player.fullscreen'),
      exitFullscreen: t('player.exitFullscreen'),
      pictureInPicture: t('player.pictureInPicture'),
      retry: t('player.retry'),
      loading: t('player.loading'),
      reconnecting: t('player.reconnecting'),
      tapToUnmute: t('player.tapToUnmute'),
      error: t('player.error'),
      offline: t(offline),
    }),
    [t, offline],
  );
}
