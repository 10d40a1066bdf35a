import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { reservationMessages } from '../../server/areas/live/reservation-service.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Around the player (issue 11 item 6): the anchor deletes a schedule, and a recorded broadcast plays
// as video on demand from the URL the playback list gives.

type Schemas = components['schemas'];

const missing = 2_000_000_000;

describe('around the player', () => {
  let server: TestServer;
  let viewerToken: string;
  let anchor: { id: number; token: string; roomId: number };

  beforeAll(async () => {
    server = await startTestServer();
    const row = await server.database.db
      .selectFrom('users')
      .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select(['users.id', 'live_rooms.id as room_id'])
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    anchor = { id: row.id, roomId: row.room_id, token: await logIn(server, demoLogins.anchor) };
    viewerToken = await logIn(server, demoLogins.viewer);
  });
  afterAll(() => server.close());

  const scheduleCount = async () =>
    Number(
      (await server.database.db.selectFrom('live_schedules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );

  describe('live/deleteReserveLive', () => {
    it("deletes the anchor's own schedule and the viewers' reminders of it", async () => {
      const schedules = await server.call<Schemas['LiveReservationPage']>('GET', '/api/Live_streaming/getReserveLiveList', { uid: anchor.id });
      const schedule = schedules.data.list.find((item) => item.status === 'not_started')!;
      expect(
        await server.call('POST', '/api/live/reserveMatch2', { reserve_id: schedule.id, is_reserve: 1 }, { token: viewerToken }),
      ).toMatchObject({ code: 0, data: { is_reserve: 1 } });

      expect(await server.call('GET', '/api/live/deleteReserveLive', { id: schedule.id }, { token: anchor.token })).toMatchObject({ code: 0, data: null });
      const after = await server.call<Schemas['LiveReservationPage']>('GET', '/api/Live_streaming/getReserveLiveList', { uid: anchor.id });
      expect(after.data.list.map((item) => item.id)).not.toContain(schedule.id);
      const mine = await server.call<Schemas['LiveUserReservationPage']>('GET', '/api/Live_streaming/getUserReserveLiveList', {}, { token: viewerToken });
      expect(mine.data.list.map((item) => item.broadcast?.id)).not.toContain(schedule.id);
      const left = await server.database.db.selectFrom('live_reservations').select('id').where('schedule_id', '=', schedule.id).execute();
      expect(left).toEqual([]);
      // Deleting it again: it is gone.
      expect(await server.call('GET', '/api/live/deleteReserveLive', { id: schedule.id }, { token: anchor.token })).toMatchObject({
        code: 1,
        msg: reservationMessages.scheduleNotFound,
      });
    });

    it("refuses a guest, a viewer, another anchor's schedule, a missing one and bad input, and deletes nothing", async () => {
      const { db } = server.database;
      const other = await db
        .selectFrom('live_schedules')
        .innerJoin('live_rooms', 'live_rooms.id', 'live_schedules.room_id')
        .select('live_schedules.id')
        .where('live_rooms.anchor_id', '!=', anchor.id)
        .executeTakeFirstOrThrow();
      const before = await scheduleCount();
      expect(await server.call('GET', '/api/live/deleteReserveLive', { id: other.id })).toMatchObject({ code: 700, data: null });
      expect((await server.call('GET', '/api/live/deleteReserveLive', { id: other.id }, { token: viewerToken })).code).not.toBe(0);
      expect(await server.call('GET', '/api/live/deleteReserveLive', { id: other.id }, { token: anchor.token })).toMatchObject({
        code: 1,
        msg: reservationMessages.notYourSchedule,
      });
      expect(await server.call('GET', '/api/live/deleteReserveLive', { id: missing }, { token: anchor.token })).toMatchObject({
        code: 1,
        msg: reservationMessages.scheduleNotFound,
      });
      for (const id of [0, -1, 'x']) {
        expect((await server.call('GET', '/api/live/deleteReserveLive', { id }, { token: anchor.token })).code).toBe(1);
      }
      expect((await server.call('GET', '/api/live/deleteReserveLive', {}, { token: anchor.token })).code).toBe(1);
      expect(await scheduleCount()).toBe(before);
    });
  });

  describe('playback media', () => {
    it("serves every listed recording's video as a finished HLS playlist with segments", async () => {
      const page = await server.call<Schemas['LivePlaybackPage']>('POST', '/api/Live_streaming/getLivePlaybackList', { limit: 50 });
      expect(page.data.list.length).toBeGreaterThan(0);
      for (const video of new Set(page.data.list.map((item) => item.video))) {
        const master = await fetch(new URL(video, server.baseUrl));
        expect(master.status, video).toBe(200);
        const variant = /\n([a-z_]+\.m3u8)\n/.exec(await master.text())![1]!;
        const media = await (await fetch(new URL(variant, new URL(video, server.baseUrl)))).text();
        expect(media).toContain('#EXT-X-ENDLIST');
        const segment = /\n([a-z_]+\/\d+\.ts)\n/.exec(media)![1]!;
        const body = await fetch(new URL(segment, new URL(video, server.baseUrl)));
        expect(body.status).toBe(200);
        expect((await body.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
    });
  });
});
