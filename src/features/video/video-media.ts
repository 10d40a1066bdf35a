import type Hls from 'hls.js';
import type * as HlsLight from 'hls.js/light';
import { streamQualities, type PlaybackStart, type StreamQuality } from '../../machines/player-machine.ts';

/**
 * The qualities a video offers: the renditions its master playlist names (a transcoded upload lists them,
 * never above its own height), every one for the seeded recordings, or its one file.
 */
export function videoQualitiesOf(format: 'hls' | 'mp4', renditions?: readonly StreamQuality[]): StreamQuality[] {
  if (format !== 'hls') return ['original'];
  return renditions?.length ? [...renditions] : [...streamQualities];
}

let hlsModule: Promise<typeof HlsLight> | undefined;

/**
 * hls.js, fetched once: the player page asks for it while it is still fetching the video's data, so the two
 * round trips overlap instead of the chunk waiting for the data.
 */
export function loadHls(): Promise<typeof HlsLight> {
  hlsModule ??= import('hls.js/light').catch((error: unknown) => {
    // A chunk that failed to come is asked for again by the next load.
    hlsModule = undefined;
    throw error;
  });
  return hlsModule;
}

/** Whether the browser is left to play HLS itself: only where it has no Media Source Extensions. */
function playsHlsNatively(video: HTMLVideoElement): boolean {
  const withMediaSource = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !withMediaSource && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * A video on demand bound to the video element for the player machine's actors: an mp4 file as the
 * element's own source, HLS through hls.js (loaded on first use) with the quality menu mapped to the
 * master playlist's named renditions, or the browser's own HLS without Media Source Extensions.
 */
export class VideoMedia {
  private video: HTMLVideoElement | null = null;
  private hls: Hls | undefined;
  private fatal: () => void = () => undefined;

  constructor(
    private readonly playUrl: string,
    private readonly format: 'hls' | 'mp4',
  ) {}

  /** The video element, as React hands it over (null when it unmounts). */
  readonly attach = (video: HTMLVideoElement | null): void => {
    this.video = video;
  };

  /** Who hears a stream that broke while playing. */
  onFatal(listener: () => void): void {
    this.fatal = listener;
  }

  private element(): HTMLVideoElement {
    if (!this.video) throw new Error('the video element is not mounted');
    return this.video;
  }

  async load(quality: StreamQuality): Promise<void> {
    const video = this.element();
    if (this.format === 'mp4' || playsHlsNatively(video)) {
      if (video.src.endsWith(this.playUrl) && video.readyState > 0) return;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          video.removeEventListener('loadedmetadata', onLoaded);
          video.removeEventListener('error', onError);
        };
        const onLoaded = () => {
          done();
          resolve();
        };
        const onError = () => {
          done();
          reject(new Error('the video could not be loaded'));
        };
        video.addEventListener('loadedmetadata', onLoaded);
        video.addEventListener('error', onError);
        video.src = this.playUrl;
      });
      return;
    }
    const { default: HlsPlayer } = await loadHls();
    const at = video.currentTime;
    this.hls?.destroy();
    // The first fragment comes from the lightest rendition (levels are sorted by bandwidth, lowest first), so the
    // first frame waits for the fewest bytes; the picked quality takes over from the next fragment on.
    const player = new HlsPlayer({ startPosition: at, startLevel: 0 });
    this.hls = player;
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      let picked = -1;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        picked = Math.max(0, data.levels.findIndex((level) => level.name === quality));
        if (picked === 0 || at > 0) player.loadLevel = picked;
      });
      player.once(HlsPlayer.Events.FRAG_BUFFERED, () => {
        if (picked > 0 && player.loadLevel !== picked) player.loadLevel = picked;
      });
      player.on(HlsPlayer.Events.LEVEL_LOADED, () => {
        if (ready) return;
        ready = true;
        resolve();
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (ready) this.fatal();
        else reject(new Error(data.details));
      });
      player.attachMedia(video);
      player.loadSource(this.playUrl);
    });
  }

  async play(muted: boolean): Promise<PlaybackStart> {
    const video = this.element();
    video.muted = muted;
    try {
      await video.play();
      return { muted };
    } catch (error) {
      // Browsers refuse sound until the viewer has interacted with the page; muted may start.
      if (muted || !(error instanceof DOMException) || error.name !== 'NotAllowedError') throw error;
      video.muted = true;
      await video.play();
      return { muted: true };
    }
  }

  switchQuality(quality: StreamQuality): void {
    if (!this.hls) return;
    const index = this.hls.levels.findIndex((level) => level.name === quality);
    if (index >= 0) this.hls.nextLevel = index;
  }

  setSound(muted: boolean, volume: number): void {
    if (!this.video) return;
    this.video.muted = muted;
    this.video.volume = volume;
  }

  pause(): void {
    this.video?.pause();
  }

  seek(seconds: number): void {
    if (this.video) this.video.currentTime = seconds;
  }

  release(): void {
    this.hls?.destroy();
    this.hls = undefined;
  }
}
