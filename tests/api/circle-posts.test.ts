import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { greyPng } from './test-pictures.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Circle posts (SPEC §5, §7 anchor_dynamics*): up to 4 photos or one mp4 under 50 MB with a cover, never both, each
// file judged by its content; likes, comments with replies and comment likes; only the author (or an admin) deletes.

type Schemas = components['schemas'];
type Post = Schemas['CirclePost'];

/** The start of an ISO media file (ftyp box, brand isom), padded to `bytes`. */
function mp4(bytes = 300): Uint8Array {
  const data = new Uint8Array(bytes);
  data.set([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]);
  return data;
}

interface FormFile {
  field: string;
  bytes: Uint8Array;
  name: string;
  type: string;
}

describe('circle posts', () => {
  let server: TestServer;
  let dataDir: string;
  let author: { id: number; token: string };
  let reader: { id: number; token: string };
  let circleId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-circle-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    author = await createLoggedInUser(server, { mobile: '86-13700000501', nickname: '发帖人', invitePrefix: 'CIR' });
    reader = await createLoggedInUser(server, { mobile: '86-13700000502', nickname: '读帖人', invitePrefix: 'CIR' });
    circleId = (await server.database.db.selectFrom('circles').select('id').orderBy('sort').executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function publish(token: string | null, content: string, files: FormFile[] = [], circle = circleId) {
    const form = new FormData();
    form.set('circle_id', String(circle));
    form.set('content', content);
    for (const file of files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(new URL('/api/anchor_dynamics_user/insert', server.baseUrl), {
      method: 'POST',
      headers: { lang: 'en', ...(token ? { token } : {}) },
      body: form,
    });
    return (await response.json()) as { code: number; msg: string; data: Post };
  }
  const photo = (name = 'a.png'): FormFile => ({ field: 'photos', bytes: greyPng(40, 30), name, type: 'image/png' });
  const storedFiles = async () => (await server.database.db.selectFrom('uploads').select('path').execute()).length;

  it('publishes text with up to 4 photos, each drawn again as a JPEG', async () => {
    const post = await publish(author.token, '今晚的比赛太精彩了', [photo(), photo('b.png')]);
    expect(post.code, post.msg).toBe(0);
    expect(post.data.images).toHaveLength(2);
    expect(post.data.images.every((path) => path.endsWith('.jpg'))).toBe(true);
    const served = await fetch(new URL(post.data.images[0]!, server.baseUrl));
    expect(served.headers.get('content-type')).toContain('image/jpeg');
    expect(post.data).toMatchObject({ author: { id: author.id }, circle: { id: circleId }, like_count: 0, comment_count: 0 });
  });

  it('refuses a fifth photo, photos with a video, a video over 50 MB and an HTML file named .jpg, keeping no file', async () => {
    const before = await storedFiles();
    expect((await publish(author.token, '五张图', [photo(), photo(), photo(), photo(), photo()])).msg).toBe('A post takes at most 4 photos');
    const mixed = await publish(author.token, '图和视频', [photo(), { field: 'video', bytes: mp4(), name: 'v.mp4', type: 'video/mp4' }]);
    expect(mixed.msg).toBe('A post takes photos or a video, not both');
    const big = await publish(author.token, '大视频', [
      { field: 'video', bytes: mp4(51 * 1024 * 1024), name: 'v.mp4', type: 'video/mp4' },
      { field: 'cover', bytes: greyPng(40, 30), name: 'c.png', type: 'image/png' },
    ]);
    expect(big.code).toBe(1);
    expect(big.msg).toMatch(/larger than/);
    const html = new TextEncoder().encode('<html><body><script>alert(1)</script></body></html>'.padEnd(400, ' '));
    const disguised = await publish(author.token, '伪装图片', [{ field: 'photos', bytes: html, name: 'x.jpg', type: 'image/jpeg' }]);
    expect(disguised.msg).toBe('Please upload a PNG or JPEG image');
    const noCover = await publish(author.token, '没有封面', [{ field: 'video', bytes: mp4(), name: 'v.mp4', type: 'video/mp4' }]);
    expect(noCover.msg).toBe('A video needs a cover');
    expect(await storedFiles()).toBe(before);
  });

  it('publishes one mp4 with its cover', async () => {
    const post = await publish(author.token, '进球集锦', [
      { field: 'video', bytes: mp4(), name: 'v.mp4', type: 'video/mp4' },
      { field: 'cover', bytes: greyPng(40, 30), name: 'c.png', type: 'image/png' },
    ]);
    expect(post.code, post.msg).toBe(0);
    expect(post.data.video?.url).toMatch(/\.mp4$/);
    expect(post.data.video?.cover).toMatch(/\.jpg$/);
    expect(post.data.images).toEqual([]);
  });

  it('lets no guest post, and keeps <script> as text', async () => {
    const guest = await publish(null, '游客发帖');
    expect(guest.code).toBe(700);
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const post = await publish(author.token, script);
    expect(post.data.content).toBe(script);
    const comment = await server.call<Schemas['CircleComment']>('POST', '/api/anchor_dynamics_user/comment', { post_id: post.data.id, content: script }, { token: reader.token });
    expect(comment.data.content).toBe(script);
    // The answer is JSON: the text stays a string the app shows as text, never markup the server wrote.
    expect((await fetch(new URL(`/api/anchor_dynamics/info?id=${post.data.id}`, server.baseUrl))).headers.get('content-type')).toContain('application/json');
  });

  it('counts likes, comments, replies and comment likes, as each reader sees them', async () => {
    const post = (await publish(author.token, '大家觉得谁能夺冠？')).data;
    const liked = await server.call<Schemas['CircleLikeState']>('POST', '/api/anchor_dynamics_user/likes', { post_id: post.id, is_like: 1 }, { token: reader.token });
    expect(liked.data).toEqual({ is_like: 1, like_count: 1 });
    expect((await server.call('POST', '/api/anchor_dynamics_user/likes', { post_id: post.id, is_like: 1 }, { token: reader.token })).data).toEqual({ is_like: 1, like_count: 1 });
    const top = await server.call<Schemas['CircleComment']>('POST', '/api/anchor_dynamics_user/comment', { post_id: post.id, content: '我看好主队' }, { token: reader.token });
    const reply = await server.call<Schemas['CircleComment']>('POST', '/api/anchor_dynamics_user/comment', { post_id: post.id, content: '同意', parent_id: top.data.id }, { token: author.token });
    expect(reply.data).toMatchObject({ parent_id: top.data.id, reply_to: { id: reader.id } });
    await server.call('POST', '/api/anchor_dynamics_user/commentLikes', { comment_id: top.data.id, is_like: 1 }, { token: author.token });

    const seen = await server.call<Post>('GET', '/api/anchor_dynamics/info', { id: post.id }, { token: author.token });
    expect(seen.data).toMatchObject({ like_count: 1, comment_count: 2, is_like: 0 });
    expect((await server.call<Post>('GET', '/api/anchor_dynamics/info', { id: post.id }, { token: reader.token })).data.is_like).toBe(1);
    const comments = await server.call<Schemas['CircleCommentPage']>('POST', '/api/anchor_dynamics/commentList', { post_id: post.id }, { token: reader.token });
    expect(comments.data.total).toBe(1);
    expect(comments.data.list[0]).toMatchObject({ id: top.data.id, like_count: 1, reply_count: 1, replies: [{ id: reply.data.id, content: '同意' }] });
    const replies = await server.call<Schemas['CircleCommentPage']>('POST', '/api/anchor_dynamics/commentList', { post_id: post.id, parent_id: top.data.id });
    expect(replies.data.list.map((entry) => entry.id)).toEqual([reply.data.id]);

    const mine = await server.call<Schemas['CirclePostPage']>('GET', '/api/anchor_dynamics/userPostList', { uid: author.id });
    expect(mine.data.list[0]!.id).toBe(post.id);
    expect(mine.data.list.every((entry) => entry.author.id === author.id)).toBe(true);
  });

  it('lets only the author or an admin delete a post', async () => {
    const post = (await publish(author.token, '要删除的动态')).data;
    const refused = await server.call('POST', '/api/anchor_dynamics/deletePost', { id: post.id }, { token: reader.token });
    expect(refused.msg).toBe('Only the author can delete this post');
    expect((await server.call('POST', '/api/anchor_dynamics/deletePost', { id: post.id }, { token: author.token })).code).toBe(0);
    expect((await server.call('GET', '/api/anchor_dynamics/info', { id: post.id })).msg).toBe('There is no such post');
    const other = (await publish(author.token, '管理员删除')).data;
    const admin = await logIn(server, demoLogins.admin);
    expect((await server.call('POST', '/api/anchor_dynamics/deletePost', { id: other.id }, { token: admin })).code).toBe(0);
  });
});
