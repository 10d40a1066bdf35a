import type Hls from 'hls.js';
import { useEffect, useRef } from 'react';
import { useMessage } from '../../../i18n/use-message.ts';
import { playsHlsNatively } from './room-media.ts';
import styles from './room-extras.module.css';

/**
 * A past broadcast played on demand: its finished HLS playlist in a video with the browser's own
 * controls (play, seek, volume, fullscreen). hls.js loads only when one is played, as for the room;
 * a browser without Media Source Extensions plays HLS itself. Starts muted, so no browser refuses to start it.
 */
export function PlaybackPlayer({ src, title }: { src: string; title: string }) {
  const t = useMessage();
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | undefined;
    let gone = false;
    const start = () => void video.play().catch(() => undefined);
    if (playsHlsNatively(video)) {
      video.src = src;
      start();
    } else {
      void import('hls.js/light').then(({ default: HlsPlayer }) => {
        if (gone) return;
        hls = new HlsPlayer();
        hls.attachMedia(video);
        hls.loadSource(src);
        hls.on(HlsPlayer.Events.MANIFEST_PARSED, start);
      });
    }
    return () => {
      gone = true;
      hls?.destroy();
    };
  }, [src]);

  return (
    <video
      ref={videoRef}
      className={styles.vod}
      controls
      muted
      playsInline
      aria-label={t('roomExtras.playbackOf', { title })}
      data-testid="playback-video"
    />
  );
}
