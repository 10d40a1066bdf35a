import { execFile, spawnSync } from 'node:child_process';
import { open } from 'node:fs/promises';

/** What ffprobe reads in a file: its container, its streams and its length. */
export interface ProbedVideo {
  container: 'mp4' | 'mov' | 'webm';
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  durationSeconds: number;
}

// SPEC §5 wants 'the correct video format': mp4, mov or webm as ffprobe reads the container, with a
// video stream a browser can be given (directly or after transcoding); the name says nothing.
const videoCodecs = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4']);
const audioCodecs = new Set(['aac', 'mp3', 'opus', 'vorbis', 'ac3', 'alac']);
/** A probe of a file under 50 MB takes milliseconds; one that hangs is a hostile file. */
const probeTimeoutMs = 15_000;

let ffprobePath: string | null | undefined;

/** ffprobe on this machine's PATH, or null; looked up once. */
export function findFfprobe(): string | null {
  if (ffprobePath === undefined) {
    const found = spawnSync('sh', ['-c', 'command -v ffprobe'], { encoding: 'utf8' });
    ffprobePath = found.status === 0 ? found.stdout.trim() || null : null;
  }
  return ffprobePath;
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string; format_long_name?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number }>;
}

/**
 * Reads `file` with ffprobe; null when it is not an mp4, mov or webm with a playable video stream.
 * The container's family is told apart by the major brand as well: ffprobe names mp4 and mov alike.
 */
export async function probeVideo(ffprobe: string, file: string): Promise<ProbedVideo | null> {
  const output = await new Promise<string | null>((resolve) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-show_entries', 'format=format_name,duration:format_tags=major_brand:stream=codec_type,codec_name,width,height', '-of', 'json', file],
      { timeout: probeTimeoutMs, maxBuffer: 1024 * 1024 },
      (error, stdout) => resolve(error ? null : stdout),
    );
  });
  if (output === null) return null;
  let parsed: ProbeOutput & { format?: { tags?: { major_brand?: string } } };
  try {
    parsed = JSON.parse(output) as typeof parsed;
  } catch {
    return null;
  }
  const formatName = parsed.format?.format_name ?? '';
  const brand = (parsed.format?.tags?.major_brand ?? '').trim();
  const container = formatName.includes('webm') ? 'webm' : formatName.includes('mp4') ? (brand === 'qt' ? 'mov' : 'mp4') : null;
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && videoCodecs.has(stream.codec_name ?? ''));
  const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
  const durationSeconds = Number(parsed.format?.duration ?? 'NaN');
  if (!container || !video || !video.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  if (audio && !audioCodecs.has(audio.codec_name ?? '')) return null;
  if (container !== 'webm' && !(await isoBoxesComplete(file))) return null;
  return {
    container,
    videoCodec: video.codec_name!,
    audioCodec: audio?.codec_name ?? null,
    width: video.width,
    height: video.height,
    durationSeconds,
  };
}

/**
 * Whether an ISO media file (mp4, mov) is whole: its top-level boxes, each declaring its own length,
 * end exactly at the end of the file. A file cut short by even one byte ends inside its last box,
 * though ffprobe still reads its index and plays all but the lost frames.
 */
export async function isoBoxesComplete(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        // "to the end of the file": whole by definition
        return true;
      }
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return offset === size;
  } finally {
    await handle.close();
  }
}
