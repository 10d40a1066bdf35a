import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../server/areas/account/upload-service.ts';
import { videoUploadMessages } from '../../server/areas/video/video-upload-service.ts';
import { ResultCode } from '../../server/errors.ts';
import { translate } from '../../server/i18n/server-messages.ts';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

type Video = components['schemas']['Video'];
type VideoCategory = components['schemas']['VideoCategory'];
type VideoComment = components['schemas']['VideoComment'];
interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}

const clip = readFileSync(new URL('../fixtures/video-clip.mp4', import.meta.url));
const clock = { offsetMs: 0 };
let nextMobile = 1;

describe('videos: lists, categories, ranking, player, reactions, comments, upload and delete', () => {
  let server: TestServer;
  let dataDir: string;
  let viewer: string;
  let admin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-videos-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer({ now: () => new Date(Date.now() + clock.offsetMs) });
    viewer = await logIn(server, demoLogins.viewer);
    admin = await logIn(server, demoLogins.admin);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (token: string) => ({ token });
  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1556000${suffix}`, nickname: `视频${suffix}`, invitePrefix: 'VID' });
  }
  async function firstVideo(): Promise<Video> {
    const answer = await server.call<Page<Video>>('POST', '/api/Video/getList', { limit: 1 });
    return answer.data.list[0]!;
  }
  async function upload(token: string, fields: Record<string, string>, file: { bytes: Uint8Array; name: string; type: string } | null, lang = 'en') {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (file) form.set('video', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${server.baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token, lang }, body: form });
    return (await response.json()) as Envelope<Video | null>;
  }

  it('lists approved videos newest first, or hottest by interest decayed by age, and pages them', async () => {
    const newest = await server.call<Page<Video>>('POST', '/api/Video/getList', { page: 1, limit: 10 });
    expect(newest.code).toBe(0);
    expect(newest.data.list).toHaveLength(10);
    expect(newest.data.total).toBeGreaterThan(30);
    expect(newest.data.list.every((video) => video.review_status === 'audit_successful')).toBe(true);
    const times = newest.data.list.map((video) => video.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const hot = await server.call<Page<Video>>('POST', '/api/Video/getList', { sort: 'hot', limit: 100 });
    const now = Date.now() / 1000;
    const score = (video: Video) =>
      (video.view_count + 4 * video.like_count + 6 * video.comment_count + 3 * video.favorite_count + 1) /
      Math.pow(Math.max(now - video.created_at, 0) / 3600 + 2, 1.5);
    const scores = hot.data.list.map(score);
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]! * 1.001);

    const second = await server.call<Page<Video>>('POST', '/api/Video/getList', { page: 2, limit: 10 });
    expect(second.data.list[0]!.id).not.toBe(newest.data.list[0]!.id);
    expect(second.data.page).toBe(2);
  });

  it('keeps each category to its own videos in both lists, in the asked language', async () => {
    const categories = await server.call<VideoCategory[]>('GET', '/api/videocclassification/allList');
    const football = categories.data[0]!;
    expect(football.name).toBe('Football Highlights');
    expect(football.video_count).toBeGreaterThan(0);
    const inList = await server.call<Page<Video>>('POST', '/api/Video/getList', { category_id: football.id });
    const ofCategory = await server.call<Page<Video>>('GET', '/api/video/videoList', { category_id: football.id });
    expect(inList.data.list.every((video) => video.category.id === football.id)).toBe(true);
    expect(ofCategory.data.list.map((video) => video.id)).toEqual(inList.data.list.map((video) => video.id));
    expect(ofCategory.data.total).toBe(football.video_count);
    const zh = await server.call<VideoCategory[]>('GET', '/api/videocclassification/allList', {}, { lang: 'zh' });
    expect(zh.data[0]!.name).toBe('足球集锦');
  });

  it("puts the viewer's categories first, adds and removes them, recommends others and searches", async () => {
    const user = await newUser();
    const all = await server.call<VideoCategory[]>('GET', '/api/videocclassification/allList', {}, as(user.token));
    expect(all.data.every((category) => category.is_mine === 0)).toBe(true);
    const last = all.data.at(-1)!;
    const added = await server.call<VideoCategory[]>('POST', '/api/videocclassification/addMyclassification', { category_id: last.id }, as(user.token));
    expect(added.msg).toBe('Added successfully');
    expect(added.data.map((category) => category.id)).toEqual([last.id]);
    await server.call('POST', '/api/videocclassification/addMyclassification', { category_id: last.id }, as(user.token));
    const mine = await server.call<VideoCategory[]>('POST', '/api/videocclassification/myClassification', {}, as(user.token));
    expect(mine.data.map((category) => category.id)).toEqual([last.id]);
    expect(mine.data[0]!.is_mine).toBe(1);

    const tabs = await server.call<VideoCategory[]>('GET', '/api/Video/Videoclassification', {}, as(user.token));
    expect(tabs.data[0]!.id).toBe(last.id);
    expect(tabs.data).toHaveLength(all.data.length);
    const guestTabs = await server.call<VideoCategory[]>('GET', '/api/Video/Videoclassification');
    expect(guestTabs.data.map((category) => category.id)).toEqual(all.data.map((category) => category.id));

    const recommended = await server.call<VideoCategory[]>('GET', '/api/videocclassification/recommend', {}, as(user.token));
    expect(recommended.data.length).toBeGreaterThan(0);
    expect(recommended.data.some((category) => category.id === last.id)).toBe(false);

    const removed = await server.call<VideoCategory[]>(
      'POST',
      '/api/videocclassification/addMyclassification',
      { category_id: last.id, action: 'remove' },
      as(user.token),
    );
    expect(removed.data).toEqual([]);

    const found = await server.call<VideoCategory[]>('GET', '/api/videocclassification/search', { name: 'highl' });
    expect(found.data.map((category) => category.name).sort()).toEqual(['Basketball Highlights', 'Esports Highlights', 'Football Highlights']);
    const none = await server.call<VideoCategory[]>('GET', '/api/videocclassification/search', { name: '%' });
    expect(none.data).toEqual([]);
    const missing = await server.call('POST', '/api/videocclassification/addMyclassification', { category_id: 999999 }, as(user.token));
    expect(missing.code).toBe(ResultCode.error);
    const guest = await server.call('POST', '/api/videocclassification/myClassification');
    expect(guest.code).toBe(ResultCode.sessionGone);
  });

  it('ranks by the views of the period, and a view counts once per viewer per hour', async () => {
    const day = await server.call<{ period: string; list: Array<{ rank: number; period_views: number; video: Video }> }>('GET', '/api/videoRank/getRank', { period: 'day' });
    const month = await server.call<{ period: string; total: number; list: Array<{ rank: number; period_views: number; video: Video }> }>(
      'GET',
      '/api/videoRank/getRank',
      { period: 'month', limit: 100 },
    );
    expect(month.data.list.length).toBeGreaterThan(day.data.list.length);
    const views = month.data.list.map((entry) => entry.period_views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(month.data.list.map((entry) => entry.rank)).toEqual(month.data.list.map((_, i) => i + 1));

    const video = month.data.list.at(-1)!.video;
    const user = await newUser();
    const first = await server.call<{ view_count: number }>('POST', '/api/Video/addView', { video_id: video.id }, as(user.token));
    expect(first.data.view_count).toBe(video.view_count + 1);
    const again = await server.call<{ view_count: number }>('POST', '/api/Video/addView', { video_id: video.id }, as(user.token));
    expect(again.data.view_count).toBe(video.view_count + 1);
    const guest = await server.call<{ view_count: number }>('POST', '/api/Video/addView', { video_id: video.id }, { 'x-forwarded-for': '203.0.113.9' });
    expect(guest.data.view_count).toBe(video.view_count + 2);
    const after = await server.call<{ list: Array<{ period_views: number; video: Video }> }>('GET', '/api/videoRank/getRank', { period: 'day', limit: 100 });
    const ranked = after.data.list.find((entry) => entry.video.id === video.id);
    expect(ranked!.period_views).toBeGreaterThanOrEqual(2);
    clock.offsetMs = 3_600_000;
    const nextHour = await server.call<{ view_count: number }>('POST', '/api/Video/addView', { video_id: video.id }, as(user.token));
    clock.offsetMs = 0;
    expect(nextHour.data.view_count).toBe(video.view_count + 3);
  });

  it('likes and favourites once each per user, and lists my favourites and my likes in the video', async () => {
    const video = await firstVideo();
    const user = await newUser();
    const liked = await server.call<{ is_like: number; like_count: number }>('POST', '/api/Video_user/likes', { video_id: video.id, like: 1 }, as(user.token));
    await server.call('POST', '/api/Video_user/likes', { video_id: video.id, like: 1 }, as(user.token));
    expect(liked.data).toMatchObject({ is_like: 1, like_count: video.like_count + 1 });
    const favourite = await server.call<{ is_favorite: number; favorite_count: number }>(
      'POST',
      '/api/Video_user/favorites',
      { video_id: video.id, favorite: 1 },
      as(user.token),
    );
    expect(favourite.data).toMatchObject({ is_favorite: 1, favorite_count: video.favorite_count + 1 });
    const info = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: video.id }, as(user.token));
    expect(info.data).toMatchObject({ is_like: 1, is_favorite: 1, like_count: video.like_count + 1 });
    const favourites = await server.call<Page<Video>>('GET', '/api/Video_user/favoriteList', {}, as(user.token));
    expect(favourites.data.list.map((entry) => entry.id)).toEqual([video.id]);
    expect(favourites.data.total).toBe(1);
    const unliked = await server.call<{ like_count: number }>('POST', '/api/Video_user/likes', { video_id: video.id, like: 0 }, as(user.token));
    expect(unliked.data.like_count).toBe(video.like_count);
    const unfavourite = await server.call<{ favorite_count: number }>('POST', '/api/Video_user/favorites', { video_id: video.id, favorite: 0 }, as(user.token));
    expect(unfavourite.data.favorite_count).toBe(video.favorite_count);
    const guest = await server.call('POST', '/api/Video_user/likes', { video_id: video.id, like: 1 });
    expect(guest.code).toBe(ResultCode.sessionGone);
    const emptied = await server.call<Page<Video>>('GET', '/api/Video_user/favoriteList', {}, as(user.token));
    expect(emptied.data.list).toEqual([]);
  });

  it('takes comments and replies one level deep, with reply counts and comment likes', async () => {
    const video = await firstVideo();
    const author = await newUser();
    const replier = await newUser();
    const top = await server.call<VideoComment>('POST', '/api/Video_user/comment', { video_id: video.id, content: '  好球！ ' }, as(author.token));
    expect(top.msg).toBe('Operation successful');
    expect(top.data).toMatchObject({ parent_id: null, reply_to: null, content: '好球！', reply_count: 0 });
    const reply = await server.call<VideoComment>(
      'POST',
      '/api/Video_user/comment',
      { video_id: video.id, content: '同意', parent_id: top.data.id },
      as(replier.token),
    );
    expect(reply.data).toMatchObject({ parent_id: top.data.id, reply_to: null });
    const replyToReply = await server.call<VideoComment>(
      'POST',
      '/api/Video_user/comment',
      { video_id: video.id, content: '哈哈', parent_id: reply.data.id },
      as(author.token),
    );
    expect(replyToReply.data.parent_id).toBe(top.data.id);
    expect(replyToReply.data.reply_to?.id).toBe(replier.id);

    const list = await server.call<Page<VideoComment>>('POST', '/api/Video/commentList', { video_id: video.id }, as(replier.token));
    expect(list.data.list[0]).toMatchObject({ id: top.data.id, reply_count: 2 });
    const replies = await server.call<Page<VideoComment>>('GET', '/api/Video/commentOneList', { comment_id: top.data.id });
    expect(replies.data.list.map((comment) => comment.id)).toEqual([reply.data.id, replyToReply.data.id]);

    const like = await server.call<{ like_count: number; is_like: number }>('POST', '/api/Video_user/commentLikes', { comment_id: top.data.id, like: 1 }, as(replier.token));
    expect(like.data).toEqual({ comment_id: top.data.id, is_like: 1, like_count: 1 });
    const seen = await server.call<Page<VideoComment>>('POST', '/api/Video/commentList', { video_id: video.id }, as(replier.token));
    expect(seen.data.list[0]).toMatchObject({ is_like: 1, like_count: 1 });
    const info = await server.call<Video>('POST', '/api/Video/getVideoInfo', { video_id: video.id });
    expect(info.data.comment_count).toBe(video.comment_count + 3);

    const otherVideo = (await server.call<Page<Video>>('POST', '/api/Video/getList', { page: 2, limit: 1 })).data.list[0]!;
    const wrongVideo = await server.call('POST', '/api/Video_user/comment', { video_id: otherVideo.id, content: 'x', parent_id: top.data.id }, as(author.token));
    expect(wrongVideo.code).toBe(ResultCode.error);
    const blank = await server.call('POST', '/api/Video_user/comment', { video_id: video.id, content: '   ' }, as(author.token));
    expect(blank.code).toBe(ResultCode.error);
  });

  it("shows an anchor's works and a user's posts; only the author sees their own under review", async () => {
    const anyVideo = await firstVideo();
    const works = await server.call<Page<Video>>('POST', '/api/Video/anchorWorks', { uid: anyVideo.author.id });
    expect(works.data.list.length).toBeGreaterThan(0);
    expect(works.data.list.every((video) => video.author.id === anyVideo.author.id)).toBe(true);
    const posts = await server.call<Page<Video>>('GET', '/api/Video/userPostList', { uid: anyVideo.author.id });
    expect(posts.data.total).toBe(works.data.total);

    const hidden = await server.database.db.selectFrom('videos').select(['id', 'user_id']).where('status', '=', 'under_review').executeTakeFirstOrThrow();
    const authorToken = await logIn(server, await server.database.db.selectFrom('users').select('mobile').where('id', '=', hidden.user_id).executeTakeFirstOrThrow());
    const own = await server.call<Page<Video>>('GET', '/api/Video/userPostList', {}, as(authorToken));
    expect(own.data.list.some((video) => video.id === Number(hidden.id) && video.review_status === 'under_review')).toBe(true);
    const seenByOthers = await server.call<Page<Video>>('GET', '/api/Video/userPostList', { uid: Number(hidden.user_id) });
    expect(seenByOthers.data.list.some((video) => video.id === Number(hidden.id))).toBe(false);
    expect((await server.call('POST', '/api/Video/getVideoInfo', { video_id: Number(hidden.id) }, as(viewer))).code).toBe(ResultCode.error);
    expect((await server.call('POST', '/api/Video/getVideoInfo', { video_id: Number(hidden.id) }, as(authorToken))).code).toBe(0);
    expect((await server.call('POST', '/api/Video/getVideoInfo', { video_id: Number(hidden.id) }, as(admin))).code).toBe(0);
    expect((await server.call('GET', '/api/Video/userPostList')).code).toBe(ResultCode.sessionGone);
  });

  it('takes an mp4 judged by ffprobe, with its poster frame for a cover; only the author or an admin deletes it', async () => {
    const user = await newUser();
    const categories = await server.call<VideoCategory[]>('GET', '/api/videocclassification/allList');
    const added = await upload(user.token, { title: '我的第一个视频', category_id: String(categories.data[1]!.id) }, { bytes: clip, name: 'clip.mp4', type: 'video/mp4' });
    expect(added.code, added.msg).toBe(0);
    expect(added.msg).toBe('Added successfully');
    const video = added.data!;
    expect(video).toMatchObject({ title: '我的第一个视频', duration: 2, size: clip.length, format: 'mp4', review_status: 'under_review' });
    expect(video.cover).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.jpg$/);
    const played = await fetch(`${server.baseUrl}${video.play_url}`);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(clip)).toBe(true);

    const other = await newUser();
    const refused = await server.call('POST', '/api/Video_user/delete', { video_id: video.id }, as(other.token));
    expect(refused.code).toBe(ResultCode.error);
    expect(refused.msg).toBe(videoUploadMessages.notYours);
    const deleted = await server.call('POST', '/api/Video_user/delete', { video_id: video.id }, as(user.token));
    expect(deleted).toMatchObject({ code: 0, msg: 'Operation successful', data: null });
    expect((await server.call('POST', '/api/Video/getVideoInfo', { video_id: video.id }, as(user.token))).code).toBe(ResultCode.error);

    const second = (await upload(user.token, { title: 'again', category_id: String(categories.data[1]!.id) }, { bytes: clip, name: 'a.mp4', type: 'video/mp4' })).data!;
    const byAdmin = await server.call('POST', '/api/Video_user/delete', { video_id: second.id }, as(admin));
    expect(byAdmin.code).toBe(0);
  });

  it('refuses a text file named .mp4 and a cut-short file in the user language, leaving nothing behind', async () => {
    const user = await newUser();
    const before = await server.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const filesBefore = readdirSync(join(dataDir, 'uploads')).length;
    const text = new TextEncoder().encode('this is not a video at all, only words in a file named clip.mp4'.repeat(4));
    const asText = await upload(user.token, { title: 'fake', category_id: '1' }, { bytes: text, name: 'clip.mp4', type: 'video/mp4' }, 'zh');
    expect(asText.code).toBe(ResultCode.error);
    expect(asText.msg).toBe('请上传正确的视频格式');
    expect(asText.msg).toBe(translate(uploadMessages.wrongType.video, 'zh'));

    // An mp4 whose first bytes are right but whose last byte never came: ffprobe cannot read it whole.
    const short = clip.subarray(0, clip.length - 1);
    const cut = await upload(user.token, { title: 'short', category_id: '1' }, { bytes: short, name: 'short.mp4', type: 'video/mp4' }, 'vi');
    expect(cut.code).toBe(ResultCode.error);
    expect(cut.msg).toBe(translate(uploadMessages.wrongType.video, 'vi'));

    const noFile = await upload(user.token, { title: 'none', category_id: '1' }, null);
    expect(noFile.code).toBe(ResultCode.error);
    const after = await server.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(readdirSync(join(dataDir, 'uploads'))).toHaveLength(filesBefore);
  });
});
