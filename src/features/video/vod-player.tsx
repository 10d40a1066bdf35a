import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Video } from '../../api/queries/video.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePlayerLabels } from '../../i18n/use-player-labels.ts';
import { playerMachine, type PlaybackStart, type StreamQuality } from '../../machines/player-machine.ts';
import { ChapterList, ChapterMarkers, type Chapter } from '../../ui/chapter-list.tsx';
import { VideoPlayer, type VideoPlayerStatus } from '../../ui/video-player.tsx';
import { clockOf } from './video-card.tsx';
import { VideoMedia, videoQualitiesOf } from './video-media.ts';
import styles from './video.module.css';

/** SPEC-free but what viewers expect: a view counts after this much watching, not on opening the page. */
export const viewAfterSeconds = 10;

/**
 * Whether `seconds` of playing make a view of a video `duration` seconds long: ten seconds, or nearly all of a
 * shorter clip (its last timeupdate comes a fraction of a second before the end), which otherwise never counts.
 */
export function watchedEnough(seconds: number, duration: number): boolean {
  const whole = duration > 0 ? Math.min(viewAfterSeconds, duration * 0.8) : viewAfterSeconds;
  return seconds >= whole;
}

/**
 * A video on demand through the rooms' player machine and controls, with a timeline to seek in;
 * `onWatched` is called once the viewer has watched `viewAfterSeconds` of it (or most of a shorter clip). A match video's chapters show as
 * ticks on the timeline and as a list; either jumps to the moment and plays from there.
 */
export function VodPlayer({
  video,
  chapters = [],
  onWatched,
  onSettled,
}: {
  video: Video;
  chapters?: readonly Chapter[];
  onWatched: () => void;
  /** Called once the player has got past loading and starting: playing, paused for a press, or failed. */
  onSettled?: () => void;
}) {
  const t = useMessage();
  const labels = usePlayerLabels('player.error');
  // Fixed with the media: a job finishing while this plays changes the next play, not this one.
  const [qualities] = useState(() => videoQualitiesOf(video.format, video.qualities));
  const [media] = useState(() => new VideoMedia(video.play_url, video.format));
  const [logic] = useState(() =>
    playerMachine.provide({
      actors: {
        loadStream: fromPromise<void, { quality: StreamQuality }>(({ input }) => media.load(input.quality)),
        startPlayback: fromPromise<PlaybackStart, { muted: boolean }>(({ input }) => media.play(input.muted)),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { onAir: true, qualities } });
  const status = useSelector(actor, (state) => state.value as VideoPlayerStatus);
  const muted = useSelector(actor, (state) => state.context.muted);
  const autoMuted = useSelector(actor, (state) => state.context.autoMuted);
  const volume = useSelector(actor, (state) => state.context.volume);
  const quality = useSelector(actor, (state) => state.context.quality);
  const [time, setTime] = useState({ at: 0, duration: video.duration });
  const watched = useRef({ seconds: 0, last: 0, told: false });
  const tell = useRef(onWatched);
  useEffect(() => {
    tell.current = onWatched;
  }, [onWatched]);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);
  useEffect(() => {
    if (status === 'idle' || status === 'loading' || status === 'starting') return;
    settled.current?.();
  }, [status]);

  useEffect(() => {
    media.onFatal(() => actor.send({ type: 'media.error' }));
    const subscription = actor.on('quality.changed', (event) => media.switchQuality(event.quality));
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'player.start' });
    return () => {
      subscription.unsubscribe();
      media.release();
    };
  }, [actor, media]);

  useEffect(() => media.setSound(muted, volume), [media, muted, volume]);
  useEffect(() => {
    if (status === 'paused' || status === 'error') media.pause();
  }, [media, status]);

  const jump = (at: number) => {
    media.seek(at);
    setTime((previous) => ({ ...previous, at }));
    if (actor.getSnapshot().can({ type: 'player.play' })) actor.send({ type: 'player.play' });
  };

  const attach = (element: HTMLVideoElement | null) => {
    media.attach(element);
    if (!element) return;
    element.ontimeupdate = () => {
      const at = element.currentTime;
      const step = at - watched.current.last;
      watched.current.last = at;
      // Only time played counts: a seek jumps further than a timeupdate's quarter second.
      if (step > 0 && step < 1.5 && !element.paused) watched.current.seconds += step;
      if (!watched.current.told && watchedEnough(watched.current.seconds, Number.isFinite(element.duration) ? element.duration : video.duration)) {
        watched.current.told = true;
        tell.current();
      }
      setTime({ at, duration: Number.isFinite(element.duration) ? element.duration : video.duration });
    };
  };

  return (
    <div className={styles.player}>
      <VideoPlayer
        videoRef={attach}
        status={status}
        muted={muted}
        autoMuted={autoMuted}
        volume={volume}
        quality={quality}
        qualities={qualities.map((value) => ({ value, label: t(`player.quality.${value}`) }))}
        poster={video.cover}
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
      <div className={styles.timeline}>
        <span>{clockOf(time.at)}</span>
        <span className={styles.track}>
        <input
          type="range"
          aria-label={t('video.seek')}
          min={0}
          max={Math.max(1, Math.floor(time.duration))}
          step={1}
          value={Math.floor(time.at)}
          onChange={(event) => media.seek(Number(event.target.value))}
        />
        <ChapterMarkers chapters={chapters} duration={Math.max(1, Math.floor(time.duration))} onJump={jump} />
        </span>
        <span>{clockOf(time.duration)}</span>
      </div>
      {chapters.length > 0 && <ChapterList chapters={chapters} title={t('video.chapters')} at={time.at} formatTime={clockOf} onJump={jump} />}
    </div>
  );
}
