// A ladder of HLS renditions made by one ffmpeg run: the uploaded videos' renditions and a recorded broadcast's
// lower qualities made again from its original.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';

/** One rendition to make: scaled to `height` and encoded, or the source's pictures copied as they are. */
export interface LadderRung {
  /** The rendition's folder name under the ladder's directory. */
  quality: string;
  height: number;
  copy: boolean;
  /** The encoder's ceiling for the pictures, in bits a second. */
  videoBitrate: number;
  /** The sound's rate when it has to be encoded, in bits a second. */
  audioBitrate: number;
}

export interface LadderRequest {
  ffmpeg: string;
  /** What ffmpeg reads: its input options and the input (`['-i', file]`, or a concat list with its format). */
  input: readonly string[];
  directory: string;
  rungs: readonly LadderRung[];
  /**
   * What becomes of the source's sound: none, copied into every rung (it is AAC already), or encoded to AAC in each
   * (where the source has any).
   */
  sound: 'none' | 'copy' | 'encode';
  /** Seconds a segment lasts; a key frame starts each. */
  segmentSeconds: number;
  /** The source's length, to turn ffmpeg's position into a share. */
  durationSeconds: number;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** The process's scheduling niceness: a background job gives way to what viewers wait for. */
  niceness?: number;
}

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

/** The x264 settings of an encoded rung: `veryfast` keeps a one-core encode of the whole ladder within real time. */
function videoEncoder(rung: LadderRung, segmentSeconds: number): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    '-profile:v', 'main',
    '-pix_fmt', 'yuv420p',
    '-crf', '23',
    '-maxrate', String(rung.videoBitrate),
    '-bufsize', String(rung.videoBitrate * 2),
    // A key frame at every segment boundary, so each segment starts with one and renditions switch cleanly.
    '-force_key_frames', `expr:gte(t,n_forced*${String(segmentSeconds)})`,
  ];
}

/**
 * ffmpeg's arguments for a ladder made in one run: the source is read and decoded once, its pictures scaled to the
 * largest encoded rung and split from there to a scaler per smaller rung (which then scales from a small picture,
 * not from the source); a copied rung takes the source's packets as they are. The sound is copied or encoded once
 * per rung, as `sound` says. Each rung is written to `<quality>.part/`.
 */
export function ladderArgs(request: Pick<LadderRequest, 'input' | 'directory' | 'rungs' | 'sound' | 'segmentSeconds'>): string[] {
  const encoded = request.rungs.filter((rung) => !rung.copy).sort((a, b) => b.height - a.height);
  const label = (rung: LadderRung) => `[v${rung.quality}]`;
  const graph: string[] = [];
  const [top, ...rest] = encoded;
  if (top && rest.length === 0) graph.push(`[0:v:0]scale=-2:${String(top.height)}${label(top)}`);
  else if (top) {
    graph.push(`[0:v:0]scale=-2:${String(top.height)},split=${String(encoded.length)}${label(top)}${rest.map((_, at) => `[s${String(at)}]`).join('')}`);
    rest.forEach((rung, at) => graph.push(`[s${String(at)}]scale=-2:${String(rung.height)}${label(rung)}`));
  }
  const outputs = request.rungs.flatMap((rung) => {
    const part = join(request.directory, `${rung.quality}.part`);
    const audio =
      request.sound === 'none'
        ? ['-an']
        : request.sound === 'copy'
          ? ['-map', '0:a:0', '-c:a', 'copy']
          : ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', String(rung.audioBitrate), '-ac', '2'];
    const video = rung.copy ? ['-map', '0:v:0', '-c:v', 'copy'] : ['-map', label(rung), ...videoEncoder(rung, request.segmentSeconds)];
    return [
      ...video,
      ...audio,
      '-f', 'hls',
      '-hls_time', String(request.segmentSeconds),
      '-hls_playlist_type', 'vod',
      '-hls_segment_filename', join(part, '%d.ts'),
      join(part, 'index.m3u8'),
    ];
  });
  return [
    '-v', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1',
    ...request.input,
    ...(graph.length > 0 ? ['-filter_complex', graph.join(';')] : []),
    ...outputs,
  ];
}

/**
 * Makes the rungs with one ffmpeg run (ladderArgs). Each is written into `<quality>.part` and renamed when ffmpeg
 * has finished, so a rendition folder is always whole; a process killed half-way leaves only `.part` folders,
 * removed when the rungs are made again. ffmpeg dies with this process (setpriv's parent-death signal), so a
 * killed server leaves no encoder writing behind it.
 */
export async function makeLadder(request: LadderRequest): Promise<void> {
  const { directory, rungs } = request;
  if (rungs.length === 0) return;
  for (const rung of rungs) {
    const part = join(directory, `${rung.quality}.part`);
    await rm(part, { recursive: true, force: true });
    await mkdir(part, { recursive: true });
  }
  const args = ladderArgs(request);
  await new Promise<void>((resolve, reject) => {
    const setpriv = findSetpriv();
    const child = setpriv
      ? spawn(setpriv, ['--pdeathsig', 'KILL', request.ffmpeg, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(request.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (request.niceness !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, request.niceness);
      } catch {
        // Left at the site's own priority where the system refuses.
      }
    }
    let errors = '';
    let buffered = '';
    const abort = () => child.kill('SIGKILL');
    request.signal?.addEventListener('abort', abort, { once: true });
    if (request.signal?.aborted) abort();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && request.durationSeconds > 0) request.onProgress?.(Math.min(0.99, Number(match[1]) / 1e6 / request.durationSeconds));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (errors.length < 2000) errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      request.signal?.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${signal ? `was killed (${signal})` : `exited with ${String(code)}`}: ${errors.trim().split('\n').pop() ?? ''}`));
    });
  });
  for (const rung of rungs) {
    const final = join(directory, rung.quality);
    await rm(final, { recursive: true, force: true });
    await rename(join(directory, `${rung.quality}.part`), final);
  }
}
