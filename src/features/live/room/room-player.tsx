import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { components } from '../../../api/schema';
import { useMessage } from '../../../i18n/use-message.ts';
import { usePlayerLabels } from '../../../i18n/use-player-labels.ts';
import { playerMachine, type PlaybackStart, type StreamQuality } from '../../../machines/player-machine.ts';
import { useDanmakuSettings } from '../../../realtime/danmaku-settings.ts';
import { DanmakuLayer, type DanmakuMessage } from '../../../ui/danmaku-layer.tsx';
import { DanmakuSettingsControl, type DanmakuSettingsLabels } from '../../../ui/danmaku-settings.tsx';
import { VideoPlayer, type VideoPlayerStatus } from '../../../ui/video-player.tsx';
import { createStreamBinding, qualitiesOf, RoomMedia } from './room-media.ts';

type LiveRoom = components['schemas']['LiveRoom'];

/** How a stream is bound to the video: hls.js or native HLS; stories bind a stand-in that plays nothing. */
export const StreamBindingContext = createContext(createStreamBinding);

export interface RoomPlayerProps {
  room: LiveRoom;
  /** What the off-air overlay says about the room's broadcasts. */
  offlineDetail?: ReactNode;
  /** The room chat's messages, oldest first, to fly over the picture as they arrive. */
  danmaku?: readonly DanmakuMessage[];
  /** Drawn over the danmaku: the gift effects. */
  effects?: ReactNode;
}

const noMessages: readonly DanmakuMessage[] = [];

function useDanmakuLabels(): DanmakuSettingsLabels {
  const t = useMessage();
  return useMemo(
    () => ({
      danmaku: t('danmaku.show'),
      hide: t('danmaku.hide'),
      show: t('danmaku.showOn'),
      settings: t('danmaku.settings'),
      showLabel: t('danmaku.showLabel'),
      area: t('danmaku.area'),
      areas: { 1: t('danmaku.area.1'), 2: t('danmaku.area.2'), 3: t('danmaku.area.3') },
      size: t('danmaku.size'),
      sizes: { 1: t('danmaku.size.1'), 2: t('danmaku.size.2'), 3: t('danmaku.size.3') },
      opacity: t('danmaku.opacity'),
    }),
    [t],
  );
}


/** The room's video: the player machine, its stream bound to the video element, and the controls. */
export function RoomPlayer({ room, offlineDetail, danmaku = noMessages, effects }: RoomPlayerProps) {
  const t = useMessage();
  const labels = usePlayerLabels();
  const danmakuLabels = useDanmakuLabels();
  const [danmakuSettings, setDanmakuSettings] = useDanmakuSettings();
  const onAir = room.status === 'in_progress';
  // The same playlists come back with every refresh of the room: bind again only when they change.
  const streamKey = JSON.stringify(room.stream);
  const stream = useMemo(() => JSON.parse(streamKey) as LiveRoom['stream'], [streamKey]);
  const qualities = useMemo(() => qualitiesOf(stream), [stream]);

  // The machine's actors outlive renders; the media they act on is one object made at mount.
  const bind = useContext(StreamBindingContext);
  const [media] = useState(() => new RoomMedia(stream, bind));
  const [logic] = useState(() =>
    playerMachine.provide({
      actors: {
        loadStream: fromPromise<void, { quality: StreamQuality }>(({ input }) => media.bindingOf().load(input.quality)),
        startPlayback: fromPromise<PlaybackStart, { muted: boolean }>(({ input }) => media.bindingOf().play(input.muted)),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { onAir, qualities } });
  const status = useSelector(actor, (state) => state.value as VideoPlayerStatus);
  const muted = useSelector(actor, (state) => state.context.muted);
  const autoMuted = useSelector(actor, (state) => state.context.autoMuted);
  const volume = useSelector(actor, (state) => state.context.volume);
  const quality = useSelector(actor, (state) => state.context.quality);

  useEffect(() => {
    media.onFatal(() => actor.send({ type: 'media.error' }));
    const subscription = actor.on('quality.changed', (event) => media.current()?.switchQuality(event.quality));
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'player.start' });
    return () => {
      subscription.unsubscribe();
      media.release();
    };
  }, [actor, media]);

  useEffect(() => media.setStream(stream), [media, stream]);

  useEffect(() => {
    actor.send({ type: onAir ? 'stream.online' : 'stream.offline' });
  }, [actor, onAir]);

  useEffect(() => media.setSound(muted, volume), [media, muted, volume]);

  useEffect(() => {
    // Off air the stream is let go (hls.js stops asking for playlists that are gone); it is bound again on air.
    if (status === 'offline') media.release();
    else if (status === 'paused' || status === 'error') media.pause();
  }, [media, status]);

  return (
    <VideoPlayer
      videoRef={media.attach}
      status={status}
      muted={muted}
      autoMuted={autoMuted}
      volume={volume}
      quality={quality}
      qualities={qualities.map((value) => ({ value, label: t(`player.quality.${value}`) }))}
      poster={room.cover || undefined}
      offlineDetail={offlineDetail}
      // Danmaku move only while the picture does: paused, buffering or stalled, they stand still.
      overlay={
        <>
          <DanmakuLayer messages={danmaku} paused={status !== 'playing'} settings={danmakuSettings} />
          {effects}
        </>
      }
      extraControls={<DanmakuSettingsControl settings={danmakuSettings} onChange={setDanmakuSettings} labels={danmakuLabels} />}
      labels={labels}
      onPlay={() => actor.send({ type: 'player.play' })}
      onPause={() => actor.send({ type: 'player.pause' })}
      onMute={() => actor.send({ type: 'player.mute' })}
      onUnmute={() => actor.send({ type: 'player.unmute' })}
      onVolumeChange={(next) => actor.send({ type: 'player.volume', volume: next })}
      onQualityChange={(next) => {
        const picked = qualities.find((entry) => entry === next);
        if (picked) actor.send({ type: 'quality.select', quality: picked });
      }}
      onRetry={() => actor.send({ type: 'player.retry' })}
      onWaiting={() => actor.send({ type: 'media.waiting' })}
      onPlaying={() => actor.send({ type: 'media.playing' })}
    />
  );
}
