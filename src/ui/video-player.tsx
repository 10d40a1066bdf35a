import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './video-player.module.css';

/** What the player is doing, as its controls show it. */
export type VideoPlayerStatus = 'idle' | 'loading' | 'starting' | 'playing' | 'buffering' | 'paused' | 'stalled' | 'offline' | 'error';

/** One quality of the menu. */
export interface VideoQuality {
  /** The quality's key (original, high_definition, standard, smooth). */
  value: string;
  /** Its name, translated. */
  label: string;
}

/** The controls' words, translated by the caller. */
export interface VideoPlayerLabels {
  /** The region's name: the video player. */
  player: string;
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  volume: string;
  quality: string;
  fullscreen: string;
  exitFullscreen: string;
  pictureInPicture: string;
  retry: string;
  /** Shown while the stream loads or buffers. */
  loading: string;
  /** Shown while a stalled stream waits for its next try. */
  reconnecting: string;
  /** The button that asks for sound when the browser started the stream muted. */
  tapToUnmute: string;
  /** Headline of the error overlay. */
  error: string;
  /** Headline of the off-air overlay. */
  offline: string;
}

export interface VideoPlayerProps {
  /** Receives the video element, for the caller's media binding (hls.js or native HLS). */
  videoRef?: (element: HTMLVideoElement | null) => void;
  /** What the player is doing. */
  status: VideoPlayerStatus;
  /** Whether the sound is off. */
  muted: boolean;
  /** The browser refused sound and the stream plays muted: a large unmute button is shown. */
  autoMuted?: boolean;
  /** 0 to 1. */
  volume: number;
  /** The quality playing. */
  quality: string;
  /** The qualities offered, best first. */
  qualities: readonly VideoQuality[];
  /** The image shown before the first frame (the room's cover). */
  poster?: string;
  /** What the off-air overlay says below its headline (the next broadcast). */
  offlineDetail?: ReactNode;
  /** The controls' words. */
  labels: VideoPlayerLabels;
  /** Drawn over the picture, under the player's own overlays and controls (the danmaku layer). */
  overlay?: ReactNode;
  /** More controls in the bar, before the quality menu (the danmaku toggle and settings). */
  extraControls?: ReactNode;
  /** Opens with the quality menu shown (stories). */
  defaultQualityMenuOpen?: boolean;
  /** The viewer pressed play. */
  onPlay: () => void;
  /** The viewer pressed pause. */
  onPause: () => void;
  /** The viewer turned the sound off. */
  onMute: () => void;
  /** The viewer turned the sound on. */
  onUnmute: () => void;
  /** The viewer moved the volume slider (0 to 1). */
  onVolumeChange: (volume: number) => void;
  /** The viewer picked a quality. */
  onQualityChange: (quality: string) => void;
  /** The viewer asked to try again after an error. */
  onRetry: () => void;
  /** The video waits for data (its `waiting` event). */
  onWaiting?: () => void;
  /** The video shows frames again (its `playing` event). */
  onPlaying?: () => void;
}

const glyphs = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  sound: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  fullscreen: 'M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z',
  exitFullscreen: 'M8 4h2v6H4V8h4zm6 0h2v4h4v2h-6zM4 14h6v6H8v-4H4zm10 0h6v2h-4v4h-2z',
  pip: 'M3 5h18v14H3zm2 2v10h14V7zm7 5h6v4h-6z',
} as const;

function Glyph({ name }: { name: keyof typeof glyphs }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={glyphs[name]} fill="currentColor" />
    </svg>
  );
}

function isControl(target: EventTarget): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'INPUT', 'SELECT'].includes(target.tagName);
}

/**
 * A live video with its controls: play and pause, sound and volume, the quality menu, fullscreen
 * and picture-in-picture, and keys (space or k, m, f) while the player has focus. The caller binds
 * the stream to the element it receives through `videoRef` and reports what the player does.
 */
