import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoReviewMessages } from '../../server/areas/video/video-review-service.ts';
import { ResultCode } from '../../server/errors.ts';
import { translate } from '../../server/i18n/server-messages.ts';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

// The review of members' videos (admin/videoReviewList, admin/reviewVideo): only admins decide; approval
// publishes the video in every list, its category, the ranking and the search; a refusal keeps the admin's
// reason where the author reads it, and the video is never listed. Anchors' and admins' uploads skip review.

type Schemas = components['schemas'];
type Video = Schemas['Video'];
type Page<T> = { total: number; page: number; limit: number; list: T[] };

const clip = readFileSync(new URL('../fixtures/video-clip.mp4', import.meta.url));
let nextMobile = 1;

describe('video review: members wait for an admin, who publishes or refuses with a reason', () => {
  let server: TestServer;
  let dataDir: string;
  let viewer: string;
  let anchor: string;
  let admin: string;
  let categoryId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-video-review-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    viewer = await logIn(server, demoLogins.viewer);
    anchor = await logIn(server, demoLogins.anchor);
    admin = await logIn(server, demoLogins.admin);
    categoryId = (await server.call<Schemas['VideoCategory'][]>('GET', '/api/videocclassification/allList')).data[1]!.id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (token: string, lang = 'en') => ({ token, lang });
  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1557000${suffix}`, nickname: `审核${suffix}`, invitePrefix: 'VRV' });
  }
  async function upload(token: string, title: string): Promise<Video> {
    const form = new FormData();
    form.set('title', title);
    form.set('category_id', String(categoryId));
    form.set('video', new Blob([clip], { type: 'video/mp4' }), 'clip.mp4');
    const response = await fetch(`${server.baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token, lang: 'en' }, body: form });
    const answer = (await response.json()) as Envelope<Video>;
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }
  /** Where a video shows for everyone: each public list that could hold it. */
  async function publicPlaces(video: Video) {
    const ids = (page: Envelope<Page<Video>>) => page.data.list.map((item) => item.id);
    const newest = await server.call<Page<Video>>('POST', '/api/Video/getList', { sort: 'new', limit: 50 });
    // A new video is low in the hot order, so every page of its category is read.
    let hot = false;
    for (let page = 1; page <= 100 && !hot; page++) {
      const answer = await server.call<Page<Video>>('POST', '/api/Video/getList', { sort: 'hot', category_id: categoryId, page, limit: 100 });
      hot = ids(answer).includes(video.id);
      if (page * 100 >= answer.data.total) break;
    }
    const category = await server.call<Page<Video>>('GET', '/api/video/videoList', { category_id: categoryId, limit: 50 });
    const posts = await server.call<Page<Video>>('GET', '/api/Video/userPostList', { uid: video.author.id });
    const works = await server.call<Page<Video>>('POST', '/api/Video/anchorWorks', { uid: video.author.id });
    // The search takes at most 10 characters; each title here begins with a word of its own.
    const search = await server.call<Schemas['SearchIndexResult']>('GET', '/api/Search/index', { name: video.title.slice(0, 10) });
    expect(search.code, search.msg).toBe(0);
    const info = await server.call('POST', '/api/Video/getVideoInfo', { video_id: video.id }, as(viewer));
    return {
      newest: ids(newest).includes(video.id),
      hot,
      category: ids(category).includes(video.id),
      posts: ids(posts).includes(video.id),
      works: ids(works).includes(video.id),
      search: search.data.videos.some((hit) => hit.id === video.id),
      player: info.code === 0,
    };
  }
  const nowhere = { newest: false, hot: false, category: false, posts: false, works: false, search: false, player: false };
  const everywhere = { newest: true, hot: true, category: true, posts: true, works: true, search: true, player: true };

  it('lets only admins see the queue and decide', async () => {
    const owner = await newUser();
    const video = await upload(owner.token, 'Vrqueue001 only for admins');
    expect(video.review_status).toBe('under_review');
    for (const token of [viewer, anchor, owner.token]) {
      expect((await server.call('GET', '/api/admin/videoReviewList', {}, as(token))).msg).toBe('Permission denied');
      expect((await server.call('POST', '/api/admin/reviewVideo', { id: video.id, decision: 'approve' }, as(token))).msg).toBe('Permission denied');
    }
    expect((await server.call('GET', '/api/admin/videoReviewList')).code).toBe(ResultCode.sessionGone);
    const queue = await server.call<Schemas['AdminVideoPage']>('GET', '/api/admin/videoReviewList', { limit: 100 }, as(admin));
    expect(queue.code, queue.msg).toBe(0);
    expect(queue.data.list.find((row) => row.id === video.id)).toMatchObject({
      user_id: owner.id,
      title: 'Vrqueue001 only for admins',
      status: 'under_review',
      reason: null,
      duration: 2,
      size: clip.length,
      format: 'mp4',
    });
    // Oldest first while under review: the seeded ones waiting came before it.
    const times = queue.data.list.map((row) => row.submitted_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const after = await server.database.db.selectFrom('videos').select('status').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('under_review');
  });

  it('publishes an approved video in the lists, its category, the search and the ranking, tells its author and logs it', async () => {
    const owner = await newUser();
    const video = await upload(owner.token, 'Vrapprove1 corner kick drill');
    expect(await publicPlaces(video)).toEqual(nowhere);
    const noReason = await server.call('POST', '/api/admin/reviewVideo', { id: video.id, decision: 'refuse' }, as(admin));
    expect(noReason.msg).toBe('Please give the reason for refusing');

    const approved = await server.call<Schemas['AdminVideo']>('POST', '/api/admin/reviewVideo', { id: video.id, decision: 'approve' }, as(admin));
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data).toMatchObject({ id: video.id, status: 'audit_successful', reason: null });
    expect(await publicPlaces(video)).toEqual(everywhere);
    const again = await server.call('POST', '/api/admin/reviewVideo', { id: video.id, decision: 'refuse', reason: 'late' }, as(admin));
    expect(again.msg).toBe(videoReviewMessages.reviewedAlready);

    // Others may now react to it; a view puts it in the day's ranking.
    const fan = await newUser();
    expect((await server.call('POST', '/api/Video_user/likes', { video_id: video.id, like: 1 }, as(fan.token))).code).toBe(0);
    expect((await server.call('POST', '/api/Video/addView', { video_id: video.id }, as(fan.token))).code).toBe(0);
    let ranked = false;
    for (let page = 1; page <= 50 && !ranked; page++) {
      const rank = await server.call<Page<Schemas['VideoRankEntry']>>('GET', '/api/videoRank/getRank', { period: 'day', page, limit: 100 });
      if (rank.data.list.length === 0) break;
      ranked = rank.data.list.some((entry) => entry.video.id === video.id);
    }
    expect(ranked).toBe(true);

    const notices = await server.call<Schemas['PushNoticePage']>('GET', '/api/Push/getList', {}, as(owner.token, 'zh'));
    expect(notices.data.list[0]).toMatchObject({ title: '你的视频已发布', link: `/video-player?id=${video.id}` });
    const log = await server.database.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target_type', 'target_id', 'before', 'after'])
      .where('action', '=', 'video.approve')
      .where('target_id', '=', String(video.id))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ target_type: 'video', before: { status: 'under_review' }, after: { status: 'audit_successful', author_id: owner.id } });
  });

  it('keeps a refused video out of every list and shows the reason to its author, in their language', async () => {
    const owner = await newUser();
    const video = await upload(owner.token, 'Vrrefused1 stadium crowd');
    const refused = await server.call<Schemas['AdminVideo']>(
      'POST',
      '/api/admin/reviewVideo',
      { id: video.id, decision: 'refuse', reason: '  画面与体育无关  ' },
      as(admin),
    );
    expect(refused.data).toMatchObject({ status: 'audit_failure', reason: '画面与体育无关' });
    expect(await publicPlaces(video)).toEqual(nowhere);
    expect((await server.call('POST', '/api/Video_user/likes', { video_id: video.id, like: 1 }, as(viewer))).code).toBe(ResultCode.error);
    const approveLate = await server.call('POST', '/api/admin/reviewVideo', { id: video.id, decision: 'approve' }, as(admin));
    expect(approveLate.msg).toBe(videoReviewMessages.reviewedAlready);

    const own = await server.call<Page<Video>>('GET', '/api/Video/userPostList', {}, as(owner.token));
    expect(own.data.list.find((item) => item.id === video.id)).toMatchObject({ review_status: 'audit_failure', review_reason: '画面与体育无关' });
    for (const lang of ['zh', 'en', 'vi'] as const) {
      const notices = await server.call<Schemas['PushNoticePage']>('GET', '/api/Push/getList', {}, as(owner.token, lang));
      expect(notices.data.list[0]).toMatchObject({ title: translate(videoReviewMessages.refusedNotice, lang), content: '画面与体育无关' });
    }
    expect(translate(videoReviewMessages.refusedNotice, 'vi')).not.toBe(videoReviewMessages.refusedNotice);
    const queue = await server.call<Schemas['AdminVideoPage']>('GET', '/api/admin/videoReviewList', { status: 'audit_failure', limit: 100 }, as(admin));
    expect(queue.data.list.find((row) => row.id === video.id)?.reason).toBe('画面与体育无关');
  });

  it('publishes an anchor’s upload at once, and a deleted video can no longer be decided', async () => {
    const published = await upload(anchor, 'Vranchor01 highlights tonight');
    expect(published.review_status).toBe('audit_successful');
    expect((await publicPlaces(published)).newest).toBe(true);

    const owner = await newUser();
    const gone = await upload(owner.token, 'Vrdeleted1 before review');
    expect((await server.call('POST', '/api/Video_user/delete', { video_id: gone.id }, as(owner.token))).code).toBe(0);
    const queue = await server.call<Schemas['AdminVideoPage']>('GET', '/api/admin/videoReviewList', { limit: 100 }, as(admin));
    expect(queue.data.list.some((row) => row.id === gone.id)).toBe(false);
    const decided = await server.call('POST', '/api/admin/reviewVideo', { id: gone.id, decision: 'approve' }, as(admin));
    expect(decided.code).toBe(ResultCode.error);
    const row = await server.database.db.selectFrom('videos').select('status').where('id', '=', gone.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('under_review');
  });
});
