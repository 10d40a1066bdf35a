import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordedSegment } from '../ports/broadcast-ingest.ts';
import { defaultClipsDir } from './hls-clips.ts';
import type { ClipManifest } from './hls-playlists.ts';
import { clipOfRecording, vodLoops } from './vod-playlists.ts';

const demoRecording = /^\/media\/videos\/([a-z]+-[1-9]\d{0,2})\/index\.m3u8$/;

/**
 * A demo recording's files (`/media/videos/<clip>-<n>/index.m3u8`): its clip's original rendition played
 * `vodLoops` times over, as the playlist the viewers get says; null for any other address.
 */
export async function demoRecordingSegments(playbackPath: string, clipsDir = defaultClipsDir): Promise<RecordedSegment[] | null> {
  const name = demoRecording.exec(playbackPath)?.[1];
  const clip = name ? clipOfRecording(name) : null;
  if (!clip) return null;
  const manifest = JSON.parse(await readFile(join(clipsDir, clip, 'manifest.json'), 'utf8')) as ClipManifest;
  const once = Array.from({ length: manifest.segments }, (_, n) => ({
    file: join(clipsDir, clip, 'original', `${String(n)}.mpegts`),
    seconds: manifest.segmentSeconds,
  }));
  if (!once.every((segment) => existsSync(segment.file))) return null;
  return Array.from({ length: vodLoops }, () => once).flat();
}
