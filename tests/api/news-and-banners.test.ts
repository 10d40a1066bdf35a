import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { greyPng } from './test-pictures.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

// The news (Headlines: categories, lists, an article; Headlines_user/insert waiting for review in the admin
// console) and the banners and adverts (Banner/getBannerList, banner/getAdvertisement, edited by admins).

type Schemas = components['schemas'];

describe('news, banners and adverts', () => {
  let server: TestServer;
  let dataDir: string;
  let writer: { id: number; token: string };
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-news-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    writer = await createLoggedInUser(server, { mobile: '86-13700000601', nickname: '投稿人', invitePrefix: 'NEW' });
    admin = await logIn(server, demoLogins.admin);
    viewer = await logIn(server, demoLogins.viewer);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const categories = async (lang: string) => (await server.call<Schemas['HeadlineCategory'][]>('GET', '/api/Headlines/classifyList', {}, { lang })).data;

  async function uploadCover(token: string, file: { bytes: Uint8Array; name: string; type: string }) {
    const grant = await server.call<Schemas['UploadToken']>('POST', '/api/Member/getQiniuToken', { kind: 'image' }, { token });
    const form = new FormData();
    form.append('token', grant.data.token);
    form.append('purpose', 'cover');
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(new URL(grant.data.upload_url, server.baseUrl), { method: 'POST', headers: { token, lang: 'en' }, body: form });
    return (await response.json()) as Envelope<{ path: string; content_type: string }>;
  }

  it('names the categories in the reader\'s language and lists each one\'s published articles, top stories first', async () => {
    const zh = await categories('zh');
    const en = await categories('en');
    const vi = await categories('vi');
    expect(zh.map((c) => c.name)).toContain('足球');
    expect(en.map((c) => c.name)).toContain('Football');
    expect(vi.map((c) => c.name)).toContain('Bóng đá');
    expect(en.map((c) => c.id)).toEqual(zh.map((c) => c.id));

    const top = zh.find((c) => c.name === '头条')!;
    const page = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { classify_id: top.id, limit: 50 });
    expect(page.code, page.msg).toBe(0);
    expect(page.data.list.length).toBeGreaterThan(0);
    expect(page.data.list.every((item) => item.classify_id === top.id)).toBe(true);
    const chinese = page.data.list.filter((item) => item.lang === 'zh');
    const firstPlain = chinese.findIndex((item) => !item.is_top);
    expect(chinese.slice(firstPlain).some((item) => item.is_top)).toBe(false);
    const all = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { limit: 5 });
    expect(all.data.total).toBeGreaterThan(page.data.total);
  });

  it('shows a published article with its text and counts the view; one under review is no data for others', async () => {
    const [first] = (await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { limit: 1 })).data.list;
    const article = await server.call<Schemas['HeadlineArticle']>('GET', '/api/Headlines/info', { id: first!.id });
    expect(article.code, article.msg).toBe(0);
    expect(article.data.content.length).toBeGreaterThan(20);
    expect(article.data.views).toBe(first!.views + 1);
    const waiting = await server.database.db.selectFrom('headlines').select('id').where('status', '=', 'under_review').executeTakeFirstOrThrow();
    const hidden = await server.call('GET', '/api/Headlines/info', { id: Number(waiting.id) }, { token: viewer });
    expect(hidden).toMatchObject({ code: 1, msg: 'No data' });
  });

  it('takes an article from a logged-in user only, keeps markup as inert text, and refuses a cover that is not theirs', async () => {
    const football = (await categories('zh')).find((c) => c.name === '足球')!;
    const article = { title: '<script>alert(1)</script>主场氛围', content: '第一段<img src=x onerror=alert(1)>\n\n第二段', classify_id: football.id };
    expect((await server.call('GET', '/api/Headlines_user/insert', article)).code).toBe(700);
    const refused = await server.call('GET', '/api/Headlines_user/insert', { ...article, cover: '/media/covers/news-1.jpg' }, { token: writer.token });
    expect(refused).toMatchObject({ code: 1, msg: 'Input error: cover is not a picture you uploaded' });
    expect((await server.call('GET', '/api/Headlines_user/insert', { ...article, title: '  ' }, { token: writer.token })).msg).toBe('Please enter a title');
    expect((await server.call('GET', '/api/Headlines_user/insert', { ...article, title: '长'.repeat(81) }, { token: writer.token })).msg).toBe(
      'Please keep the title within 80 characters',
    );

    const cover = await uploadCover(writer.token, { bytes: greyPng(64, 40), name: 'cover.png', type: 'image/png' });
    expect(cover.code, cover.msg).toBe(0);
    const sent = await server.call<Schemas['HeadlineSubmission']>('GET', '/api/Headlines_user/insert', { ...article, cover: cover.data.path }, { token: writer.token });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data).toMatchObject({ status: 'under_review', classify_id: football.id, cover: cover.data.path });
    const own = await server.call<Schemas['HeadlineArticle']>('GET', '/api/Headlines/info', { id: sent.data.id }, { token: writer.token });
    // Stored and answered as the text it is: the page shows it as text, so the tags are characters, not markup.
    expect(own.data).toMatchObject({ title: article.title, content: article.content, status: 'under_review', author_nickname: '投稿人' });
    const listed = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { classify_id: football.id, limit: 100 });
    expect(listed.data.list.some((item) => item.id === sent.data.id)).toBe(false);
  });

  it('lets only an admin review an article: a refusal needs a reason, approval publishes it once, the author is told', async () => {
    const football = (await categories('zh')).find((c) => c.name === '足球')!;
    const sent = await server.call<Schemas['HeadlineSubmission']>(
      'GET',
      '/api/Headlines_user/insert',
      { title: '等待审核的文章', content: '写给编辑部的一篇稿子。', classify_id: football.id },
      { token: writer.token },
    );
    const queue = await server.call<Schemas['AdminHeadlinePage']>('GET', '/api/admin/headlineList', {}, { token: admin });
    expect(queue.code, queue.msg).toBe(0);
    expect(queue.data.list.find((row) => row.id === sent.data.id)).toMatchObject({ user_id: writer.id, status: 'under_review', classify_name: 'Football' });
    expect((await server.call('GET', '/api/admin/headlineList', {}, { token: viewer })).msg).toBe('Permission denied');
    expect((await server.call('POST', '/api/admin/reviewHeadline', { id: sent.data.id, decision: 'approve' }, { token: viewer })).msg).toBe('Permission denied');
    expect((await server.call('POST', '/api/admin/reviewHeadline', { id: sent.data.id, decision: 'refuse' }, { token: admin })).msg).toBe(
      'Please give the reason for refusing',
    );

    const approved = await server.call<Schemas['AdminHeadline']>('POST', '/api/admin/reviewHeadline', { id: sent.data.id, decision: 'approve' }, { token: admin });
    expect(approved.data.status).toBe('audit_successful');
    const again = await server.call('POST', '/api/admin/reviewHeadline', { id: sent.data.id, decision: 'refuse', reason: 'late' }, { token: admin });
    expect(again.msg).toBe('This article has been reviewed already');
    const listed = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { classify_id: football.id, limit: 100 });
    expect(listed.data.list.some((item) => item.id === sent.data.id)).toBe(true);
    const notices = await server.call<Schemas['PushNoticePage']>('GET', '/api/Push/getList', {}, { token: writer.token });
    expect(notices.data.list[0]).toMatchObject({ title: 'Your article was published', link: `/detail?id=${sent.data.id}` });
    const log = await server.database.db.selectFrom('admin_audit_log').select(['action', 'target_id']).where('action', '=', 'headline.approve').execute();
    expect(log.map((row) => String(row.target_id))).toContain(String(sent.data.id));

    const second = await server.call<Schemas['HeadlineSubmission']>(
      'GET',
      '/api/Headlines_user/insert',
      { title: '第二篇', content: '不合适的内容', classify_id: football.id },
      { token: writer.token },
    );
    const refused = await server.call<Schemas['AdminHeadline']>(
      'POST',
      '/api/admin/reviewHeadline',
      { id: second.data.id, decision: 'refuse', reason: '与体育无关' },
      { token: admin },
    );
    expect(refused.data).toMatchObject({ status: 'audit_failure', reason: '与体育无关' });
  });

  it('has articles in Chinese and English in every category, the reader\'s language first (Vietnamese then English)', async () => {
    for (const category of await categories('zh')) {
      for (const [lang, first] of [['zh', 'zh'], ['en', 'en'], ['vi', 'en']] as const) {
        const page = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { classify_id: category.id, limit: 100 }, { lang });
        expect(page.code, page.msg).toBe(0);
        const langs = page.data.list.map((item) => item.lang);
        expect(langs[0], `${category.name} for ${lang}`).toBe(first);
        // Once the reader's language gives out, it does not come back further down.
        expect(langs.lastIndexOf(first)).toBe(langs.filter((l) => l === first).length - 1);
        expect(new Set(langs)).toEqual(new Set(['zh', 'en']));
      }
    }
  });

  it('takes comments and replies on a published article from a logged-in reader only, as inert text, liked once each', async () => {
    const list = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { limit: 1 });
    const id = list.data.list[0]!.id;
    const guest = await server.call<Schemas['CircleComment']>('POST', '/api/Headlines_user/comment', { id, content: 'hello' });
    expect(guest.code).not.toBe(0);

    const script = '<script>alert(1)</script> Great match';
    const comment = await server.call<Schemas['CircleComment']>('POST', '/api/Headlines_user/comment', { id, content: script }, { token: viewer });
    expect(comment.code, comment.msg).toBe(0);
    expect(comment.data.content).toBe(script);
    expect(comment.data.post_id).toBe(id);
    const reply = await server.call<Schemas['CircleComment']>('POST', '/api/Headlines_user/comment', { id, content: 'Agreed', parent_id: comment.data.id }, { token: writer.token });
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data.parent_id).toBe(comment.data.id);
    expect(reply.data.reply_to?.id).toBe(comment.data.user.id);

    for (let twice = 0; twice < 2; twice++) {
      const like = await server.call<Schemas['CircleLikeState']>('POST', '/api/Headlines_user/commentLikes', { comment_id: comment.data.id, is_like: 1 }, { token: writer.token });
      expect(like.data, like.msg).toEqual({ is_like: 1, like_count: 1 });
    }
    const page = await server.call<Schemas['CircleCommentPage']>('POST', '/api/Headlines/commentList', { id }, { token: writer.token });
    expect(page.code, page.msg).toBe(0);
    const shown = page.data.list.find((item) => item.id === comment.data.id)!;
    expect(shown).toMatchObject({ like_count: 1, is_like: 1, reply_count: 1, content: script });
    expect(shown.replies.map((item) => item.content)).toEqual(['Agreed']);
  });

  it('refuses comments on an article under review and replies to a comment of another article', async () => {
    const pending = await server.call<Schemas['AdminHeadlinePage']>('GET', '/api/admin/headlineList', { status: 'under_review' }, { token: admin });
    const hidden = pending.data.list[0]!.id;
    const refused = await server.call('POST', '/api/Headlines_user/comment', { id: hidden, content: 'early' }, { token: viewer });
    expect(refused.code).not.toBe(0);
    const listed = await server.call<Schemas['CircleCommentPage']>('POST', '/api/Headlines/commentList', { id: hidden });
    expect(listed.code).not.toBe(0);

    const two = await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { limit: 2 });
    const [first, second] = two.data.list.map((item) => item.id);
    const comment = await server.call<Schemas['CircleComment']>('POST', '/api/Headlines_user/comment', { id: first, content: 'on the first' }, { token: viewer });
    const across = await server.call('POST', '/api/Headlines_user/comment', { id: second, content: 'crossed', parent_id: comment.data.id }, { token: viewer });
    expect(across.code).not.toBe(0);
  });

  it('shows the running home banners in the reader\'s language, never one whose time is over', async () => {
    const zh = await server.call<Schemas['HomeBanner'][]>('POST', '/api/Banner/getBannerList', {}, { lang: 'zh' });
    const en = await server.call<Schemas['HomeBanner'][]>('POST', '/api/Banner/getBannerList', {}, { lang: 'en' });
    expect(zh.code, zh.msg).toBe(0);
    expect(zh.data.length).toBeGreaterThanOrEqual(3);
    expect(zh.data.map((b) => b.title)).toContain('欧冠之夜，全场直播');
    expect(en.data.map((b) => b.title)).toContain('Champions League nights, every minute live');
    const ended = await server.database.db.selectFrom('banners').select('id').where('ends_at', '<', new Date()).execute();
    expect(ended.length).toBeGreaterThan(0);
    expect(zh.data.some((b) => ended.some((row) => Number(row.id) === b.id))).toBe(false);

    const sidebar = await server.call<Schemas['Advertisement'][]>('POST', '/api/banner/getAdvertisement', { position: 'sidebar' }, { lang: 'vi' });
    expect(sidebar.data.map((a) => a.title)).toContain('Tải ứng dụng Pitchside');
    expect(sidebar.data.every((a) => a.position === 'sidebar')).toBe(true);
    expect((await server.call('POST', '/api/banner/getAdvertisement', { position: 'footer' })).code).toBe(1);
  });

  it('lets an admin add a banner only with a picture they uploaded, checked by its content, and run it in a window', async () => {
    const base = { kind: 'banner', position: 'home', title: '新赛季开幕', title_en: 'The new season opens', link: '/main', sort: 9, enabled: true };
    expect((await server.call('POST', '/api/admin/savePromo', { ...base, image: '/media/covers/banner-1.svg' }, { token: viewer })).msg).toBe('Permission denied');
    const notUploaded = await server.call('POST', '/api/admin/savePromo', { ...base, image: '/media/covers/banner-1.svg' }, { token: admin });
    expect(notUploaded.msg).toBe('Input error: image is not a picture you uploaded');

    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const disguised = await uploadCover(admin, { bytes: html, name: 'banner.jpg', type: 'image/jpeg' });
    expect(disguised.code).toBe(1);
    const picture = await uploadCover(admin, { bytes: greyPng(320, 120), name: 'banner.png', type: 'image/png' });
    expect(picture.data.content_type).toBe('image/jpeg');
    expect((await server.call('POST', '/api/admin/savePromo', { ...base, image: picture.data.path, link: 'https://example.com' }, { token: admin })).msg).toBe(
      'Input error: a banner links to a page of the site',
    );
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await server.call('POST', '/api/admin/savePromo', { ...base, image: picture.data.path, starts_at: now + 60, ends_at: now }, { token: admin })).msg,
    ).toBe('Input error: the end must come after the start');

    const saved = await server.call<Schemas['AdminPromo']>('POST', '/api/admin/savePromo', { ...base, image: picture.data.path }, { token: admin });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ kind: 'banner', running: true, title_en: 'The new season opens' });
    const shown = await server.call<Schemas['HomeBanner'][]>('POST', '/api/Banner/getBannerList', {}, { lang: 'en' });
    expect(shown.data.find((b) => b.id === saved.data.id)?.title).toBe('The new season opens');

    const later = await server.call<Schemas['AdminPromo']>(
      'POST',
      '/api/admin/savePromo',
      { ...base, id: saved.data.id, image: picture.data.path, starts_at: now + 3600, ends_at: null },
      { token: admin },
    );
    expect(later.data.running).toBe(false);
    const hidden = await server.call<Schemas['HomeBanner'][]>('POST', '/api/Banner/getBannerList', {});
    expect(hidden.data.some((b) => b.id === saved.data.id)).toBe(false);

    const advert = await server.call<Schemas['AdminPromo']>(
      'POST',
      '/api/admin/savePromo',
      { ...base, kind: 'advert', position: 'scores', image: picture.data.path, link: 'https://example.com/app' },
      { token: admin },
    );
    expect(advert.data).toMatchObject({ kind: 'advert', position: 'scores', link: 'https://example.com/app' });
    const scores = await server.call<Schemas['Advertisement'][]>('POST', '/api/banner/getAdvertisement', { position: 'scores' });
    expect(scores.data.map((a) => a.id)).toContain(advert.data.id);

    const listed = await server.call<{ banners: Schemas['AdminPromo'][]; adverts: Schemas['AdminPromo'][] }>(
      'GET',
      '/api/admin/promoList',
      {},
      { token: admin },
    );
    expect(listed.data.banners.find((b) => b.id === saved.data.id)?.running).toBe(false);
    expect((await server.call('POST', '/api/admin/deletePromo', { kind: 'advert', id: advert.data.id }, { token: admin })).code).toBe(0);
    const gone = await server.call<Schemas['Advertisement'][]>('POST', '/api/banner/getAdvertisement', { position: 'scores' });
    expect(gone.data.map((a) => a.id)).not.toContain(advert.data.id);
  });
});
