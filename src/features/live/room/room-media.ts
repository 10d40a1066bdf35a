import type Hls from 'hls.js';
import type { components } from '../../../api/schema';
import { StreamOffAirError, streamQualities, type PlaybackStart, type StreamQuality } from '../../../machines/player-machine.ts';
import { liveHlsConfig } from './live-hls-config.ts';

type StreamUrls = components['schemas']['LiveStreamUrls'];

/** The qualities a room offers, best first (SPEC §9); `original` is always there. */
export function qualitiesOf(stream: StreamUrls): StreamQuality[] {
  return streamQualities.filter((quality) => stream[quality] !== undefined);
}

// Nominal bitrates, only to order the renditions for hls.js, which sorts its levels by bandwidth.
const nominalBandwidth: Record<StreamQuality, number> = {
  original: 6_000_000,
  high_definition: 3_000_000,
  standard: 1_500_000,
  smooth: 800_000,
};

/**
 * A multivariant playlist of the room's renditions, each named by its quality, so the quality menu
 * maps to hls.js levels, for a room whose LiveStreamUrls has no master (a media server's own).
 */
export function masterPlaylist(stream: StreamUrls, origin: string): string {
  const lines = ['#EXTM3U'];
  for (const quality of qualitiesOf(stream)) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${String(nominalBandwidth[quality])},NAME="${quality}"`, new URL(stream[quality]!, origin).href);
  }
  return `${lines.join('\n')}\n`;
}

/** What the player machine's actors do to the video element. */
export interface StreamBinding {
  /** Attaches the stream in a quality; resolves once a playlist of it has loaded. */
  load(quality: StreamQuality): Promise<void>;
  /** Starts playback, with sound unless `muted` or refused by the browser. */
  play(muted: boolean): Promise<PlaybackStart>;
  /** Switches a playing stream to another quality. */
  switchQuality(quality: StreamQuality): void;
  destroy(): void;
}

const offAirStatuses = new Set([404, 410]);

/**
 * Whether the browser is left to play HLS itself: only where it has no Media Source Extensions (iPhone Safari
 * before 17.1). Chromium 141+ also answers `canPlayType` for HLS, but its own player could not parse a media
 * server's fragments that hls.js plays, and has neither the live-latency settings nor the named levels.
 */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  const withMediaSource = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !withMediaSource && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Binds the room's stream to a video element: hls.js, loaded on first use only (it is a large
 * module and only /live needs it), or the browser's own HLS where there is no Media Source Extensions. `onFatal`
 * hears a stream that broke while playing.
 */
export function createStreamBinding(video: HTMLVideoElement, stream: StreamUrls, onFatal: () => void): StreamBinding {
  let hls: Hls | undefined;
  let masterUrl: string | undefined;
  let destroyed = false;
  const native = playsHlsNatively(video);

  const markLevel = (quality: StreamQuality) => {
    video.dataset.quality = quality;
  };

  const release = () => {
    hls?.destroy();
    hls = undefined;
  };

  async function loadWithHls(quality: StreamQuality): Promise<void> {
    const { default: HlsPlayer } = await import('hls.js/light');
    // Torn down while hls.js was fetched: the player retries with the binding that replaced this one.
    if (destroyed) throw new Error('the stream binding was torn down');
    release();
    // The server's multivariant playlist where it has one; else one made from the renditions' own.
    masterUrl ??=
      stream.master ?? URL.createObjectURL(new Blob([masterPlaylist(stream, window.location.origin)], { type: 'application/vnd.apple.mpegurl' }));
    const names = qualitiesOf(stream);
    const player = new HlsPlayer({ ...liveHlsConfig, startLevel: -1 });
    hls = player;
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        const index = data.levels.findIndex((level) => level.name === quality);
        // Picking a level turns hls.js's automatic switching off: the viewer chose the quality.
        player.loadLevel = Math.max(0, index);
      });
      player.on(HlsPlayer.Events.LEVEL_LOADED, () => {
        if (ready) return;
        ready = true;
        resolve();
      });
      // The live latency as hls.js reckons it, on the element for the bench (tests/load/live-room-bench.ts).
      player.on(HlsPlayer.Events.LEVEL_UPDATED, () => {
        video.dataset.latency = player.latency.toFixed(2);
      });
      player.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => {
        const name = player.levels[data.level]?.name;
        if (names.includes(name as StreamQuality)) markLevel(name as StreamQuality);
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (ready) {
          onFatal();
          return;
        }
        const status = data.response?.code ?? 0;
        reject(offAirStatuses.has(status) ? new StreamOffAirError() : new Error(data.details));
      });
      player.attachMedia(video);
      player.loadSource(masterUrl!);
    });
  }

  async function loadNative(quality: StreamQuality): Promise<void> {
    const url = stream[quality] ?? stream.original;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        video.removeEventListener('loadedmetadata', onLoaded);
        video.removeEventListener('error', onError);
      };
      const onLoaded = () => {
        done();
        markLevel(quality);
        resolve();
      };
      const onError = () => {
        done();
        reject(new Error('the stream could not be loaded'));
      };
      video.addEventListener('loadedmetadata', onLoaded);
      video.addEventListener('error', onError);
      video.src = url;
    });
  }

  return {
    load: (quality) => (native ? loadNative(quality) : loadWithHls(quality)),
    async play(muted) {
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
    },
    switchQuality(quality) {
      if (hls) {
        const index = hls.levels.findIndex((level) => level.name === quality);
        if (index >= 0) hls.nextLevel = index;
        return;
      }
      if (native) {
        video.src = stream[quality] ?? stream.original;
        markLevel(quality);
        void video.play().catch(() => undefined);
      }
    },
    destroy() {
      destroyed = true;
      release();
      if (masterUrl?.startsWith('blob:')) URL.revokeObjectURL(masterUrl);
      masterUrl = undefined;
    },
  };
}

/**
 * The room's media across renders: the video element, the playlists and the binding made from them
 * on first use. The player machine's actors reach the binding through it.
 */
export class RoomMedia {
  private video: HTMLVideoElement | null = null;
  private binding: StreamBinding | null = null;
  private streamKey = '';
  private fatal: () => void = () => undefined;

  constructor(
    private stream: StreamUrls,
    private readonly bind: typeof createStreamBinding = createStreamBinding,
  ) {
    this.streamKey = JSON.stringify(stream);
  }

  /** Who hears a stream that broke while playing. */
  onFatal(listener: () => void): void {
    this.fatal = listener;
  }

  /** The video element, as React hands it over (null when it unmounts). */
  readonly attach = (video: HTMLVideoElement | null): void => {
    this.video = video;
  };

  /** New playlists (the anchor started again) are bound at the next load. */
  setStream(stream: StreamUrls): void {
    const key = JSON.stringify(stream);
    if (key === this.streamKey) return;
    this.stream = stream;
    this.streamKey = key;
    this.release();
  }

  bindingOf(): StreamBinding {
    if (!this.video) throw new Error('the video element is not mounted');
    this.binding ??= this.bind(this.video, this.stream, () => this.fatal());
    return this.binding;
  }

  /** The binding if one is attached, for controls that act on a playing stream. */
  current(): StreamBinding | null {
    return this.binding;
  }

  setSound(muted: boolean, volume: number): void {
    if (!this.video) return;
    this.video.muted = muted;
    this.video.volume = volume;
  }

  pause(): void {
    this.video?.pause();
  }

  release(): void {
    this.binding?.destroy();
    this.binding = null;
  }
}
