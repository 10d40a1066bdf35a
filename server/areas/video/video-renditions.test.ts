import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRungs } from '../../../src/machines/transcode-job-machine.ts';
import { makeRenditions, renditionArgs } from './video-renditions.ts';

/** A file's streams as `codec,type[,height]`, each once (ffprobe lists an MPEG-TS file's streams again under its program). */
const probeStreams = (file: string) => [
  ...new Set(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,height', '-of', 'csv=p=0', file], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
  ),
].sort();

describe('the rendition ladder', () => {
  const ladder = planRungs({ height: 1080, videoCodec: 'h264', audioCodec: 'aac' });

  it('reads and decodes the source once, scaling the largest rung from it and the smaller ones from that', () => {
    const args = renditionArgs({ source: '/in.mp4', directory: '/out', rungs: ladder, audioCodec: 'aac' });
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toBe(
      '[0:v:0]scale=-2:720,split=3[vhigh_definition][s0][s1];[s0]scale=-2:480[vstandard];[s1]scale=-2:360[vsmooth]',
    );
    expect(args.filter((arg) => arg === 'libx264')).toHaveLength(3);
    expect(args.filter((arg) => arg.endsWith('.part/index.m3u8'))).toEqual([
      '/out/high_definition.part/index.m3u8',
      '/out/standard.part/index.m3u8',
      '/out/smooth.part/index.m3u8',
    ]);
  });

  it('copies AAC sound into every rung and encodes any other sound', () => {
    const copied = renditionArgs({ source: '/in.mp4', directory: '/out', rungs: ladder, audioCodec: 'aac' });
    expect(copied).not.toContain('aac');
    expect(copied.filter((arg, at) => arg === '-c:a' && copied[at + 1] === 'copy')).toHaveLength(3);
    const encoded = renditionArgs({ source: '/in.webm', directory: '/out', rungs: planRungs({ height: 1080, videoCodec: 'vp9', audioCodec: 'opus' }), audioCodec: 'opus' });
    expect(encoded.filter((arg, at) => arg === '-c:a' && encoded[at + 1] === 'aac')).toHaveLength(3);
    expect(encoded.filter((arg) => arg === '0:a:0?')).toHaveLength(3);
    const silent = renditionArgs({ source: '/in.mp4', directory: '/out', rungs: ladder, audioCodec: null });
    expect(silent).not.toContain('0:a:0');
    expect(silent.filter((arg) => arg === '-an')).toHaveLength(3);
  });

  it('passes a rung at the source height through as it is, with no scaler for it', () => {
    const rungs = planRungs({ height: 720, videoCodec: 'h264', audioCodec: 'aac' });
    const args = renditionArgs({ source: '/in.mp4', directory: '/out', rungs, audioCodec: 'aac' });
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:v:0]scale=-2:480,split=2[vstandard][s0];[s0]scale=-2:360[vsmooth]');
    const copyOutput = args.slice(args.indexOf('-filter_complex') + 2, args.indexOf('/out/high_definition.part/index.m3u8') + 1).join(' ');
    expect(copyOutput).toMatch(/^-map 0:v:0 -c:v copy -map 0:a:0 -c:a copy -f hls /);
    expect(copyOutput).not.toContain('libx264');
  });

  describe('made by ffmpeg', () => {
    let work: string;
    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), 'pitchside-ladder-'));
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('makes every rung in one run, each whole at its height, the sound copied', { timeout: 60_000 }, async () => {
      const source = join(work, 'source.mp4');
      execFileSync('ffmpeg', [
        '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
      ]);
      // A wrapper that counts ffmpeg's runs.
      const runs = join(work, 'runs.txt');
      const wrapper = join(work, 'ffmpeg-counted.sh');
      writeFileSync(wrapper, `#!/bin/sh\necho run >> '${runs}'\nexec ffmpeg "$@"\n`);
      chmodSync(wrapper, 0o755);
      const shares: number[] = [];
      const rungs = planRungs({ height: 720, videoCodec: 'h264', audioCodec: 'aac' });
      const directory = join(work, 'renditions');
      await makeRenditions({ ffmpeg: wrapper, source, directory, rungs, durationSeconds: 3, audioCodec: 'aac', onProgress: (share) => shares.push(share), signal: new AbortController().signal });
      expect(readFileSync(runs, 'utf8').trim().split('\n')).toHaveLength(1);
      expect(readdirSync(directory).sort()).toEqual(['high_definition', 'smooth', 'standard']);
      for (const [quality, height] of [['high_definition', 720], ['standard', 480], ['smooth', 360]] as const) {
        const playlist = readFileSync(join(directory, quality, 'index.m3u8'), 'utf8');
        expect(playlist).toContain('#EXT-X-ENDLIST');
        expect(probeStreams(join(directory, quality, '0.ts'))).toEqual(['aac,audio', `h264,video,${String(height)}`]);
      }
      expect(shares.length).toBeGreaterThan(0);
    });

    it('leaves no rendition folder when ffmpeg is stopped', { timeout: 60_000 }, async () => {
      const source = join(work, 'long.mp4');
      execFileSync('ffmpeg', [
        '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=10',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', source,
      ]);
      const directory = join(work, 'stopped');
      const abort = new AbortController();
      const made = makeRenditions({
        ffmpeg: 'ffmpeg',
        source,
        directory,
        rungs: planRungs({ height: 720, videoCodec: 'h264', audioCodec: null }),
        durationSeconds: 10,
        audioCodec: null,
        onProgress: () => abort.abort(),
        signal: abort.signal,
      });
      await expect(made).rejects.toThrow(/killed/);
      expect(existsSync(join(directory, 'standard'))).toBe(false);
      expect(existsSync(join(directory, 'smooth', 'index.m3u8'))).toBe(false);
    });
  });
});
