// What the site knows of real broadcasts: which rooms nginx is receiving a push for, the HLS it
// writes for them, and the recordings kept when a push ends (DESIGN.md, Video).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLadder } from '../hls-ladder.ts';
import { hlsQualities, windowSegments, type HlsQuality } from '../hls-playlists.ts';
import type { RecordedSegment } from '../../ports/broadcast-ingest.ts';
import { demoRecordingSegments } from '../recording-segments.ts';
import { ladderHeights } from './rtmp-media-server.ts';

/** Bits a second each rendition is announced with, so hls.js orders its levels as SPEC §9 does. */
const announcedBandwidth: Readonly<Record<HlsQuality, number>> = {
  original: 4_500_000,
  high_definition: 2_600_000,
  standard: 1_300_000,
  smooth: 800_000,
};

interface Segment {
  /** The segment's own tags (EXTINF, DISCONTINUITY) as nginx wrote them. */
  tags: string[];
  uri: string;
}

interface MediaPlaylist {
  mediaSequence: number;
  targetDuration: number;
  segments: Segment[];
}

/** Reads the media playlist nginx-rtmp writes: a header, then tags and a URI per fragment. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  let mediaSequence = 0;
  let targetDuration = 1;
  const segments: Segment[] = [];
  let tags: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '#EXTM3U' || line.startsWith('#EXT-X-VERSION') || line === '#EXT-X-ENDLIST') continue;
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) mediaSequence = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22)) || 1;
    else if (line.startsWith('#EXTINF:') || line === '#EXT-X-DISCONTINUITY') tags.push(line);
    else if (!line.startsWith('#')) {
      segments.push({ tags, uri: line });
      tags = [];
    }
  }
  return { mediaSequence, targetDuration, segments };
}

/** How long a media playlist plays: the sum of its fragments' durations, in seconds. */
export function playlistSeconds(playlist: MediaPlaylist): number {
  let seconds = 0;
  for (const segment of playlist.segments) {
    const extinf = segment.tags.find((tag) => tag.startsWith('#EXTINF:'));
    seconds += extinf ? Number.parseFloat(extinf.slice(8)) || 0 : 0;
  }
  return seconds;
}

/**
 * How much shorter than the original an encoded rendition of a recording may be and still be offered: its ladder
 * starts a moment after the push (longer on a busy machine), and a playback must hold the whole broadcast.
 */
export const recordingShortfallSeconds = 1.5;

/** A real broadcast's playback address (ingest-routes.ts, recordingPath). */
const recordedPlayback = /^\/hls\/records\/([1-9]\d{0,11})\/master\.m3u8$/;

/** Fragment names nginx writes with `hls_fragment_naming sequential`. */
const fragmentName = /^\d{1,12}\.ts$/;