export function VideoPlayer({
  videoRef,
  status,
  muted,
  autoMuted = false,
  volume,
  quality,
  qualities,
  poster,
  offlineDetail,
  overlay,
  extraControls,
  labels,
  defaultQualityMenuOpen = false,
  onPlay,
  onPause,
  onMute,
  onUnmute,
  onVolumeChange,
  onQualityChange,
  onRetry,
  onWaiting,
  onPlaying,
}: VideoPlayerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const [menuOpen, setMenuOpen] = useState(defaultQualityMenuOpen);
  const [fullscreen, setFullscreen] = useState(false);
  const menuId = useId();
  const attached = status === 'playing' || status === 'buffering' || status === 'paused';
  const playing = status === 'playing' || status === 'buffering';
  const busy = status === 'loading' || status === 'starting' || status === 'buffering' || status === 'stalled';
  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const current = qualities.find((entry) => entry.value === quality);

  const bindVideo = (element: HTMLVideoElement | null) => {
    video.current = element;
    videoRef?.(element);
  };

  const togglePlay = () => (playing ? onPause() : onPlay());
  const toggleMute = () => (muted ? onUnmute() : onMute());
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };
  const pictureInPicture = () => {
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void video.current?.requestPictureInPicture?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key.toLowerCase();
    if (key === 'escape' && menuOpen) {
      setMenuOpen(false);
      return;
    }
    if ((key === ' ' && isControl(event.target)) || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = { ' ': togglePlay, k: togglePlay, m: toggleMute, f: toggleFullscreen };
    const action = actions[key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      ref={frame}
      className={styles.player}
      role="region"
      aria-label={labels.player}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-status={status}
    >
      <video
        ref={bindVideo}
        className={styles.video}
        poster={poster}
        muted={muted}
        playsInline
        onWaiting={onWaiting}
        onPlaying={onPlaying}
        onClick={attached ? togglePlay : undefined}
      />

      {overlay ? <div className={styles.overlay}>{overlay}</div> : null}

      {busy ? (
        <div className={styles.center} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.note}>{status === 'stalled' ? labels.reconnecting : labels.loading}</span>
        </div>
      ) : null}

      {status === 'offline' || status === 'error' ? (
        <div className={styles.cover} role={status === 'error' ? 'alert' : 'status'}>
          <p className={styles.headline}>{status === 'error' ? labels.error : labels.offline}</p>
          {status === 'offline' && offlineDetail ? <div className={styles.detail}>{offlineDetail}</div> : null}
          {status === 'error' ? (
            <button type="button" className={styles.retry} onClick={onRetry}>
              {labels.retry}
            </button>
          ) : null}
        </div>
      ) : null}

      {status === 'paused' && !busy ? (
        <button type="button" className={styles.bigPlay} aria-label={labels.play} onClick={onPlay}>
          <Glyph name="play" />
        </button>
      ) : null}

      {autoMuted && muted && attached ? (
        <button type="button" className={styles.unmute} onClick={onUnmute}>
          <Glyph name="muted" />
          {labels.tapToUnmute}
        </button>
      ) : null}

      <div className={styles.bar}>
        <button type="button" className={styles.control} aria-label={playing ? labels.pause : labels.play} onClick={togglePlay} disabled={!attached}>
          <Glyph name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" className={styles.control} aria-label={muted ? labels.unmute : labels.mute} onClick={toggleMute}>
          <Glyph name={muted ? 'muted' : 'sound'} />
        </button>
        <input
          className={styles.volume}
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          aria-label={labels.volume}
          onChange={(event) => onVolumeChange(Number(event.target.value))}
        />
        <span className={styles.spacer} />
        {extraControls}
        <div className={styles.menuAnchor}>
          <button
            type="button"
            className={styles.qualityButton}
            aria-label={`${labels.quality}: ${current?.label ?? quality}`}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {current?.label ?? quality}
          </button>
          {menuOpen ? (
            <ul id={menuId} className={styles.menu} role="menu" aria-label={labels.quality}>
              {qualities.map((entry) => (
                <li key={entry.value} role="none">
                  <button
                    type="button"
                    role="menuitemradio"
                    aria-checked={entry.value === quality}
                    className={styles.menuItem}
                    onClick={() => {
                      setMenuOpen(false);
                      onQualityChange(entry.value);
                    }}
                  >
                    {entry.label}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="button" className={styles.control} aria-label={labels.pictureInPicture} onClick={pictureInPicture} disabled={!attached}>
          <Glyph name="pip" />
        </button>
        <button
          type="button"
          className={styles.control}
          aria-label={fullscreen ? labels.exitFullscreen : labels.fullscreen}
          onClick={toggleFullscreen}
        >
          <Glyph name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      </div>
    </div>
  );
}
