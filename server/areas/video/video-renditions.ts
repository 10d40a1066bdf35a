import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ladderArgs, makeLadder, type LadderRung } from '../../media/hls-ladder.ts';
import type { PlannedRung } from '../../../src/machines/transcode-job-machine.ts';

/** Site paths of the renditions: /media/renditions/<video id>/master.m3u8 and /<quality>/index.m3u8, /<n>.ts. */
export const renditionsPathPrefix = '/media/renditions/';

/** The folder, under the uploads' storage, holding one video's renditions. */
export function renditionsDirectory(storageDirectory: string, videoId: number): string {
  return join(storageDirectory, 'renditions', String(videoId));
}

export function masterPlaylistPath(videoId: number): string {
  return `${renditionsPathPrefix}${String(videoId)}/master.m3u8`;
}

/** What each rung's variant announces in the master playlist, and the encoder's ceiling for it. */
const bitrates: Record<string, { video: number; audio: number }> = {
  high_definition: { video: 2_500_000, audio: 128_000 },
  standard: { video: 1_200_000, audio: 96_000 },
  smooth: { video: 700_000, audio: 64_000 },
};

/** Seconds per segment: short enough to start soon and switch quality often, long enough to keep playlists small. */
const segmentSeconds = 4;

let ffmpegPath: string | null | undefined;

/** ffmpeg on this machine's PATH, or null; looked up once. */
export function findFfmpeg(): string | null {
  if (ffmpegPath === undefined) {
    const found = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' });
    ffmpegPath = found.status === 0 ? found.stdout.trim() || null : null;
  }
  return ffmpegPath;
}

/** Whether a rendition was made whole: its folder exists only once ffmpeg finished (it is written beside, then renamed). */
export function renditionMade(directory: string, quality: string): boolean {
  return existsSync(join(directory, quality, 'index.m3u8'));
}

export interface RenditionsRequest {
  ffmpeg: string;
  source: string;
  directory: string;
  /** The rungs to make, all from one reading of the source. */
  rungs: readonly PlannedRung[];
  /** The source's length, to turn ffmpeg's position into a share. */
  durationSeconds: number;
  /** The source's sound codec as ffprobe names it, or null when it has none. */
  audioCodec: string | null;
  onProgress: (share: number) => void;
  signal: AbortSignal;
}

/** The ladder's rungs for the planned ones, with each quality's rates. */
export function ladderRungsOf(rungs: readonly PlannedRung[]): LadderRung[] {
  return rungs.map((rung) => {
    const rate = bitrates[rung.quality] ?? bitrates.smooth!;
    return { quality: rung.quality, height: rung.height, copy: rung.copy, videoBitrate: rate.video, audioBitrate: rate.audio };
  });
}

/** AAC sound is copied into every rendition as it is; any other is encoded to AAC (a copied rung has AAC or none). */
const soundOf = (audioCodec: string | null) => (audioCodec === null ? 'none' : audioCodec === 'aac' ? 'copy' : 'encode');

/** ffmpeg's arguments for the renditions of an uploaded video (server/media/hls-ladder.ts, ladderArgs). */
export function renditionArgs(request: Pick<RenditionsRequest, 'source' | 'directory' | 'rungs' | 'audioCodec'>): string[] {
  return ladderArgs({ input: ['-i', request.source], directory: request.directory, rungs: ladderRungsOf(request.rungs), sound: soundOf(request.audioCodec), segmentSeconds });
}

/**
 * Makes the planned renditions of an uploaded video with one ffmpeg run, the source decoded once for all of them;
 * each folder appears whole when ffmpeg has finished (makeLadder).
 */
export async function makeRenditions(request: RenditionsRequest): Promise<void> {
  await makeLadder({
    ffmpeg: request.ffmpeg,
    input: ['-i', request.source],
    directory: request.directory,
    rungs: ladderRungsOf(request.rungs),
    sound: soundOf(request.audioCodec),
    segmentSeconds,
    durationSeconds: request.durationSeconds,
    onProgress: request.onProgress,
    signal: request.signal,
  });
}

export interface MadeRendition {
  quality: string;
  height: number;
}

/** Writes the master playlist naming each rendition by its quality (the player's quality menu reads NAME), best first. */
export async function writeMasterPlaylist(directory: string, renditions: readonly MadeRendition[]): Promise<void> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const rendition of renditions) {
    const rate = bitrates[rendition.quality] ?? bitrates.smooth!;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${String(rate.video + rate.audio)},NAME="${rendition.quality}"`, `${rendition.quality}/index.m3u8`);
  }
  const temporary = join(directory, 'master.m3u8.part');
  await writeFile(temporary, `${lines.join('\n')}\n`);
  await rename(temporary, join(directory, 'master.m3u8'));
}