function renderPlaylist(playlist: MediaPlaylist, prefix: string, options: { live: boolean }): string {
  const shown = options.live ? playlist.segments.slice(-windowSegments) : playlist.segments;
  const skipped = playlist.segments.length - shown.length;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${String(playlist.targetDuration)}`,
    `#EXT-X-MEDIA-SEQUENCE:${String(playlist.mediaSequence + skipped)}`,
  ];
  if (!options.live) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  for (const segment of shown) {
    if (!fragmentName.test(segment.uri)) continue;
    lines.push(...segment.tags, `${prefix}${segment.uri}`);
  }
  if (!options.live) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** A multivariant playlist of the renditions at hand, each named by its quality (the player's menu reads the names). */
export function ingestMasterPlaylist(renditions: readonly HlsQuality[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const quality of hlsQualities) {
    if (renditions.includes(quality)) lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${String(announcedBandwidth[quality])},NAME="${quality}"`, `${quality}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

export interface RtmpIngestOptions {
  /** Where nginx's configuration, its HLS and the recordings live. */
  dir: string;
  /** The port nginx takes pushes on (RTMP_PORT, 1935 by default). */
  rtmpPort: number;
}

export class RtmpIngest {
  readonly workDir: string;
  /** nginx writes `<hlsDir>/<quality>/<stream key>/index.m3u8` and its fragments. */
  readonly hlsDir: string;
  readonly recordingsDir: string;
  readonly rtmpPort: number;
  /** Part of the callback address nginx calls, so no other local program can put a room on air. */
  readonly callbackSecret = randomBytes(24).toString('hex');
  /** The renditions nginx writes: set when the media server starts (all four with ffmpeg). */
  renditions: readonly HlsQuality[] = ['original'];
  readonly #live = new Map<number, string>();
  /** The renditions the ladder is publishing, by stream key, and who waits for them to end. */
  readonly #ladder = new Map<string, { publishing: Set<string>; drained: Array<() => void> }>();
  /** ffmpeg, to make a recording's lower qualities again from its original: set with the renditions. */
  ffmpeg: string | null = null;
  /** Recordings being completed, one after another: each is a background encode that gives way to the site. */
  #completing: Promise<unknown> = Promise.resolve();
  /** Recordings' lengths as read: a kept recording never changes. */
  readonly #recordedSeconds = new Map<string, number>();

  constructor(options: RtmpIngestOptions) {
    this.workDir = join(options.dir, 'nginx');
    this.hlsDir = join(options.dir, 'hls');
    this.recordingsDir = join(options.dir, 'recordings');
    this.rtmpPort = options.rtmpPort;
  }

  /** Whether nginx is receiving a push for the room. */
  isLive(roomId: number): boolean {
    return this.#live.has(roomId);
  }

  /** Whether a push for the room may start: one publisher a room. */
  published(roomId: number, streamKey: string): boolean {
    if (this.#live.has(roomId)) return false;
    this.#live.set(roomId, streamKey);
    return true;
  }

  /** The push has ended; its stream key, if the room had one. */
  ended(roomId: number): string | undefined {
    const key = this.#live.get(roomId);
    this.#live.delete(roomId);
    return key;
  }

  /** The ladder began publishing a rendition of the push. */
  ladderPublished(streamKey: string, quality: string): void {
    const ladder = this.#ladder.get(streamKey) ?? { publishing: new Set<string>(), drained: [] };
    ladder.publishing.add(quality);
    this.#ladder.set(streamKey, ladder);
  }

  /** The ladder closed a rendition: nginx has written its last fragment. */
  ladderEnded(streamKey: string, quality: string): void {
    const ladder = this.#ladder.get(streamKey);
    if (!ladder?.publishing.delete(quality) || ladder.publishing.size > 0) return;
    this.#ladder.delete(streamKey);
    for (const drained of ladder.drained) drained();
  }

  /**
   * Resolves once the ladder of a push that ended has written every rendition to its end (it encodes what it still
   * held), or after `limitMs` should one never end; true when it did.
   */
  ladderDrained(streamKey: string, limitMs: number): Promise<boolean> {
    const ladder = this.#ladder.get(streamKey);
    if (!ladder) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#ladder.delete(streamKey);
        resolve(false);
      }, limitMs);
      timer.unref();
      ladder.drained.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  roomOfKey(streamKey: string): number | undefined {
    for (const [roomId, key] of this.#live) if (key === streamKey) return roomId;
    return undefined;
  }

  /** The live window of a rendition of a room being pushed, or null before nginx has written one. */
  async livePlaylist(roomId: number, quality: HlsQuality): Promise<string | null> {
    const key = this.#live.get(roomId);
    if (!key || !this.renditions.includes(quality)) return null;
    const text = await readFile(join(this.hlsDir, quality, key, 'index.m3u8'), 'utf8').catch(() => null);
    if (text === null) return null;
    const playlist = parseMediaPlaylist(text);
    return playlist.segments.length === 0 ? null : renderPlaylist(playlist, `${quality}/`, { live: true });
  }

  /**
   * The live window of a rendition, waiting up to `waitMs` for nginx to write its first fragments: a viewer told the
   * room went on air asks at once, and the ladder's renditions start a few seconds after the push.
   */
  async firstLivePlaylist(roomId: number, quality: HlsQuality, waitMs: number): Promise<string | null> {
    const until = Date.now() + waitMs;
    for (;;) {
      const playlist = await this.livePlaylist(roomId, quality);
      if (playlist !== null || !this.isLive(roomId) || Date.now() >= until) return playlist;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The file of a live fragment, or null. */
  liveFragment(roomId: number, quality: HlsQuality, name: string): string | null {
    const key = this.#live.get(roomId);
    if (!key || !fragmentName.test(name)) return null;
    return join(this.hlsDir, quality, key, name);
  }

  /**
   * Keeps what nginx wrote for a push that ended as the recording of broadcast `recordId`: each
   * rendition's fragments move under recordings/<recordId>/ with a playlist of the whole broadcast.
   * An encoded rendition that misses part of the broadcast (its ladder started late) is set aside as
   * `<quality>.incomplete`, not offered until completeRecording has made it again from the original; the
   * playback plays the whole broadcast in the renditions left meanwhile. Returns whether anything was recorded.
   */
  keepRecording(recordId: number, streamKey: string): boolean {
    let kept = false;
    const seconds = new Map<HlsQuality, number>();
    for (const quality of this.renditions) {
      const from = join(this.hlsDir, quality, streamKey);
      if (!existsSync(join(from, 'index.m3u8'))) continue;
      const to = join(this.recordingsDir, String(recordId), quality);
      mkdirSync(join(this.recordingsDir, String(recordId)), { recursive: true });
      renameSync(from, to);
      seconds.set(quality, playlistSeconds(parseMediaPlaylist(readFileSync(join(to, 'index.m3u8'), 'utf8'))));
      kept = true;
    }
    const whole = seconds.get('original');
    if (whole === undefined) return kept;
    for (const [quality, length] of seconds) {
      if (quality === 'original' || length >= whole - recordingShortfallSeconds) continue;
      const dir = join(this.recordingsDir, String(recordId), quality);
      renameSync(dir, `${dir}.incomplete`);
    }
    return kept;
  }

  /**
   * Makes again, from a recording's original, each encoded quality it lacks whole (set aside as `.incomplete` by
   * keepRecording, or never written), in one ffmpeg run at low priority, and then offers them; answers the qualities
   * made. Runs one recording at a time. The `.incomplete` folders stay until the quality is made, so a restart
   * finds the work left (completeRecordings).
   */
  completeRecording(recordId: number): Promise<HlsQuality[]> {
    const run = this.#completing.then(() => this.#complete(recordId));
    this.#completing = run.catch(() => undefined);
    return run;
  }

  /** Completes every recording a stop left with a quality set aside; answers how many were. */
  async completeRecordings(): Promise<number> {
    if (!existsSync(this.recordingsDir)) return 0;
    const pending = readdirSync(this.recordingsDir).filter(
      (name) => /^[1-9]\d{0,11}$/.test(name) && readdirSync(join(this.recordingsDir, name)).some((entry) => entry.endsWith('.incomplete')),
    );
    for (const name of pending) await this.completeRecording(Number(name));
    return pending.length;
  }

  async #complete(recordId: number): Promise<HlsQuality[]> {
    const directory = join(this.recordingsDir, String(recordId));
    const present = this.recordedRenditions(recordId);
    if (!this.ffmpeg || !present.includes('original')) return [];
    const setAside = existsSync(directory) ? readdirSync(directory).filter((entry) => entry.endsWith('.incomplete')) : [];
    const missing = (Object.keys(ladderHeights) as Array<keyof typeof ladderHeights>).filter(
      (quality) => !present.includes(quality) && (this.renditions.includes(quality) || setAside.includes(`${quality}.incomplete`)),
    );
    if (missing.length === 0) return [];
    const segments = await this.#segmentsOf(join(directory, 'original'));
    if (!segments) return [];
    for (const quality of missing) mkdirSync(join(directory, `${quality}.incomplete`), { recursive: true });
    const work = await mkdtemp(join(tmpdir(), 'pitchside-recording-'));
    try {
      // The concat reader lays the fragments end to end even where their time stamps start over.
      const list = join(work, 'fragments.ffconcat');
      const lines = ['ffconcat version 1.0'];
      for (const segment of segments) lines.push(`file '${segment.file.replaceAll("'", "'\\''")}'`, `duration ${segment.seconds.toFixed(3)}`);
      await writeFile(list, `${lines.join('\n')}\n`);
      await makeLadder({
        ffmpeg: this.ffmpeg,
        input: ['-f', 'concat', '-safe', '0', '-i', list],
        directory,
        rungs: missing.map((quality) => ({
          quality,
          height: ladderHeights[quality].height,
          copy: false,
          videoBitrate: ladderHeights[quality].videoKbps * 1000,
          audioBitrate: 96_000,
        })),
        sound: 'encode',
        // The live fragments' length, so every quality of a recording switches on the same seconds.
        segmentSeconds: 1,
        durationSeconds: segments.reduce((sum, segment) => sum + segment.seconds, 0),
        niceness: 10,
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    for (const quality of missing) await rm(join(directory, `${quality}.incomplete`), { recursive: true, force: true });
    return missing;
  }

  /** The renditions a recording has. */
  recordedRenditions(recordId: number): HlsQuality[] {
    const dir = join(this.recordingsDir, String(recordId));
    if (!existsSync(dir)) return [];
    const present = new Set(readdirSync(dir));
    return hlsQualities.filter((quality) => present.has(quality));
  }

  async recordingPlaylist(recordId: number, quality: HlsQuality): Promise<string | null> {
    const text = await readFile(join(this.recordingsDir, String(recordId), quality, 'index.m3u8'), 'utf8').catch(() => null);
    return text === null ? null : renderPlaylist(parseMediaPlaylist(text), `${quality}/`, { live: false });
  }

  /**
   * The fragments of a recording, in play order, of its best rendition: a real broadcast's (`/hls/records/<id>/`)
   * from the playlist nginx wrote, a demo recording's from its clip.
   */
  async recordingSegments(playbackPath: string): Promise<RecordedSegment[] | null> {
    const recordId = recordedPlayback.exec(playbackPath)?.[1];
    if (!recordId) return demoRecordingSegments(playbackPath);
    const quality = this.recordedRenditions(Number(recordId))[0];
    if (!quality) return null;
    return this.#segmentsOf(join(this.recordingsDir, recordId, quality));
  }

  /** The fragments of one recorded rendition's folder, from its playlist. */
  async #segmentsOf(folder: string): Promise<RecordedSegment[] | null> {
    const text = await readFile(join(folder, 'index.m3u8'), 'utf8').catch(() => null);
    if (text === null) return null;
    const segments = parseMediaPlaylist(text).segments.flatMap((segment) => {
      const length = segment.tags.find((tag) => tag.startsWith('#EXTINF:'));
      const seconds = length ? Number.parseFloat(length.slice(8)) : Number.NaN;
      return fragmentName.test(segment.uri) && seconds > 0 ? [{ file: join(folder, segment.uri), seconds }] : [];
    });
    return segments.length > 0 ? segments : null;
  }

  async recordingSeconds(playbackPath: string): Promise<number | null> {
    const known = this.#recordedSeconds.get(playbackPath);
    if (known !== undefined) return known;
    const segments = await this.recordingSegments(playbackPath);
    if (!segments) return null;
    const seconds = segments.reduce((sum, segment) => sum + segment.seconds, 0);
    this.#recordedSeconds.set(playbackPath, seconds);
    return seconds;
  }

  recordingFragment(recordId: number, quality: HlsQuality, name: string): string | null {
    return fragmentName.test(name) ? join(this.recordingsDir, String(recordId), quality, name) : null;
  }
}
