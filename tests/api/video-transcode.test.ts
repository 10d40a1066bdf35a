import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranscodeWorker, type TranscodeWorker } from '../../server/areas/video/video-transcode-worker.ts';
import { transcodeMessages } from '../../server/areas/video/video-transcode-service.ts';
import { ResultCode } from '../../server/errors.ts';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

type Video = components['schemas']['Video'];
type TranscodeJob = components['schemas']['TranscodeJob'];
type TranscodeJobPage = components['schemas']['TranscodeJobPage'];

/** A short clip made by ffmpeg: `height` lines, H.264 with AAC sound unless said otherwise. */
function makeClip(directory: string, name: string, height: number, seconds = 3, codec: 'h264' | 'mpeg4' = 'h264'): Buffer {
  const file = join(directory, name);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${String(width)}x${String(height)}:rate=24:duration=${String(seconds)}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${String(seconds)}`,
    '-c:v', codec === 'h264' ? 'libx264' : 'mpeg4', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
  ]);
  return readFileSync(file);
}

function probedHeight(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n')[0]);
}

let nextMobile = 1;

describe('transcoding jobs: HLS renditions made by the server, their progress, failures, retries', () => {
  let server: TestServer;
  let dataDir: string;
  let clips: string;
  let admin: string;
  let worker: TranscodeWorker | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-transcode-'));
    clips = mkdtempSync(join(tmpdir(), 'pitchside-clips-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
  });
  afterAll(async () => {
    await worker?.stop();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clips, { recursive: true, force: true });
  });

  const as = (token: string) => ({ token });
  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1557000${suffix}`, nickname: `转码${suffix}`, invitePrefix: 'TRC' });
  }
  async function upload(token: string, bytes: Buffer, title: string): Promise<Video> {
    const form = new FormData();
    form.set('title', title);
    form.set('category_id', '1');
    form.set('video', new Blob([bytes], { type: 'video/mp4' }), `${title}.mp4`);
    const response = await fetch(`${server.baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token, lang: 'en' }, body: form });
    const answer = (await response.json()) as Envelope<Video>;
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }
  const jobOf = (token: string, videoId: number, lang = 'en') =>
    server.call<TranscodeJob>('GET', '/api/Video_user/transcodeJob', { video_id: videoId }, { token, lang });

  /** Polls the job until `until` holds, keeping every answer seen. */
  async function watch(token: string, videoId: number, until: (job: TranscodeJob) => boolean, timeoutMs = 60_000): Promise<TranscodeJob[]> {
    const seen: TranscodeJob[] = [];
    for (const giveUp = Date.now() + timeoutMs; Date.now() < giveUp; ) {
      const answer = await jobOf(token, videoId);
      expect(answer.code, answer.msg).toBe(0);
      seen.push(answer.data);
      if (until(answer.data)) return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the job did not get there: ${JSON.stringify(seen.at(-1))}`);
  }

  it('makes renditions no higher than the source, copying the one at its height, and the player gets the master playlist', { timeout: 120_000 }, async () => {
    const user = await newUser();
    const bytes = makeClip(clips, 'sd.mp4', 480, 4);
    const video = await upload(user.token, bytes, 'sd');
    // The original plays while the job waits.
    expect(video).toMatchObject({ format: 'mp4' });
    expect(video.play_url).toMatch(/^\/media\/uploads\//);
    const queued = await jobOf(user.token, video.id);
    expect(queued.data).toMatchObject({ video_id: video.id, status: 'queued', rungs: [], reason: null, attempts: 0, retry_at: null });

    worker = startTranscodeWorker(server.app.serverContext, { pollMs: 100, leaseMs: 5_000 });
    const seen = await watch(user.token, video.id, (job) => job.status === 'ready');
    const last = seen.at(-1)!;
    expect(last.rungs).toEqual([
      { quality: 'standard', height: 480, copy: true, progress: 1 },
      { quality: 'smooth', height: 360, copy: false, progress: 1 },
    ]);
    expect(seen.some((job) => job.status === 'transcoding')).toBe(true);

    const info = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: video.id }, as(user.token));
    expect(info.data).toMatchObject({ format: 'hls', play_url: `/media/renditions/${String(video.id)}/master.m3u8`, qualities: ['standard', 'smooth'] });
    const master = await fetch(`${server.baseUrl}${info.data.play_url}`);
    expect(master.headers.get('content-type')).toContain('mpegurl');
    const masterText = await master.text();
    expect(masterText).toContain('NAME="standard"');
    expect(masterText).toContain('NAME="smooth"');
    expect(masterText).not.toContain('high_definition');
    const playlist = await (await fetch(`${server.baseUrl}/media/renditions/${String(video.id)}/smooth/index.m3u8`)).text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segment = await fetch(`${server.baseUrl}/media/renditions/${String(video.id)}/smooth/0.ts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const segmentFile = join(clips, 'segment.ts');
    writeFileSync(segmentFile, Buffer.from(await segment.arrayBuffer()));
    expect(probedHeight(segmentFile)).toBe(360);
    // Nothing but the renditions is served from their folder.
    expect((await fetch(`${server.baseUrl}/media/renditions/${String(video.id)}/smooth.part/0.ts`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/renditions/${String(video.id)}/../../uploads`)).status).toBe(404);

    // Only the author or an admin sees the job.
    const other = await newUser();
    const refused = await jobOf(other.token, video.id);
    expect(refused).toMatchObject({ code: ResultCode.error, msg: transcodeMessages.notYours });
    expect((await jobOf(admin, video.id)).code).toBe(0);
  });

  it('retries a failed attempt after a backoff, then leaves it failed with its reason for the owner or an admin to retry', { timeout: 120_000 }, async () => {
    await worker?.stop();
    worker = undefined;
    const user = await newUser();
    const bytes = makeClip(clips, 'broken.mp4', 360, 2);
    const video = await upload(user.token, bytes, 'broken');
    const row = await server.database.db.selectFrom('videos').select('video_path').where('id', '=', video.id).executeTakeFirstOrThrow();
    const stored = join(dataDir, 'uploads', basename(row.video_path));
    // The stored file is lost after it was checked: every attempt fails to read it.
    writeFileSync(stored, 'not a video any more');
    worker = startTranscodeWorker(server.app.serverContext, { pollMs: 50, maxAttempts: 2, backoffMs: 300 });
    const seen = await watch(user.token, video.id, (job) => job.status === 'failed');
    const waiting = seen.find((job) => job.status === 'queued' && job.attempts === 1);
    expect(waiting, JSON.stringify(seen)).toBeDefined();
    expect(waiting!.retry_at).not.toBeNull();
    expect(waiting!.reason).toBe(transcodeMessages.unreadable);
    const failed = seen.at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, reason: 'The video file could not be read', retry_at: null });
    expect((await jobOf(user.token, video.id, 'zh')).data.reason).toBe('无法读取该视频文件');

    // The admin sees it among the failed jobs.
    const list = await server.call<TranscodeJobPage>('GET', '/api/admin/videoTranscodeJobs', {}, as(admin));
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list.map((job) => job.video_id)).toContain(video.id);
    const asUser = await server.call('GET', '/api/admin/videoTranscodeJobs', {}, as(user.token));
    expect(asUser.code).not.toBe(0);

    // Someone else cannot retry it; a job that has not failed cannot be retried.
    const other = await newUser();
    expect((await server.call('POST', '/api/Video_user/retryTranscode', { video_id: video.id }, as(other.token))).code).toBe(ResultCode.error);
    // The file comes back; the owner retries and the job finishes.
    writeFileSync(stored, bytes);
    const retried = await server.call<TranscodeJob>('POST', '/api/Video_user/retryTranscode', { video_id: video.id }, as(user.token));
    expect(retried).toMatchObject({ code: 0, msg: 'Operation successful' });
    expect(['queued', 'probing']).toContain(retried.data.status);
    expect(retried.data.attempts).toBe(0);
    const done = await watch(user.token, video.id, (job) => job.status === 'ready');
    expect(done.at(-1)!.rungs).toEqual([{ quality: 'smooth', height: 360, copy: true, progress: 1 }]);
    const again = await server.call('POST', '/api/Video_user/retryTranscode', { video_id: video.id }, as(admin));
    expect(again).toMatchObject({ code: ResultCode.error, msg: transcodeMessages.notFailed });
    const afterList = await server.call<TranscodeJobPage>('GET', '/api/admin/videoTranscodeJobs', { status: 'failed' }, as(admin));
    expect(afterList.data.list.map((job) => job.video_id)).not.toContain(video.id);
  });

  it('encodes a source that is not H.264 at every rung, and says renditions are unavailable without ffmpeg', { timeout: 120_000 }, async () => {
    const user = await newUser();
    const video = await upload(user.token, makeClip(clips, 'mpeg4.mp4', 360, 2, 'mpeg4'), 'mpeg4');
    const seen = await watch(user.token, video.id, (job) => job.status === 'ready');
    expect(seen.at(-1)!.rungs).toEqual([{ quality: 'smooth', height: 360, copy: false, progress: 1 }]);

    await worker?.stop();
    worker = startTranscodeWorker(server.app.serverContext, { pollMs: 50, toolsAvailable: false });
    const plain = await upload(user.token, makeClip(clips, 'plain.mp4', 360, 2), 'plain');
    await watch(user.token, plain.id, (job) => job.status === 'unavailable');
    const info = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: plain.id }, as(user.token));
    expect(info.data.format).toBe('mp4');
    expect(info.data.qualities).toBeUndefined();
  });
});
