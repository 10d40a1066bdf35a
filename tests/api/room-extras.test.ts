import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { announceKickoff } from '../../server/areas/live/live-alerts.ts';
import type { components } from '../../src/api/schema.d.ts';
import { reservationMessages } from '../../server/areas/live/reservation-service.ts';
import { createLoggedInUser, demoAnchorInRoom, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Around the player: the anchor deletes a schedule, and a recorded broadcast plays
// as video on demand from the URL the playback list gives.

type Schemas = components['schemas'];

const missing = 2_000_000_000;

describe('around the player', () => {
  let server: TestServer;
  let viewerToken: string;
  let anchor: { id: number; token: string; roomId: number };

  beforeAll(async () => {
    server = await startTestServer();
    anchor = await demoAnchorInRoom(server);
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

  describe('live alerts over the site socket', () => {
    /** A site socket registered as the token's user, collecting the alerts it gets. */
    async function alertsOf(token: string | null) {
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`);
      const alerts: Array<Record<string, unknown>> = [];
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as Record<string, unknown>;
          if (frame.type === 'registered') resolve();
          if (frame.type === 'live_alert') alerts.push(frame);
        });
        socket.once('open', () => socket.send(JSON.stringify(token ? { type: 'register', info: 'web', token } : { type: 'register', info: 'web' })));
      });
      return { alerts, close: () => socket.close() };
    }

    it("tells an anchor's followers, and only them, when the room goes on air", async () => {
      const { db } = server.database;
      const room = await db.selectFrom('live_rooms').select(['id', 'anchor_id', 'title']).where('status', '!=', 'in_progress').orderBy('id').executeTakeFirstOrThrow();
      const fan = await createLoggedInUser(server, { mobile: '86-19980000001', nickname: '粉丝一号', invitePrefix: 'ALRT' });
      const other = await createLoggedInUser(server, { mobile: '86-19980000002', nickname: '路人一号', invitePrefix: 'ALRT' });
      expect(await server.call('POST', '/api/Member/attention', { uid: room.anchor_id, type: 1 }, { token: fan.token })).toMatchObject({ code: 0 });
      const [fanSocket, otherSocket, guestSocket] = await Promise.all([alertsOf(fan.token), alertsOf(other.token), alertsOf(null)]);
      try {
        const air = (on: boolean) => fetch(`${server.baseUrl}/dev/live/air`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room_id: room.id, on }) });
        expect(await (await air(true)).json()).toMatchObject({ code: 0, data: { changed: true } });
        await expect.poll(() => fanSocket.alerts.length).toBe(1);
        expect(fanSocket.alerts[0]).toMatchObject({ code: 310, type: 'live_alert', kind: 'anchor_live', room_id: room.id, anchor: { id: room.anchor_id }, title: room.title });
        const info = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: room.id });
        expect(info.data.room.status).toBe('in_progress');
        expect((await fetch(`${server.baseUrl}/hls/${room.id}/master.m3u8`)).status).toBe(200);
        // Again: nothing changes, nobody is told twice.
        expect(await (await air(true)).json()).toMatchObject({ code: 0, data: { changed: false } });
        expect(await (await air(false)).json()).toMatchObject({ code: 0, data: { changed: true } });
        const off = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: room.id });
        expect(off.data.room.status).toBe('over');
        // The broadcast just ended is the anchor's newest playback, and it plays.
        const past = await server.call<Schemas['LivePlaybackPage']>('POST', '/api/Live_streaming/getLivePlaybackList', { uid: room.anchor_id, limit: 1 });
        expect((await fetch(new URL(past.data.list[0]!.video, server.baseUrl))).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(fanSocket.alerts).toHaveLength(1);
        expect(otherSocket.alerts).toEqual([]);
        expect(guestSocket.alerts).toEqual([]);
        expect((await fetch(`${server.baseUrl}/dev/live/air`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room_id: 0, on: true }) })).status).toBe(400);
      } finally {
        fanSocket.close();
        otherSocket.close();
        guestSocket.close();
      }
    });

    it('tells the users who reserved a match when it kicks off', async () => {
      const { db } = server.database;
      const match = await db
        .selectFrom('matches')
        .select('id')
        .where('status', '=', 'not_started')
        .where('start_time', '>', server.app.serverContext.clock.now())
        .orderBy('start_time')
        .executeTakeFirstOrThrow();
      const fan = await createLoggedInUser(server, { mobile: '86-19980000003', nickname: '预约一号', invitePrefix: 'ALRT' });
      const other = await createLoggedInUser(server, { mobile: '86-19980000004', nickname: '路人二号', invitePrefix: 'ALRT' });
      expect(await server.call('POST', '/api/live/reserveMatch', { match_id: match.id, is_reserve: 1 }, { token: fan.token })).toMatchObject({ code: 0 });
      const [fanSocket, otherSocket] = await Promise.all([alertsOf(fan.token), alertsOf(other.token)]);
      try {
        expect(await announceKickoff(server.app.serverContext, match.id)).toBeGreaterThanOrEqual(1);
        await expect.poll(() => fanSocket.alerts.length).toBe(1);
        expect(fanSocket.alerts[0]).toMatchObject({ code: 310, type: 'live_alert', kind: 'match_kickoff', match: { id: match.id } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(otherSocket.alerts).toEqual([]);
      } finally {
        fanSocket.close();
        otherSocket.close();
      }
    });
  });
});
