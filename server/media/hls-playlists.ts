// Live HLS playlists for the demo rooms (DESIGN.md, Video): a short clip of 1 s segments played
// as an endless live stream. Segment n of a broadcast is its n-th second since the room went on
// air, so every viewer and every server process agrees on the live edge from the clock and the
// room's start alone, and a playlist is a few lines built per request. Each time the clip starts
// over, its time stamps start over too, which is what EXT-X-DISCONTINUITY tells the player
// (RFC 8216 §4.3.2.3).
//
// Counting from the broadcast's start, not from the Unix epoch, keeps the discontinuity sequence
// small: hls.js 1.7 keeps a sparse array indexed by it and walks it from 0 on every playlist
// reload, which at an epoch-based number (about 2e8) blocked the page for seconds.

/** SPEC §9's stream qualities, best first: the renditions every clip has. */
export const hlsQualities = ['original', 'high_definition', 'standard', 'smooth'] as const;
export type HlsQuality = (typeof hlsQualities)[number];

export function isHlsQuality(name: string): name is HlsQuality {
  return (hlsQualities as readonly string[]).includes(name);
}

export interface RenditionInfo {
  width: number;
  height: number;
  /** RFC 6381 codec string of the video, read from the stream itself. */
  codecs: string;
  /** Peak bits a second (the largest 1 s segment). */
  bandwidth: number;
  averageBandwidth: number;
}

/** server/media/clips/<clip>/manifest.json, written by scripts/make-demo-clips.mjs. */
export interface ClipManifest {
  clip: string;
  segments: number;
  segmentSeconds: 1;
  frameRate: number;
  qualities: Record<HlsQuality, RenditionInfo>;
}

/** Segments a media playlist lists: Apple asks for at least three target durations; six give hls.js room to buffer. */
export const windowSegments = 6;

/** A room on air, as its stream needs it. */
export interface Broadcast {
  roomId: number;
  /** When the room went on air: its stream's segment 0. */
  startedAtMs: number;
}

/**
 * The stream's newest finished segment at `nowMs`; segment n covers second n of the broadcast.
 * In the first seconds of a broadcast the window stays on the clip's opening segments.
 */
export function liveEdge(broadcast: Broadcast, nowMs: number): number {
  return Math.max(Math.floor((nowMs - broadcast.startedAtMs) / 1000) - 1, windowSegments - 1);
}

/**
 * Where a room's stream is in its clip. Rooms start the clip at different points (by room id), so
 * two rooms that play the same clip do not show the same picture at the same moment.
 */
export function clipOffset(roomId: number, segments: number): number {
  return (roomId * 5) % segments;
}

/** The clip segment shown as stream segment `sequence`. */
export function clipSegmentOf(sequence: number, offset: number, segments: number): number {
  return (sequence + offset) % segments;
}

/** How many times the clip has started over up to and including stream segment `sequence`. */
function loopsBefore(sequence: number, offset: number, segments: number): number {
  return Math.floor((sequence + offset) / segments);
}

/** The master playlist: one variant per quality, named after it so the player can offer SPEC §9's names. */
export function masterPlaylist(manifest: ClipManifest): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const quality of hlsQualities) {
    const r = manifest.qualities[quality];
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},` +
        `CODECS="${r.codecs}",NAME="${quality}"`,
      `${quality}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The live media playlist of one quality at `nowMs`: the last `windowSegments` finished segments,
 * no ENDLIST. A discontinuity sequence counts the clip's restarts, so the first segment's number
 * agrees with the tags of earlier playlists as the window slides (RFC 8216 §4.3.3.3); a restart at
 * the window's first segment is counted in it rather than tagged.
 */
export function mediaPlaylist(manifest: ClipManifest, quality: HlsQuality, broadcast: Broadcast, nowMs: number): string {
  const { segments } = manifest;
  const offset = clipOffset(broadcast.roomId, segments);
  const last = liveEdge(broadcast, nowMs);
  const first = last - windowSegments + 1;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${loopsBefore(first, offset, segments)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let sequence = first; sequence <= last; sequence++) {
    if (sequence !== first && clipSegmentOf(sequence, offset, segments) === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push('#EXTINF:1.000,', `${quality}/${sequence}.ts`);
  }
  return `${lines.join('\n')}\n`;
}
