import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { fanGroupMessages } from '../../server/areas/live/fan-group-service.ts';
import { liveRoomMessages } from '../../server/areas/live/room-info-service.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The fan groups a room shows (room chat): live/getLiveGroupList for viewers, live/groupList and
// live/addshowGroup for the anchor who owns them; and the kicked-out flag of Live/getUserStatus.

type FanGroup = components['schemas']['LiveFanGroup'];

describe('live rooms: fan groups and the viewer in the chat', () => {
  let server: TestServer;
  let anchor: { id: number; token: string; roomId: number };
  let viewer: { id: number; token: string };
  let otherAnchorToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    // An anchor with at least two fan groups is made here: the seed gives most anchors one or none.
    const row = await db
      .selectFrom('users')
      .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
      .select(['users.id', 'live_rooms.id as room_id', 'users.avatar'])
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    anchor = { id: row.id, roomId: row.room_id, token: await logIn(server, demoLogins.anchor) };
    const viewerRow = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    viewer = { id: viewerRow.id, token: await logIn(server, demoLogins.viewer) };
    otherAnchorToken = await logIn(server, demoLogins.admin);
    await db.updateTable('chat_groups').set({ is_shown: false }).where('owner_id', '=', anchor.id).execute();
    const made = await db
      .insertInto('chat_groups')
      .values([
        { kind: 'fan', owner_id: anchor.id, room_id: anchor.roomId, name: '铁杆粉丝团', avatar: row.avatar, is_shown: true },
        { kind: 'fan', owner_id: anchor.id, room_id: anchor.roomId, name: '新人粉丝团', avatar: row.avatar, is_shown: false },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('chat_group_members')
      .values([
        { group_id: made[0]!.id, user_id: anchor.id, role: 'owner' },
        { group_id: made[0]!.id, user_id: viewer.id },
        { group_id: made[1]!.id, user_id: anchor.id, role: 'owner' },
      ])
      .execute();
  }, 120_000);
  afterAll(() => server.close());

  const token = (value: string) => ({ token: value });

  it('live/getLiveGroupList answers the shown fan groups, with is_joined for the viewer and 0 for guests', async () => {
    const asViewer = await server.call<FanGroup[]>('POST', '/api/live/getLiveGroupList', { room_id: anchor.roomId }, token(viewer.token));
    expect(asViewer.code).toBe(0);
    expect(asViewer.data.map((group) => [group.name, group.is_show, group.is_joined, group.member_count])).toEqual([['铁杆粉丝团', 1, 1, 2]]);
    const asGuest = await server.call<FanGroup[]>('POST', '/api/live/getLiveGroupList', { room_id: anchor.roomId });
    expect(asGuest.data.map((group) => group.is_joined)).toEqual([0]);
  });

  it('live/groupList answers all the anchor\'s fan groups; live/addshowGroup shows and hides one', async () => {
    const own = await server.call<FanGroup[]>('POST', '/api/live/groupList', {}, token(anchor.token));
    expect(own.code).toBe(0);
    const hidden = own.data.find((group) => group.name === '新人粉丝团')!;
    expect(hidden).toMatchObject({ is_show: 0, is_joined: 1, member_count: 1 });

    const shown = await server.call<FanGroup>('POST', '/api/live/addshowGroup', { group_id: hidden.id, is_show: 1 }, token(anchor.token));
    expect(shown).toMatchObject({ code: 0, data: { id: hidden.id, is_show: 1 } });
    const list = await server.call<FanGroup[]>('POST', '/api/live/getLiveGroupList', { room_id: anchor.roomId });
    expect(list.data.map((group) => group.name).sort()).toEqual(['新人粉丝团', '铁杆粉丝团'].sort());

    const again = await server.call<FanGroup>('POST', '/api/live/addshowGroup', { group_id: hidden.id, is_show: 0 }, token(anchor.token));
    expect(again.data.is_show).toBe(0);
  });

  it("refuses another user's group, bad input, a missing room and callers who are not the anchor; changes nothing", async () => {
    const own = await server.call<FanGroup[]>('POST', '/api/live/groupList', {}, token(anchor.token));
    const group = own.data[0]!;
    const before = await server.database.db.selectFrom('chat_groups').select('is_shown').where('id', '=', group.id).executeTakeFirstOrThrow();

    const stranger = await server.call('POST', '/api/live/addshowGroup', { group_id: group.id, is_show: before.is_shown ? 0 : 1 }, token(otherAnchorToken));
    expect(stranger.code).toBe(1);
    const asViewer = await server.call('POST', '/api/live/addshowGroup', { group_id: group.id, is_show: 1 }, token(viewer.token));
    expect(asViewer.code).toBe(1);
    const bad = await server.call('POST', '/api/live/addshowGroup', { group_id: group.id, is_show: 2 }, token(anchor.token));
    expect(bad.code).toBe(1);
    expect(bad.msg).toMatch(/is_show/);
    const guest = await server.call('POST', '/api/live/groupList', {});
    expect(guest.code).toBe(700);
    const missingGroup = await server.call('POST', '/api/live/addshowGroup', { group_id: 2_000_000_000, is_show: 1 }, token(anchor.token));
    expect(missingGroup).toMatchObject({ code: 1, msg: fanGroupMessages.notYours });
    const missingRoom = await server.call('POST', '/api/live/getLiveGroupList', { room_id: 2_000_000_000 });
    expect(missingRoom).toMatchObject({ code: 1, msg: liveRoomMessages.notFound });
    const badRoom = await server.call('POST', '/api/live/getLiveGroupList', { room_id: 'x' });
    expect(badRoom.code).toBe(1);

    const after = await server.database.db.selectFrom('chat_groups').select('is_shown').where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(after.is_shown).toBe(before.is_shown);
  });

  it('Live/getUserStatus says when the viewer is kicked out, until when; the dev kick route does it from this machine only', async () => {
    const before = await server.call<components['schemas']['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, token(viewer.token));
    expect(before.data.is_kicked).toBe(0);
    const kicked = await fetch(`${server.baseUrl}/dev/live/kick`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: anchor.roomId, uid: viewer.id, duration: 600 }),
    });
    expect(kicked.status).toBe(200);
    const after = await server.call<components['schemas']['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, token(viewer.token));
    expect(after.data.is_kicked).toBe(1);
    expect(after.data.kick_until).toBeGreaterThan(Math.floor(Date.now() / 1000) + 500);
    const list = await server.call<unknown[]>('POST', '/api/live/liveKickoutList', {}, token(viewer.token));
    expect(list.data).toEqual([expect.objectContaining({ room_id: anchor.roomId, uid: viewer.id })]);
  });
});
