import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
let setprivPath: string | null | undefined;

/**
 * util-linux's setpriv, which runs ffmpeg with a parent-death signal: killed with this process even by kill -9
 * (ffmpeg ignores SIGPIPE, so a closed progress pipe would not end it). Looked up once; null where absent.
 */
function findSetpriv(): string | null {
  if (setprivPath === undefined) {
    const found = spawnSync('sh', ['-c', 'command -v setpriv && setpriv --pdeathsig KILL true'], { encoding: 'utf8' });
    setprivPath = found.status === 0 ? found.stdout.trim().split('\n')[0] || null : null;
  }
  return setprivPath;
}

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

export interface RenditionRequest {
  ffmpeg: string;
  source: string;
  directory: string;
  rung: PlannedRung;
  /** The source's length, to turn ffmpeg's position into a share. */
  durationSeconds: number;
  hasAudio: boolean;
  onProgress: (share: number) => void;
  signal: AbortSignal;
}

/**
 * Makes one HLS rendition with ffmpeg: copied when the rung says so (the source already is H.264/AAC at
 * that height), else scaled to the rung's height and encoded. It is written into `<quality>.part` and
 * renamed when ffmpeg has finished, so a rendition folder is always whole; a process killed half-way
 * leaves only a `.part` folder, removed when the rung is made again. ffmpeg dies with this process
 * (setpriv's parent-death signal), so a killed server leaves no encoder writing behind it.
 */
export async function makeRendition(request: RenditionRequest): Promise<void> {
  const { rung, directory } = request;
  const part = join(directory, `${rung.quality}.part`);
  const final = join(directory, rung.quality);
  await rm(part, { recursive: true, force: true });
  await mkdir(part, { recursive: true });
  const rate = bitrates[rung.quality] ?? bitrates.smooth!;
  const codec = rung.copy
    ? ['-c', 'copy']
    : [
        '-vf',
        `scale=-2:${String(rung.height)}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-crf',
        '23',
        '-maxrate',
        String(rate.video),
        '-bufsize',
        String(rate.video * 2),
        // A key frame at every segment boundary, so each segment starts one and renditions switch cleanly.
        '-force_key_frames',
        `expr:gte(t,n_forced*${String(segmentSeconds)})`,
        ...(request.hasAudio ? ['-c:a', 'aac', '-b:a', String(rate.audio), '-ac', '2'] : ['-an']),
      ];
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-nostats',
    '-progress',
    'pipe:1',
    '-i',
    request.source,
    '-map',
    '0:v:0',
    ...(request.hasAudio ? ['-map', '0:a:0'] : []),
    ...codec,
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    join(part, '%d.ts'),
    join(part, 'index.m3u8'),
  ];
  await new Promise<void>((resolve, reject) => {
    const setpriv = findSetpriv();
    const child = setpriv
      ? spawn(setpriv, ['--pdeathsig', 'KILL', request.ffmpeg, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(request.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    let buffered = '';
    const abort = () => child.kill('SIGKILL');
    request.signal.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && request.durationSeconds > 0) request.onProgress(Math.min(0.99, Number(match[1]) / 1e6 / request.durationSeconds));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (errors.length < 2000) errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      request.signal.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${signal ? `was killed (${signal})` : `exited with ${String(code)}`}: ${errors.trim().split('\n').pop() ?? ''}`));
    });
  });
  await rm(final, { recursive: true, force: true });
  await rename(part, final);
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
