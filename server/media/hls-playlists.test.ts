import { describe, expect, it } from 'vitest';
import { ClipLibrary, clipForRoom, clipOfType } from './hls-clips.ts';
import { clipOffset, clipSegmentOf, hlsQualities, liveEdge, masterPlaylist, mediaPlaylist, windowSegments, type Broadcast } from './hls-playlists.ts';

const clips = new ClipLibrary();
const football = clips.get('football').manifest;

interface Parsed {
  sequence: number;
  discontinuitySequence: number;
  targetDuration: number;
  ended: boolean;
  /** Each segment's URI, the discontinuity number hls.js would give it, and its duration. */
  segments: Array<{ uri: string; cc: number; duration: number }>;
}

/** Reads a media playlist the way a player does: the DISCONTINUITY-SEQUENCE, plus one per tag. */
function parse(playlist: string): Parsed {
  const lines = playlist.trim().split('\n');
  const tag = (name: string) => Number(lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1));
  const parsed: Parsed = {
    sequence: tag('#EXT-X-MEDIA-SEQUENCE'),
    discontinuitySequence: tag('#EXT-X-DISCONTINUITY-SEQUENCE'),
    targetDuration: tag('#EXT-X-TARGETDURATION'),
    ended: lines.includes('#EXT-X-ENDLIST'),
    segments: [],
  };
  let cc = parsed.discontinuitySequence;
  let duration = 0;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') cc++;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (!line.startsWith('#')) parsed.segments.push({ uri: line, cc, duration });
  }
  return parsed;
}

const roomId = 12;
const broadcast: Broadcast = { roomId, startedAtMs: Date.parse('2026-11-25T01:00:00.000Z') };
/** Two hours and a quarter of a second into the broadcast. */
const at = Date.parse('2026-11-25T03:00:00.250Z');

