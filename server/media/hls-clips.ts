import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hlsQualities, type ClipManifest, type HlsQuality } from './hls-playlists.ts';

/** The committed clips (scripts/make-demo-clips.mjs makes them). */
export const defaultClipsDir = fileURLToPath(new URL('./clips/', import.meta.url));

/** A clip for every sport of the site (LiveType 1, 2, 3). */
export const clipOfType: Readonly<Record<1 | 2 | 3, string>> = { 1: 'football', 2: 'basketball', 3: 'esports' };

export interface LoadedClip {
  manifest: ClipManifest;
  /** Each quality's segments, in order. */
  segments: Record<HlsQuality, readonly Buffer[]>;
}

/**
 * The clips, each read from disk once, at its first use, and kept: a few MB in all, so a segment
 * is served from memory rather than read per request.
 */
export class ClipLibrary {
  readonly #loaded = new Map<string, LoadedClip>();

  constructor(private readonly dir: string = defaultClipsDir) {}

  get(name: string): LoadedClip {
    let clip = this.#loaded.get(name);
    if (!clip) {
      clip = this.#load(name);
      this.#loaded.set(name, clip);
    }
    return clip;
  }

  #load(name: string): LoadedClip {
    const base = join(this.dir, name);
    const manifest = JSON.parse(readFileSync(join(base, 'manifest.json'), 'utf8')) as ClipManifest;
    const segments = {} as Record<HlsQuality, Buffer[]>;
    for (const quality of hlsQualities) {
      segments[quality] = Array.from({ length: manifest.segments }, (_, n) => readFileSync(join(base, quality, `${n}.mpegts`)));
    }
    return { manifest, segments };
  }
}

/**
 * The clip a room plays: the one its demo_clip names by its sport (the seed writes `football-2`),
 * else its sport's.
 */
export function clipForRoom(room: { type: 1 | 2 | 3; demo_clip: string | null }): string {
  const named = room.demo_clip?.split('-')[0];
  const known = Object.values(clipOfType);
  return named && known.includes(named) ? named : clipOfType[room.type];
}
