import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMessages } from '../../server/areas/social/follow-service.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface FollowState {
  uid: number;
  is_followed: 0 | 1;
  fan_count: number;
}
interface FollowedUser {
  id: number;
  user_nickname: string;
  avatar: string;
  is_anchor: 0 | 1;
  fan_count: number;
  room_id: number | null;
  live_status: 'not_started' | 'in_progress' | 'over' | null;
  followed_at: number;
}
interface FollowedUserPage {
  total: number;
  page: number;
  limit: number;
  list: FollowedUser[];
}

const liveRank = (user: FollowedUser) => ({ in_progress: 0, not_started: 1, over: 2 })[user.live_status ?? 'over'];

let nextMobile = 1;

describe('follows', () => {
  let server: TestServer;
  let viewer: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    const row = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    viewer = { id: row.id, token: await logIn(server, demoLogins.viewer) };
  });
  afterAll(() => server.close());

  /** A user with no follows, logged in. */
  async function newUser(): Promise<{ id: number; token: string }> {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1360000${suffix}`, nickname: `关注${suffix}`, invitePrefix: 'FOLW' });
  }

  /** Anchors with a room that `userId` does not follow. */
  async function unfollowedAnchors(userId: number) {
    return server.database.db
      .selectFrom('users')
      .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select(['users.id', 'live_rooms.id as room_id'])
      .where('users.is_anchor', '=', 1)
      .where('users.disabled_at', 'is', null)
      .where('users.id', 'not in', (eb) => eb.selectFrom('follows').select('target_id').where('user_id', '=', userId))
      .orderBy('users.id')
      .execute();
  }

  const follow = (token: string, uid: number, type: 0 | 1 = 1) =>
    server.call<FollowState>('POST', '/api/Member/attention', { uid, type }, { token });
  const myFollows = (token: string, query: Record<string, unknown> = {}) =>
    server.call<FollowedUserPage>('GET', '/api/User/attentionList', query, { token });
  const followRows = async (userId: number) =>
    server.database.db.selectFrom('follows').select('target_id').where('user_id', '=', userId).execute();

  it('needs a login to follow or to list my follows', async () => {
    const [anchor] = await unfollowedAnchors(viewer.id);
    expect(await follow('', anchor!.id)).toMatchObject({ code: 700, data: null });
    expect(await server.call('GET', '/api/User/attentionList')).toMatchObject({ code: 700, data: null });
  });

  it('lists the seeded follows of the viewer, live ones first', async () => {
    const answer = await myFollows(viewer.token);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ total: 3, page: 1, limit: 20 });
    const ranks = answer.data.list.map(liveRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('follows an anchor, lists them, unfollows and they are gone', async () => {
    const user = await newUser();
    const [first, second] = await unfollowedAnchors(user.id);
    const { db } = server.database;
    // The first follow's room goes on air and the later one's is over: the live one must lead.
    await db.updateTable('live_rooms').set({ status: 'in_progress' }).where('id', '=', first!.room_id).execute();
    await db.updateTable('live_rooms').set({ status: 'over' }).where('id', '=', second!.room_id).execute();
    const fansBefore = (await db.selectFrom('follows').select('user_id').where('target_id', '=', first!.id).execute()).length;

    const followed = await follow(user.token, first!.id);
    expect(followed).toMatchObject({ code: 0, data: { uid: first!.id, is_followed: 1, fan_count: fansBefore + 1 } });
    expect((await follow(user.token, second!.id)).code).toBe(0);

    const listed = await myFollows(user.token);
    expect(listed.data.total).toBe(2);
    expect(listed.data.list.map((u) => u.id)).toEqual([first!.id, second!.id]);
    expect(listed.data.list[0]).toMatchObject({ is_anchor: 1, room_id: first!.room_id, live_status: 'in_progress', fan_count: fansBefore + 1 });

    const unfollowed = await follow(user.token, first!.id, 0);
    expect(unfollowed).toMatchObject({ code: 0, data: { uid: first!.id, is_followed: 0, fan_count: fansBefore } });
    const after = await myFollows(user.token);
    expect(after.data.list.map((u) => u.id)).toEqual([second!.id]);
    // Unfollowing someone not followed changes nothing.
    expect(await follow(user.token, first!.id, 0)).toMatchObject({ code: 0, data: { is_followed: 0, fan_count: fansBefore } });
  });

  it('keeps one follow when following twice, even at once', async () => {
    const user = await newUser();
    const [anchor] = await unfollowedAnchors(user.id);
    const answers = await Promise.all([follow(user.token, anchor!.id), follow(user.token, anchor!.id), follow(user.token, anchor!.id)]);
    for (const answer of answers) expect(answer).toMatchObject({ code: 0, data: { is_followed: 1 } });
    expect(await follow(user.token, anchor!.id)).toMatchObject({ code: 0, data: { is_followed: 1, fan_count: answers[0]!.data.fan_count } });
    expect(await followRows(user.id)).toEqual([{ target_id: anchor!.id }]);
    expect((await myFollows(user.token)).data.total).toBe(1);
  });

  it('refuses to follow oneself or a user who does not exist, and writes nothing', async () => {
    const user = await newUser();
    expect(await follow(user.token, user.id)).toMatchObject({ code: 1, msg: followMessages.self, data: null });
    expect(await follow(user.token, 2_000_000_000)).toMatchObject({ code: 1, msg: followMessages.notFound, data: null });
    expect(await followRows(user.id)).toEqual([]);
    expect(await follow(user.token, 0)).toMatchObject({ status: 400, code: 1 });
  });

  it("answers the viewer's follows by uid, without a login, as the viewer's own list", async () => {
    const own = await myFollows(viewer.token);
    const byUid = await server.call<FollowedUserPage>('GET', '/api/User/watchlistList', { uid: viewer.id });
    expect(byUid.code).toBe(0);
    expect(byUid.data).toEqual(own.data);
    expect(byUid.data.list.every((u) => u.followed_at > 0 && u.avatar.length > 0)).toBe(true);
    const missing = await server.call('GET', '/api/User/watchlistList', { uid: 2_000_000_000 });
    expect(missing).toMatchObject({ code: 1, msg: followMessages.notFound });
  });

  it('pages the list: every follow once, in the order of the whole list', async () => {
    const user = await newUser();
    const anchors = (await unfollowedAnchors(user.id)).slice(0, 5);
    for (const anchor of anchors) expect((await follow(user.token, anchor.id)).code).toBe(0);
    const whole = await myFollows(user.token, { limit: 100 });
    expect(whole.data.total).toBe(anchors.length);
    const paged: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await myFollows(user.token, { page, limit: 2 });
      expect(answer.data).toMatchObject({ total: anchors.length, page, limit: 2 });
      expect(answer.data.list.length).toBe(page < 3 ? 2 : 1);
      paged.push(...answer.data.list.map((u) => u.id));
    }
    expect(paged).toEqual(whole.data.list.map((u) => u.id));
    expect((await myFollows(user.token, { page: 4, limit: 2 })).data.list).toEqual([]);
    expect(await myFollows(user.token, { limit: 101 })).toMatchObject({ status: 400, code: 1 });
  });

  it('completes the follow-an-anchor task once, with its coins', async () => {
    const user = await newUser();
    const [anchor, other] = await unfollowedAnchors(user.id);
    const taskOf = async () => {
      type Task = { id: number; is_complete: 0 | 1; lz_num: number; progress: number };
      const centre = await server.call<{ coins: number; daily: Task[]; newbie: Task[] }>(
        'POST',
        '/api/Activity_Config/user_task_list',
        {},
        { token: user.token },
      );
      const task = await server.database.db.selectFrom('tasks').select('id').where('code', '=', 'follow_anchor').executeTakeFirstOrThrow();
      return { coins: centre.data.coins, task: [...centre.data.daily, ...centre.data.newbie].find((t) => t.id === task.id)! };
    };
    const before = await taskOf();
    expect(before).toMatchObject({ coins: 0, task: { is_complete: 0, progress: 0 } });
    await follow(user.token, anchor!.id);
    const after = await taskOf();
    expect(after).toMatchObject({ coins: before.task.lz_num, task: { is_complete: 1 } });
    await follow(user.token, anchor!.id, 0);
    await follow(user.token, anchor!.id);
    await follow(user.token, other!.id);
    expect((await taskOf()).coins).toBe(before.task.lz_num);
  });
});
