import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { reservationMessages } from '../../server/areas/live/reservation-service.ts';
import { liveRoomMessages } from '../../server/areas/live/room-info-service.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { schemaErrors } from './schema-errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The viewer's side of live rooms: the room page, the directory's categories and home
// blocks, rankings, reminders, playbacks, placard, share and the viewer's standing, on the seeded world.

type Schemas = components['schemas'];

const missingRoom = 2_000_000_000;
let nextMobile = 1;

describe('live rooms for viewers', () => {
  let server: TestServer;
  let viewer: { id: number; token: string };
  let anchor: { id: number; token: string; roomId: number };

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    const viewerRow = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    const anchorRow = await db
      .selectFrom('users')
      .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select(['users.id', 'live_rooms.id as room_id'])
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    viewer = { id: viewerRow.id, token: await logIn(server, demoLogins.viewer) };
    anchor = { id: anchorRow.id, roomId: anchorRow.room_id, token: await logIn(server, demoLogins.anchor) };
  });
  afterAll(() => server.close());

  async function newUser(): Promise<{ id: number; token: string }> {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1997000${suffix}`, nickname: `看客${suffix}`, invitePrefix: 'LIVE' });
  }

  const reservationCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('live_reservations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('Live_streaming/getRoomInfo', () => {
    it('answers a room on air with its anchor, four-quality stream, match with live score and chat group', async () => {
      const room = await server.database.db
        .selectFrom('live_rooms')
        .select(['id', 'anchor_id', 'match_id', 'title'])
        .where('status', '=', 'in_progress')
        .where('match_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const answer = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: room.id });
      expect(answer.code).toBe(0);
      expect(schemaErrors('LiveRoomInfo', answer.data)).toEqual([]);
      expect(answer.data.room).toMatchObject({ id: room.id, title: room.title, status: 'in_progress', is_attention: 0, is_reserve: 0 });
      expect(answer.data.room.anchor.id).toBe(room.anchor_id);
      expect(answer.data.room.stream.original).toMatch(new RegExp(`^/hls/${room.id}/`));
      expect(answer.data.room.match?.id).toBe(room.match_id);
      expect(answer.data.viewer).toEqual({ is_taboo: 0, is_manager: 0, is_guard: 0, is_kicked: 0 });
      expect(answer.data.chat_group_id).toBe(`live${room.id}`);
    });

    it("shows the score board's live score at once, not the room list's cached copy", async () => {
      const { scoreBoard } = server.app.serverContext;
      const board = await scoreBoard.read();
      const room = await server.database.db
        .selectFrom('live_rooms')
        .select(['id', 'match_id'])
        .where('status', '=', 'in_progress')
        .where('match_id', 'in', [...board.matches.keys()])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const match = board.matches.get(room.match_id!)!;
      await server.call('GET', '/api/Live_streaming/getRoomInfo', { room_id: room.id });
      scoreBoard.putMatches([{ ...match, home_score: match.home_score + 7 }]);
      const answer = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: room.id });
      expect(answer.data.room.match).toMatchObject({ id: match.id, home_score: match.home_score + 7, away_score: match.away_score });
      scoreBoard.putMatches([match]);
    });

    it("fills in the viewer's follow and standing: the anchor is a manager of their own room", async () => {
      const answer = await server.call<Schemas['LiveRoomInfo']>(
        'GET',
        '/api/Live_streaming/getRoomInfo',
        { room_id: anchor.roomId },
        { token: anchor.token },
      );
      expect(answer.code).toBe(0);
      expect(answer.data.viewer.is_manager).toBe(1);
    });

    it('answers code 1 with a clear message for a room that does not exist', async () => {
      const answer = await server.call('GET', '/api/Live_streaming/getRoomInfo', { room_id: missingRoom });
      expect(answer).toMatchObject({ code: 1, msg: liveRoomMessages.notFound, data: null });
      expect(await server.call('GET', '/api/Live_streaming/getRoomInfo', { room_id: 'x' })).toMatchObject({ code: 1, data: null });
    });
  });

  describe('Member/attention from the room', () => {
    it('follow then unfollow changes the follower count the room shows', async () => {
      const user = await newUser();
      const info = async () =>
        (await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: anchor.roomId }, { token: user.token }))
          .data;
      const before = await info();
      expect(before.room.is_attention).toBe(0);
      const followed = await server.call<Schemas['FollowState']>('POST', '/api/Member/attention', { uid: anchor.id, type: 1 }, { token: user.token });
      expect(followed).toMatchObject({ code: 0, data: { uid: anchor.id, is_followed: 1, fan_count: before.anchor_stats.fans + 1 } });
      const after = await info();
      expect(after.room.is_attention).toBe(1);
      expect(after.anchor_stats.fans).toBe(before.anchor_stats.fans + 1);
      const unfollowed = await server.call<Schemas['FollowState']>('POST', '/api/Member/attention', { uid: anchor.id, type: 0 }, { token: user.token });
      expect(unfollowed).toMatchObject({ code: 0, data: { is_followed: 0, fan_count: before.anchor_stats.fans } });
      expect((await info()).anchor_stats.fans).toBe(before.anchor_stats.fans);
    });

    it('needs a login to follow', async () => {
      expect(await server.call('POST', '/api/Member/attention', { uid: anchor.id, type: 1 })).toMatchObject({ code: 700, data: null });
    });
  });

  describe('Live/getRoomList and Live/getBucketRoomList', () => {
    it('lists the categories of a type, and of every type for 0', async () => {
      const all = await server.call<Schemas['LiveCategory'][]>('GET', '/api/Live/getRoomList');
      expect(all.code).toBe(0);
      expect(new Set(all.data.map((category) => category.type))).toEqual(new Set([1, 2, 3]));
      const basketball = await server.call<Schemas['LiveCategory'][]>('GET', '/api/Live/getRoomList', { type: 2 });
      expect(basketball.data.length).toBeGreaterThan(0);
      expect(basketball.data.every((category) => category.type === 2)).toBe(true);
      expect((await server.call('GET', '/api/Live/getRoomList', { type: 7 })).code).toBe(1);
    });

    it('gives the home page titled blocks of rooms, on air first, in the language asked for', async () => {
      const answer = await server.call<Schemas['LiveRoomBucket'][]>('GET', '/api/Live/getBucketRoomList');
      expect(answer.code).toBe(0);
      expect(answer.data.length).toBeGreaterThan(1);
      for (const bucket of answer.data) {
        expect(schemaErrors('LiveRoomBucket', bucket)).toEqual([]);
        expect(bucket.rooms.length).toBeGreaterThan(0);
        if (bucket.type !== 0) expect(bucket.rooms.every((room) => room.type === bucket.type)).toBe(true);
        const onAir = bucket.rooms.map((room) => room.status === 'in_progress');
        expect(onAir).toEqual([...onAir].sort((a, b) => Number(b) - Number(a)));
      }
      expect(answer.data.map((bucket) => bucket.title)).toContain('Football live');
      const zh = await server.call<Schemas['LiveRoomBucket'][]>('GET', '/api/Live/getBucketRoomList', {}, { lang: 'zh' });
      expect(zh.data.map((bucket) => bucket.title)).toContain('足球直播');
    });
  });

  describe('Live/getPlacard and live/share', () => {
    it("answers the room's announcement, or code 1 for no such room", async () => {
      const room = await server.database.db.selectFrom('live_rooms').select(['id', 'placard']).where('id', '=', anchor.roomId).executeTakeFirstOrThrow();
      expect(await server.call('GET', '/api/Live/getPlacard', { room_id: room.id })).toMatchObject({
        code: 0,
        data: { room_id: room.id, placard: room.placard },
      });
      expect(await server.call('GET', '/api/Live/getPlacard', { room_id: missingRoom })).toMatchObject({ code: 1, msg: liveRoomMessages.notFound });
    });

    it('counts each share and answers the room path to share', async () => {
      const first = await server.call<Schemas['LiveShare']>('POST', '/api/live/share', { room_id: anchor.roomId });
      expect(first.code).toBe(0);
      expect(first.data.path).toBe(`/live?id=${anchor.roomId}`);
      const second = await server.call<Schemas['LiveShare']>('POST', '/api/live/share', { room_id: anchor.roomId }, { token: viewer.token });
      expect(second.data.share_count).toBe(first.data.share_count + 1);
      expect(await server.call('POST', '/api/live/share', { room_id: missingRoom })).toMatchObject({ code: 1, msg: liveRoomMessages.notFound });
      expect((await server.call('POST', '/api/live/share', {})).code).toBe(1);
    });
  });

  describe('Live/getUserStatus', () => {
    it("answers the caller's standing; only a manager may ask about someone else", async () => {
      const user = await newUser();
      const own = await server.call<Schemas['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, { token: user.token });
      expect(own).toMatchObject({ code: 0, data: { is_taboo: 0, is_manager: 0, is_guard: 0 } });
      expect(
        await server.call('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId, uid: viewer.id }, { token: user.token }),
      ).toMatchObject({ code: 1, msg: liveRoomMessages.notManager, data: null });

      const until = new Date(server.app.serverContext.clock.now().getTime() + 3600_000);
      await server.database.db.insertInto('room_mutes').values({ room_id: anchor.roomId, user_id: user.id, by_user_id: anchor.id, until }).execute();
      const seen = await server.call<Schemas['LiveViewerStatus']>(
        'POST',
        '/api/Live/getUserStatus',
        { room_id: anchor.roomId, uid: user.id },
        { token: anchor.token },
      );
      expect(seen).toMatchObject({ code: 0, data: { is_taboo: 1, taboo_until: Math.floor(until.getTime() / 1000), is_manager: 0 } });
    });

    it('needs a login and a room that exists', async () => {
      expect(await server.call('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId })).toMatchObject({ code: 700, data: null });
      expect(await server.call('POST', '/api/Live/getUserStatus', { room_id: missingRoom }, { token: viewer.token })).toMatchObject({
        code: 1,
        msg: liveRoomMessages.notFound,
      });
    });
  });

  describe('Live_streaming/roomRanking', () => {
    it('ranks the givers of the room by diamonds spent, with my own place', async () => {
      const { db } = server.database;
      const top = await db
        .selectFrom('gift_records')
        .select(['sender_id', (eb) => eb.fn.sum<number>('total').as('amount')])
        .where('room_id', '=', anchor.roomId)
        .where('total', '>', 0)
        .groupBy('sender_id')
        .execute();
      const answer = await server.call<Schemas['LiveRoomRanking']>('GET', '/api/Live_streaming/roomRanking', { room_id: anchor.roomId, period: 'total' });
      expect(answer.code).toBe(0);
      expect(schemaErrors('LiveRoomRanking', answer.data)).toEqual([]);
      expect(answer.data.list.length).toBe(Math.min(100, top.length));
      const amounts = answer.data.list.map((entry) => entry.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(answer.data.list.map((entry) => entry.rank)).toEqual(answer.data.list.map((_, i) => i + 1));
      expect(answer.data.mine).toBeUndefined();
      const giver = answer.data.list[0];
      if (giver) {
        const row = await db.selectFrom('users').select('mobile').where('id', '=', giver.user.id).executeTakeFirstOrThrow();
        const token = await logIn(server, row);
        const mine = await server.call<Schemas['LiveRoomRanking']>(
          'GET',
          '/api/Live_streaming/roomRanking',
          { room_id: anchor.roomId, period: 'total' },
          { token },
        );
        expect(mine.data.mine).toEqual(giver);
      }
      expect(await server.call('GET', '/api/Live_streaming/roomRanking', { room_id: missingRoom })).toMatchObject({ code: 1 });
      expect((await server.call('GET', '/api/Live_streaming/roomRanking', { room_id: anchor.roomId, period: 'year' })).code).toBe(1);
    });
  });

  describe('reminders', () => {
    it("lists an anchor's schedules not yet over, soonest first, or code 1 for a user with no room", async () => {
      const answer = await server.call<Schemas['LiveReservationPage']>('GET', '/api/Live_streaming/getReserveLiveList', { uid: anchor.id }, { token: viewer.token });
      expect(answer.code).toBe(0);
      expect(schemaErrors('LiveReservationPage', answer.data)).toEqual([]);
      expect(answer.data.list.length).toBeGreaterThan(0);
      const starts = answer.data.list.map((schedule) => schedule.start_time);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(answer.data.list.every((schedule) => schedule.room_id === anchor.roomId && schedule.status !== 'over')).toBe(true);
      expect(await server.call('GET', '/api/Live_streaming/getReserveLiveList', { uid: viewer.id })).toMatchObject({
        code: 1,
        msg: liveRoomMessages.anchorNotFound,
      });
    });

    it("reserves an anchor's schedule, shows it in my list with its count, cancels it, and repeating changes nothing", async () => {
      const user = await newUser();
      const schedules = await server.call<Schemas['LiveReservationPage']>('GET', '/api/Live_streaming/getReserveLiveList', { uid: anchor.id }, { token: user.token });
      const schedule = schedules.data.list.find((item) => item.status === 'not_started')!;
      expect(schedule.is_reserve).toBe(0);
      const reserve = (is_reserve: 0 | 1) =>
        server.call<Schemas['LiveReserveState']>('POST', '/api/live/reserveMatch2', { reserve_id: schedule.id, is_reserve }, { token: user.token });

      expect(await reserve(1)).toMatchObject({ code: 0, data: { is_reserve: 1, reserve_count: schedule.reserve_count + 1 } });
      expect(await reserve(1)).toMatchObject({ code: 0, data: { is_reserve: 1, reserve_count: schedule.reserve_count + 1 } });
      const mine = await server.call<Schemas['LiveUserReservationPage']>('GET', '/api/Live_streaming/getUserReserveLiveList', {}, { token: user.token });
      expect(mine.code).toBe(0);
      expect(schemaErrors('LiveUserReservationPage', mine.data)).toEqual([]);
      expect(mine.data.list).toHaveLength(1);
      expect(mine.data.list[0]).toMatchObject({ kind: 'broadcast', broadcast: { id: schedule.id, is_reserve: 1 } });
      const room = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: anchor.roomId }, { token: user.token });
      expect(room.data.room.is_reserve).toBe(1);

      expect(await reserve(0)).toMatchObject({ code: 0, data: { is_reserve: 0, reserve_count: schedule.reserve_count } });
      expect(await reserve(0)).toMatchObject({ code: 0, data: { is_reserve: 0, reserve_count: schedule.reserve_count } });
      expect((await server.call<Schemas['LiveUserReservationPage']>('GET', '/api/Live_streaming/getUserReserveLiveList', {}, { token: user.token })).data.total).toBe(0);
    });

    it('reserves a match, lists it beside the broadcasts soonest first, and cancels it', async () => {
      const user = await newUser();
      const { db } = server.database;
      const match = await db
        .selectFrom('matches')
        .select('id')
        .where('status', '=', 'not_started')
        .where('start_time', '>', server.app.serverContext.clock.now())
        .orderBy('start_time')
        .executeTakeFirstOrThrow();
      const reserve = (is_reserve: 0 | 1) =>
        server.call<Schemas['LiveReserveState']>('POST', '/api/live/reserveMatch', { match_id: match.id, is_reserve }, { token: user.token });
      const set = await reserve(1);
      expect(set).toMatchObject({ code: 0, data: { is_reserve: 1 } });
      const mine = await server.call<Schemas['LiveUserReservationPage']>('GET', '/api/Live_streaming/getUserReserveLiveList', {}, { token: user.token });
      expect(mine.data.list.map((item) => [item.kind, item.match?.id])).toEqual([['match', match.id]]);
      expect(await reserve(0)).toMatchObject({ code: 0, data: { is_reserve: 0, reserve_count: set.data.reserve_count - 1 } });

      const seeded = await server.call<Schemas['LiveUserReservationPage']>('GET', '/api/Live_streaming/getUserReserveLiveList', {}, { token: viewer.token });
      expect(seeded.data.total).toBeGreaterThan(1);
      const times = seeded.data.list.map((item) => (item.kind === 'match' ? item.match!.match_time : item.broadcast!.start_time));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('refuses a guest, a match or schedule that does not exist, a finished match and bad input, and writes nothing', async () => {
      const user = await newUser();
      const { db } = server.database;
      const over = await db.selectFrom('matches').select('id').where('status', '=', 'over').executeTakeFirstOrThrow();
      const before = await reservationCount();
      expect(await server.call('GET', '/api/Live_streaming/getUserReserveLiveList')).toMatchObject({ code: 700, data: null });
      expect(await server.call('POST', '/api/live/reserveMatch', { match_id: over.id, is_reserve: 1 })).toMatchObject({ code: 700 });
      expect(await server.call('POST', '/api/live/reserveMatch2', { reserve_id: 1, is_reserve: 1 })).toMatchObject({ code: 700 });
      const as = { token: user.token };
      expect(await server.call('POST', '/api/live/reserveMatch', { match_id: missingRoom, is_reserve: 1 }, as)).toMatchObject({
        code: 1,
        msg: reservationMessages.matchNotFound,
      });
      expect(await server.call('POST', '/api/live/reserveMatch', { match_id: over.id, is_reserve: 1 }, as)).toMatchObject({
        code: 1,
        msg: reservationMessages.matchOver,
      });
      expect(await server.call('POST', '/api/live/reserveMatch2', { reserve_id: missingRoom, is_reserve: 1 }, as)).toMatchObject({
        code: 1,
        msg: reservationMessages.scheduleNotFound,
      });
      expect((await server.call('POST', '/api/live/reserveMatch', { match_id: over.id, is_reserve: 2 }, as)).code).toBe(1);
      expect((await server.call('POST', '/api/live/reserveMatch2', { is_reserve: 1 }, as)).code).toBe(1);
      expect(await reservationCount()).toBe(before);
    });
  });

  describe('Live_streaming/getLivePlaybackList', () => {
    it('lists recorded broadcasts newest first, all or of one anchor', async () => {
      const all = await server.call<Schemas['LivePlaybackPage']>('POST', '/api/Live_streaming/getLivePlaybackList', {});
      expect(all.code).toBe(0);
      expect(schemaErrors('LivePlaybackPage', all.data)).toEqual([]);
      expect(all.data.list.length).toBeGreaterThan(0);
      const starts = all.data.list.map((item) => item.start_time);
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
      const own = await server.call<Schemas['LivePlaybackPage']>('POST', '/api/Live_streaming/getLivePlaybackList', { uid: anchor.id, limit: 5 });
      expect(own.data.list.length).toBeGreaterThan(0);
      expect(own.data.list.every((item) => item.anchor.id === anchor.id && item.room_id === anchor.roomId && item.duration > 0)).toBe(true);
      expect(await server.call('POST', '/api/Live_streaming/getLivePlaybackList', { uid: viewer.id })).toMatchObject({
        code: 1,
        msg: liveRoomMessages.anchorNotFound,
      });
      expect((await server.call('POST', '/api/Live_streaming/getLivePlaybackList', { limit: 0 })).code).toBe(1);
    });
  });
});
