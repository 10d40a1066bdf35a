import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The circles of /circle: named in the reader's language, joined and left, and their posts in the hot order.

type Schemas = components['schemas'];

describe('circles', () => {
  let server: TestServer;
  let fan: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    fan = await createLoggedInUser(server, { mobile: '86-13700000701', nickname: '圈友', invitePrefix: 'CJN' });
  }, 120_000);
  afterAll(() => server.close());

  const circles = async (headers: Record<string, string>) => (await server.call<Schemas['Circle'][]>('GET', '/api/circle/list', {}, headers)).data;

  it('names and describes each circle in the reader\'s language, with its members and posts counted', async () => {
    const zh = await circles({ lang: 'zh' });
    const en = await circles({ lang: 'en' });
    const vi = await circles({ lang: 'vi' });
    expect(zh[0]).toMatchObject({ name: '足球圈', is_joined: false });
    expect(en[0]!.name).toBe('Football');
    expect(en[0]!.description).toMatch(/top five leagues/);
    expect(vi[0]!.name).toBe('Bóng đá');
    expect(zh.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(zh[0]!.post_count).toBeGreaterThan(0);
    const posts = await server.call<Schemas['CirclePostPage']>('GET', '/api/anchor_dynamics/userPostList', { circle_id: zh[0]!.id, limit: 1 }, { lang: 'en' });
    expect(posts.data.total).toBe(zh[0]!.post_count);
    expect(posts.data.list[0]!.circle.name).toBe('Football');
  });

  it('joins and leaves a circle for a logged-in user only, twice changing nothing', async () => {
    const [first] = await circles({});
    expect((await server.call('POST', '/api/circle/join', { circle_id: first!.id, join: true })).code).toBe(700);
    const joined = await server.call<Schemas['Circle']>('POST', '/api/circle/join', { circle_id: first!.id, join: true }, { token: fan.token });
    expect(joined.data).toMatchObject({ is_joined: true, member_count: first!.member_count + 1 });
    const twice = await server.call<Schemas['Circle']>('POST', '/api/circle/join', { circle_id: first!.id, join: true }, { token: fan.token });
    expect(twice.data.member_count).toBe(first!.member_count + 1);
    expect((await circles({ token: fan.token })).find((c) => c.id === first!.id)?.is_joined).toBe(true);
    const left = await server.call<Schemas['Circle']>('POST', '/api/circle/join', { circle_id: first!.id, join: false }, { token: fan.token });
    expect(left.data).toMatchObject({ is_joined: false, member_count: first!.member_count });
    expect((await server.call('POST', '/api/circle/join', { circle_id: 999_999, join: true }, { token: fan.token })).msg).toBe('There is no such circle');
  });

  it('orders the week\'s posts by likes and comments when hot, the newest first otherwise', async () => {
    const [first] = await circles({});
    const newest = (await server.call<Schemas['CirclePostPage']>('GET', '/api/anchor_dynamics/userPostList', { circle_id: first!.id, limit: 50 })).data.list;
    const oldest = newest.at(-1)!;
    // The oldest post, moved into this week, gets the most likes: hot puts it first.
    await server.database.db.updateTable('circle_posts').set({ created_at: new Date(Date.now() - 60 * 60 * 1000) }).where('id', '=', oldest.id).execute();
    const likers = await server.database.db.selectFrom('users').select('id').orderBy('id').limit(30).execute();
    await server.database.db
      .insertInto('likes')
      .values(likers.map((user) => ({ user_id: user.id, target_type: 'circle_post' as const, target_id: oldest.id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const hot = (await server.call<Schemas['CirclePostPage']>('GET', '/api/anchor_dynamics/userPostList', { circle_id: first!.id, limit: 50, order: 'hot' })).data.list;
    expect(hot[0]!.id).toBe(oldest.id);
    const score = (post: Schemas['CirclePost']) => post.like_count + 2 * post.comment_count;
    const week = Date.now() / 1000 - 7 * 24 * 3600;
    const recent = hot.filter((post) => post.create_time > week);
    for (let i = 1; i < recent.length; i++) expect(score(recent[i - 1]!)).toBeGreaterThanOrEqual(score(recent[i]!));
    expect(hot.map((post) => post.id).sort()).toEqual(newest.map((post) => post.id).sort());
  });
});
