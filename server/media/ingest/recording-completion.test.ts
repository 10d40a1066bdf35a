import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsQualities } from '../hls-playlists.ts';
import { parseMediaPlaylist, playlistSeconds, RtmpIngest } from './rtmp-ingest.ts';

const secondsOf = (file: string) => playlistSeconds(parseMediaPlaylist(readFileSync(file, 'utf8')));
const heightOf = (file: string) =>
  // An MPEG-TS file's streams are listed again under its program: the first line is enough.
  Number(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).split('\n')[0]);

/** HLS of 1 s fragments named 0.ts, 1.ts… as nginx writes them, `seconds` of a test picture and tone at `height`. */
function writeRendition(folder: string, seconds: number, height: number): void {
  mkdirSync(folder, { recursive: true });
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${String(Math.round((height * 16) / 9 / 2) * 2)}x${String(height)}:rate=25:duration=${String(seconds)}`,
    '-f', 'lavfi', '-i', `sine=duration=${String(seconds)}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(folder, '%d.ts'), join(folder, 'index.m3u8'),
  ]);
}

describe("a recording's lower qualities, made again from its original when the ladder missed part of the broadcast", () => {
  let dir: string;
  let ingest: RtmpIngest;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pitchside-recording-'));
    ingest = new RtmpIngest({ dir, rtmpPort: 1935 });
    ingest.renditions = hlsQualities;
    ingest.ffmpeg = 'ffmpeg';
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The encode runs at a low priority: on a busy machine it waits for everything else.
  it('keeps a late rendition aside, then offers every quality for the whole broadcast', { timeout: 240_000 }, async () => {
    const key = 'stream-key';
    // The push's own rendition lasts 5 s; the ladder's started 3 s late, and one quality wrote nothing at all.
    writeRendition(join(ingest.hlsDir, 'original', key), 5, 360);
    writeRendition(join(ingest.hlsDir, 'high_definition', key), 2, 720);
    writeRendition(join(ingest.hlsDir, 'standard', key), 2, 480);
    expect(ingest.keepRecording(7, key)).toBe(true);
    expect(ingest.recordedRenditions(7)).toEqual(['original']);

    expect((await ingest.completeRecording(7)).sort()).toEqual(['high_definition', 'smooth', 'standard']);
    expect(ingest.recordedRenditions(7)).toEqual([...hlsQualities]);
    const folder = join(ingest.recordingsDir, '7');
    expect(readdirSync(folder).filter((name) => name.includes('.'))).toEqual([]);
    const whole = secondsOf(join(folder, 'original', 'index.m3u8'));
    for (const [quality, height] of [['high_definition', 720], ['standard', 480], ['smooth', 360]] as const) {
      expect(Math.abs(secondsOf(join(folder, quality, 'index.m3u8')) - whole)).toBeLessThanOrEqual(0.5);
      expect(heightOf(join(folder, quality, '0.ts'))).toBe(height);
      // Served as the site serves recordings: every fragment named as nginx names them, the list finished.
      const playlist = await ingest.recordingPlaylist(7, quality);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(playlist?.split('\n').filter((line) => line.startsWith(`${quality}/`)).length).toBeGreaterThanOrEqual(4);
    }
    // The listed length is the recording's.
    expect(await ingest.recordingSeconds('/hls/records/7/master.m3u8')).toBeCloseTo(whole, 3);
  });

  it('finishes after a restart what a stop left set aside, and leaves whole recordings alone', { timeout: 120_000 }, async () => {
    const folder = join(ingest.recordingsDir, '8');
    writeRendition(join(folder, 'original'), 3, 360);
    mkdirSync(join(folder, 'smooth.incomplete'), { recursive: true });
    writeFileSync(join(folder, 'smooth.incomplete', 'index.m3u8'), '#EXTM3U\n');
    const restarted = new RtmpIngest({ dir, rtmpPort: 1935 });
    restarted.renditions = ['original'];
    restarted.ffmpeg = 'ffmpeg';
    expect(await restarted.completeRecordings()).toBe(1);
    expect(restarted.recordedRenditions(8)).toEqual(['original', 'smooth']);
    expect(existsSync(join(folder, 'smooth.incomplete'))).toBe(false);
    expect(restarted.recordedRenditions(7)).toEqual([...hlsQualities]);
    expect(await restarted.completeRecordings()).toBe(0);
  });
});
