import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishMessages } from '../../server/areas/video/video-publish-service.ts';
import { startTranscodeWorker, type TranscodeWorker } from '../../server/areas/video/video-transcode-worker.ts';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

type Video = components['schemas']['Video'];
type TranscodeJob = components['schemas']['TranscodeJob'];
interface Page<T> {
  total: number;
  list: T[];
}
interface Playback {
  id: number;
  duration: number;
  video: string;
}

const clip = readFileSync(new URL('../fixtures/video-clip.mp4', import.meta.url));

function probedSeconds(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
}

describe('a video after it is made: its files go with it, its match chapters, a broadcast stretch published', () => {
  let server: TestServer;
  let dataDir: string;
  let anchor: string;
  let admin: string;
  let worker: TranscodeWorker;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-video-publish-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    anchor = await logIn(server, demoLogins.anchor);
    admin = await logIn(server, demoLogins.admin);
    worker = startTranscodeWorker(server.app.serverContext, { pollMs: 100, leaseMs: 3_000 });
  });
  afterAll(async () => {
    await worker.stop();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (token: string, lang = 'en') => ({ token, lang });
  const uploadsDir = () => join(dataDir, 'uploads');
  const fileOf = (path: string) => join(uploadsDir(), basename(path));
  const renditionsOf = (videoId: number) => join(uploadsDir(), 'renditions', String(videoId));

  async function upload(token: string, title: string): Promise<Video> {
    const form = new FormData();
    form.set('title', title);
    form.set('category_id', '1');
    form.set('video', new Blob([clip], { type: 'video/mp4' }), `${title}.mp4`);
    const response = await fetch(`${server.baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token, lang: 'en' }, body: form });
    const answer = (await response.json()) as Envelope<Video>;
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }
  async function waitForJob(token: string, videoId: number, until: (job: TranscodeJob) => boolean): Promise<TranscodeJob> {
    for (const giveUp = Date.now() + 90_000; Date.now() < giveUp; ) {
      const answer = await server.call<TranscodeJob>('GET', '/api/Video_user/transcodeJob', { video_id: videoId }, as(token));
      if (answer.code === 0 && until(answer.data)) return answer.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the job of video ${String(videoId)} never got there`);
  }

  it('deleting a video removes its original, poster, renditions and job, by its author or an admin', async () => {
    const user = await createLoggedInUser(server, { mobile: '86-15580000001', nickname: '删除者1', invitePrefix: 'DEL' });
    const made = await upload(user.token, 'deleted when ready');
    await waitForJob(user.token, made.id, (job) => job.status === 'ready');
    const original = fileOf(made.play_url);
    const poster = fileOf(made.cover);
    expect(made.cover).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.jpg$/);
    for (const file of [original, poster, join(renditionsOf(made.id), 'master.m3u8')]) expect(existsSync(file), file).toBe(true);

    const deleted = await server.call('POST', '/api/Video_user/delete', { video_id: made.id }, as(user.token));
    expect(deleted.code).toBe(0);
    for (const file of [original, poster, renditionsOf(made.id)]) expect(existsSync(file), file).toBe(false);
    const job = await server.call('GET', '/api/Video_user/transcodeJob', { video_id: made.id }, as(user.token));
    expect(job.code).toBe(1);
    const rows = await server.database.db.selectFrom('uploads').select('path').where('path', 'in', [made.play_url, made.cover]).execute();
    expect(rows).toEqual([]);

    // An admin deleting while the renditions are being made: the run stops and leaves nothing behind.
    const second = await upload(user.token, 'deleted while transcoding');
    await waitForJob(user.token, second.id, (job) => job.status === 'transcoding');
    const byAdmin = await server.call('POST', '/api/Video_user/delete', { video_id: second.id }, as(admin));
    expect(byAdmin.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(renditionsOf(second.id))).toBe(false);
    expect(existsSync(fileOf(second.play_url))).toBe(false);
    const jobs = await server.database.db.selectFrom('video_transcode_jobs').select('id').where('video_id', '=', second.id).execute();
    expect(jobs).toEqual([]);
  }, 150_000);

  it('a seeded match video carries its match goals and cards as chapters, in play order, in the reader language', async () => {
    const row = await server.database.db.selectFrom('videos').select(['id', 'match_id', 'duration_seconds']).where('match_id', 'is not', null).executeTakeFirstOrThrow();
    const zh = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: Number(row.id) }, { lang: 'zh' });
    const en = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: Number(row.id) }, { lang: 'en' });
    expect(zh.code, zh.msg).toBe(0);
    expect(zh.data.match_id).toBe(Number(row.match_id));
    const chapters = en.data.chapters ?? [];
    const incidents = await server.database.db
      .selectFrom('match_incidents')
      .select('kind')
      .where('match_id', '=', Number(row.match_id))
      .where('kind', 'in', ['goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'second_yellow'])
      .execute();
    expect(chapters.length).toBe(incidents.length);
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    expect(chapters.map((chapter) => chapter.at)).toEqual([...chapters.map((chapter) => chapter.at)].sort((a, b) => a - b));
    expect(chapters.every((chapter) => chapter.at >= 0 && chapter.at < row.duration_seconds)).toBe(true);
    expect(chapters.map((chapter) => chapter.team)).not.toEqual((zh.data.chapters ?? []).map((chapter) => chapter.team));
    // Lists stay light: chapters come with the player's call only.
    const list = await server.call<Page<Video>>('POST', '/api/Video/getList', { limit: 100 });
    expect(list.data.list.every((video) => video.chapters === undefined)).toBe(true);
  });

  it('an anchor publishes a stretch of their own playback: cut server-side, as long as asked, transcoded, a match video', async () => {
    const me = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    const playbacks = await server.call<Page<Playback>>('POST', '/api/Live_streaming/getLivePlaybackList', { uid: Number(me.id), limit: 50 });
    expect(playbacks.code, playbacks.msg).toBe(0);
    const playback = playbacks.data.list.find((entry) => entry.video.startsWith('/media/videos/'));
    expect(playback, 'the demo anchor has a recorded broadcast').toBeDefined();
    // Listed as long as its recording plays (the demo clip's 8 s, 8 times), not as its time on air.
    expect(playback!.duration).toBe(64);
    const record = await server.database.db.selectFrom('live_records').select(['started_at', 'ended_at', 'match_id']).where('id', '=', playback!.id).executeTakeFirstOrThrow();
    expect((record.ended_at!.getTime() - record.started_at.getTime()) / 1000).toBeGreaterThan(64);
    // A goal the feed wrote 20 s into the broadcast: 12 s into a stretch from 8 s.
    let matchId = record.match_id === null ? null : Number(record.match_id);
    if (matchId === null) {
      const match = await server.database.db.selectFrom('matches').select('id').where('sport', '=', 'football').orderBy('id').executeTakeFirstOrThrow();
      matchId = Number(match.id);
      await server.database.db.updateTable('live_records').set({ match_id: matchId }).where('id', '=', playback!.id).execute();
    }
    await server.database.db
      .insertInto('match_incidents')
      .values({ match_id: matchId, kind: 'goal', side: 'home', minute: 1, player: 'Stretch Scorer', home_score: 1, away_score: 0, seq: 999_999, created_at: new Date(record.started_at.getTime() + 20_000) })
      .execute();

    const other = await createLoggedInUser(server, { mobile: '86-15580000002', nickname: '别人的回放', invitePrefix: 'PUB' });
    const stretch = { playback_id: playback!.id, start: 8, end: 31, title: 'A stretch of the match', category_id: 1 };
    const refused = await server.call('POST', '/api/Video_user/publishPlayback', stretch, as(other.token, 'zh'));
    expect(refused).toMatchObject({ code: 1, msg: '只有该场直播的主播可以发布' });
    const tooLong = await server.call('POST', '/api/Video_user/publishPlayback', { ...stretch, end: 400 }, as(anchor));
    expect(tooLong).toMatchObject({ code: 1, msg: publishMessages.badStretch });
    const outside = await server.call('POST', '/api/Video_user/publishPlayback', { ...stretch, start: playback!.duration + 500, end: playback!.duration + 510 }, as(anchor));
    expect(outside).toMatchObject({ code: 1, msg: publishMessages.badStretch });

    const published = await server.call<Video>('POST', '/api/Video_user/publishPlayback', stretch, as(anchor));
    expect(published.code, published.msg).toBe(0);
    // An anchor's video is published at once; only members' uploads wait for an admin.
    expect(published.data).toMatchObject({ title: stretch.title, format: 'mp4', review_status: 'audit_successful', match_id: matchId });
    expect(Math.abs(probedSeconds(fileOf(published.data.play_url)) - 23)).toBeLessThanOrEqual(1);
    expect(Math.abs(published.data.duration - 23)).toBeLessThanOrEqual(1);
    const scorer = published.data.chapters?.find((chapter) => chapter.player === 'Stretch Scorer');
    expect(scorer?.at).toBe(12);

    const job = await waitForJob(anchor, published.data.id, (entry) => entry.status === 'ready');
    expect(job.rungs.length).toBeGreaterThan(0);
    const info = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: published.data.id }, as(anchor));
    expect(info.data.format).toBe('hls');
  }, 180_000);
});