describe('live media playlists', () => {
  it('lists a window of 1 s segments ending at the last finished second, with no end', () => {
    const p = parse(mediaPlaylist(football, 'standard', broadcast, at));
    expect(p.targetDuration).toBe(1);
    expect(p.ended).toBe(false);
    expect(p.segments).toHaveLength(windowSegments);
    expect(p.segments.every((s) => s.duration === 1)).toBe(true);
    const last = 2 * 3600 - 1;
    expect(liveEdge(broadcast, at)).toBe(last);
    expect(p.sequence).toBe(last - windowSegments + 1);
    expect(p.segments.map((s) => s.uri)).toEqual(Array.from({ length: windowSegments }, (_, i) => `standard/${p.sequence + i}.ts`));
  });

  it('slides one segment a second with the clock, and not within a second', () => {
    const first = parse(mediaPlaylist(football, 'original', broadcast, at));
    expect(parse(mediaPlaylist(football, 'original', broadcast, at + 700)).sequence).toBe(first.sequence);
    for (let s = 1; s <= 20; s++) {
      const later = parse(mediaPlaylist(football, 'original', broadcast, at + s * 1000));
      expect(later.sequence).toBe(first.sequence + s);
      expect(later.segments).toHaveLength(windowSegments);
    }
  });

  it('marks each restart of the clip with a discontinuity, and keeps the numbering as the window slides', () => {
    const n = football.segments;
    const offset = clipOffset(roomId, n);
    /** The discontinuity number each stream segment gets: the clip's restarts up to it. */
    const expected = (sequence: number) => Math.floor((sequence + offset) / n);
    const seen = new Map<string, number>();
    let restarts = 0;
    for (let s = 0; s < 3 * n; s++) {
      const text = mediaPlaylist(football, 'smooth', broadcast, at + s * 1000);
      const p = parse(text);
      for (const segment of p.segments) {
        const sequence = Number(/\/(\d+)\.ts$/.exec(segment.uri)![1]);
        expect(segment.cc, `segment ${sequence} at step ${s}`).toBe(expected(sequence));
        // a segment keeps its number in every playlist that lists it
        expect(seen.get(segment.uri) ?? segment.cc).toBe(segment.cc);
        seen.set(segment.uri, segment.cc);
      }
      restarts += text.includes('#EXT-X-DISCONTINUITY\n') ? 1 : 0;
      // a tag only ever stands before the clip's first segment, never first in the window
      const lines = text.trim().split('\n');
      lines.forEach((line, i) => {
        if (line !== '#EXT-X-DISCONTINUITY') return;
        const sequence = Number(/\/(\d+)\.ts$/.exec(lines[i + 2]!)![1]);
        expect(clipSegmentOf(sequence, offset, n)).toBe(0);
        expect(sequence).not.toBe(p.sequence);
      });
    }
    expect(restarts).toBeGreaterThan(0);
  });

  it('opens a broadcast on a full window of its first segments, then slides', () => {
    const start = broadcast.startedAtMs;
    for (const elapsed of [0, 2500, 6999]) {
      const p = parse(mediaPlaylist(football, 'standard', broadcast, start + elapsed));
      expect(p.sequence, `${elapsed} ms in`).toBe(0);
      expect(p.segments).toHaveLength(windowSegments);
    }
    expect(parse(mediaPlaylist(football, 'standard', broadcast, start + 7000)).sequence).toBe(1);
  });

  it('keeps the discontinuity sequence small: one a loop of the clip since the broadcast began', () => {
    const day = parse(mediaPlaylist(football, 'standard', broadcast, broadcast.startedAtMs + 86_400_000));
    expect(day.discontinuitySequence).toBeLessThanOrEqual(86_400 / football.segments + 1);
  });

  it('starts rooms at different points of the same clip', () => {
    const n = football.segments;
    expect(new Set([1, 2, 3, 4].map((id) => clipOffset(id, n))).size).toBeGreaterThan(1);
  });

  it('lists the four renditions of SPEC §9 in the master playlist, named, with bandwidth, resolution and codecs', () => {
    const master = masterPlaylist(football);
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));
    expect(variants.map((v) => v.uri)).toEqual(hlsQualities.map((q) => `${q}.m3u8`));
    expect(variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v.attrs)?.[1])).toEqual(['1280x720', '960x540', '640x360', '426x240']);
    for (const [i, v] of variants.entries()) {
      expect(v.attrs).toMatch(/BANDWIDTH=\d+/);
      expect(v.attrs).toMatch(/CODECS="avc1\.4d40[0-9a-f]{2}"/);
      expect(v.attrs).toContain(`NAME="${hlsQualities[i]}"`);
    }
    const bandwidths = variants.map((v) => Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(v.attrs)![1]));
    expect([...bandwidths].sort((a, b) => b - a)).toEqual(bandwidths);
  });
});

describe('the committed clips', () => {
  for (const name of Object.values(clipOfType)) {
    it(`${name}: whole 1 s segments in every quality, each an MPEG-TS stream that opens on a key frame`, () => {
      const clip = clips.get(name);
      expect(clip.manifest.segments).toBeGreaterThanOrEqual(6);
      for (const quality of hlsQualities) {
        const segments = clip.segments[quality];
        expect(segments).toHaveLength(clip.manifest.segments);
        for (const segment of segments) {
          expect(segment.length % 188, `${quality} packets`).toBe(0);
          // every 188-byte packet starts with the sync byte
          for (let i = 0; i < segment.length; i += 188) expect(segment[i]).toBe(0x47);
          // each segment carries its own SPS (a key frame), so a player can start or switch at any of them
          expect(segment.includes(Buffer.from([0, 0, 1, 0x67])) || segment.includes(Buffer.from([0, 0, 1, 0x27]))).toBe(true);
        }
        // the bandwidth the master playlist announces covers every second of the clip
        expect(Math.max(...segments.map((s) => s.length * 8))).toBeLessThanOrEqual(clip.manifest.qualities[quality].bandwidth);
      }
    });
  }

  it('plays the clip a room names by its sport, and its sport otherwise', () => {
    expect(clipForRoom({ type: 1, demo_clip: 'basketball-2' })).toBe('basketball');
    expect(clipForRoom({ type: 3, demo_clip: null })).toBe('esports');
    expect(clipForRoom({ type: 2, demo_clip: 'hockey-1' })).toBe('basketball');
  });
});
