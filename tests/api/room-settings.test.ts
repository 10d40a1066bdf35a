import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { reservationMessages } from '../../server/areas/live/reservation-service.ts';
import { roomSettingsMessages } from '../../server/areas/live/room-settings-service.ts';
import { demoAnchorInRoom, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The anchor's console calls: title, announcement (≤50), cover (an uploaded png or jpg ≤5 MB),
// category and match, a scheduled broadcast, and the records of past broadcasts.

type Schemas = components['schemas'];

describe("live rooms: the anchor's own room settings", () => {
  let server: TestServer;
  let anchor: { id: number; token: string; roomId: number };
  let viewerToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    anchor = await demoAnchorInRoom(server);
    viewerToken = await logIn(server, demoLogins.viewer);
  }, 120_000);
  afterAll(() => server.close());

  const as = (token: string) => ({ token });
  const room = async () => (await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: anchor.roomId })).data.room;

  it('sets the title and the announcement, which the room then shows; 51 characters are refused', async () => {
    expect(await server.call('GET', '/api/live/setTitle', { title: '今晚德比 一起看' }, as(anchor.token))).toMatchObject({ code: 0, data: null });
    expect((await room()).title).toBe('今晚德比 一起看');

    const placard = await server.call<Schemas['LivePlacard']>('POST', '/api/Live/setPlacard', { placard: '文明观赛，禁止刷屏' }, as(anchor.token));
    expect(placard.data).toMatchObject({ room_id: anchor.roomId, placard: '文明观赛，禁止刷屏' });
    expect((await server.call<Schemas['LivePlacard']>('GET', '/api/Live/getPlacard', { room_id: anchor.roomId })).data.placard).toBe('文明观赛，禁止刷屏');
    const tooLong = await server.call('POST', '/api/Live/setPlacard', { placard: '字'.repeat(51) }, as(anchor.token));
    expect(tooLong.code).toBe(1);
    expect((await room()).placard).toBe('文明观赛，禁止刷屏');

    // A viewer has no room to set.
    expect((await server.call('GET', '/api/live/setTitle', { title: '我的房间' }, as(viewerToken))).code).not.toBe(0);
  });

  it('takes as cover only a png or jpg the anchor uploaded, of up to 5 MB', async () => {
    const { db } = server.database;
    const upload = async (content_type: string, bytes: number) => {
      const path = `/uploads/${randomBytes(8).toString('hex')}.png`;
      await db
        .insertInto('uploads')
        .values({ owner_id: anchor.id, path, purpose: 'cover', content_type, bytes, sha256: randomBytes(32).toString('hex'), token_nonce: randomBytes(8).toString('hex') })
        .execute();
      return path;
    };
    // An HTML file named .png never gets this far: the upload judges the content (uploads.test.ts). A GIF does.
    const gif = await upload('image/gif', 2_000);
    const refusedGif = await server.call('GET', '/api/live/updateLive', { cover: gif }, as(anchor.token));
    expect(refusedGif, refusedGif.msg).toMatchObject({ code: 1, msg: roomSettingsMessages.coverNotUploaded });
    const huge = await upload('image/png', 6 * 1024 * 1024);
    expect(await server.call('GET', '/api/live/updateLive', { cover: huge }, as(anchor.token))).toMatchObject({ code: 1, msg: roomSettingsMessages.coverNotUploaded });
    // Somebody else's upload, or a path never uploaded.
    expect((await server.call('GET', '/api/live/updateLive', { cover: '/uploads/nothing.png' }, as(anchor.token))).code).toBe(1);

    const good = await upload('image/png', 200_000);
    const updated = await server.call<Schemas['LiveRoom']>('GET', '/api/live/updateLive', { cover: good }, as(anchor.token));
    expect(updated.code).toBe(0);
    expect(updated.data.cover).toBe(good);
    expect((await room()).cover).toBe(good);
  });

  it('sets the category (and with it the type) and the match; match 0 unlinks it', async () => {
    const category = await server.database.db.selectFrom('live_categories').select(['id', 'type']).where('type', '=', 2).executeTakeFirstOrThrow();
    const set = await server.call<Schemas['LiveRoom']>('GET', '/api/live/updateLive', { category_id: category.id }, as(anchor.token));
    expect(set.data).toMatchObject({ type: 2, category: { id: category.id } });
    expect((await server.call('GET', '/api/live/updateLive', { category_id: 999_999 }, as(anchor.token))).msg).toBe(roomSettingsMessages.categoryNotFound);

    const match = await server.database.db.selectFrom('matches').select('id').where('sport', '=', 'basketball').orderBy('id').executeTakeFirstOrThrow();
    const linked = await server.call<Schemas['LiveRoom']>('GET', '/api/live/updateLive', { match_id: match.id }, as(anchor.token));
    expect(linked.data.match?.id).toBe(match.id);
    const unlinked = await server.call<Schemas['LiveRoom']>('GET', '/api/live/updateLive', { match_id: 0 }, as(anchor.token));
    expect(unlinked.data.match).toBeUndefined();
  });

  it('schedules a broadcast of a match to come, which viewers then see; a time passed is refused', async () => {
    const now = Date.parse(server.app.serverContext.clock.now().toISOString());
    const match = await server.database.db
      .selectFrom('matches')
      .select('id')
      .where('status', '=', 'not_started')
      .orderBy('start_time')
      .executeTakeFirstOrThrow();
    const start = Math.floor(now / 1000) + 3600;
    const made = await server.call<Schemas['LiveReservation']>('POST', '/api/Live/setReserveLiveNew', { match_id: match.id, start_time: start }, as(anchor.token));
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ room_id: anchor.roomId, start_time: start, status: 'not_started' });
    expect(made.data.title).toContain(' vs ');
    const listed = await server.call<Schemas['LiveReservationPage']>('GET', '/api/Live_streaming/getReserveLiveList', { uid: anchor.id });
    expect(listed.data.list.map((entry) => entry.id)).toContain(made.data.id);

    const past = await server.call('POST', '/api/Live/setReserveLiveNew', { match_id: match.id, start_time: start - 7200 }, as(anchor.token));
    expect(past).toMatchObject({ code: 1, msg: reservationMessages.startPassed });
  });

  it('lists the broadcasts that ended, newest first, with duration, peak and income', async () => {
    const records = await server.call<Schemas['LiveRecordPage']>('POST', '/api/Live/setLiveList', { page: 1, limit: 5 }, as(anchor.token));
    expect(records.code).toBe(0);
    const stored = await server.database.db
      .selectFrom('live_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('room_id', '=', anchor.roomId)
      .where('ended_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(records.data.total).toBe(Number(stored.n));
    const starts = records.data.list.map((record) => record.start_time);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    for (const record of records.data.list) expect(record.duration).toBe(record.end_time - record.start_time);
  });
});
