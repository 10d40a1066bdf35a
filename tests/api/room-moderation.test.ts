import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { roomChatMessages, roomChatSpeech, roomOfGroup, SendRate, SlowMode, hasLink } from '../../server/areas/live/room-chat-service.ts';
import { maxRoomManagers, moderationMessages } from '../../server/areas/live/room-moderation-service.ts';
import { createLoggedInUser, demoAnchorInRoom, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Moderation of a live room: managers (at most 200, appointed by the anchor only),
// mute and unmute, kick-out, and the chat's rules (slow mode, followers only, no links) enforced on viewers.

type Schemas = components['schemas'];

describe('live rooms: managers, mutes, kick-outs and chat rules', () => {
  let server: TestServer;
  let anchor: { id: number; token: string; roomId: number };
  let viewer: { id: number; token: string };
  let manager: { id: number; token: string };
  let stranger: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    anchor = await demoAnchorInRoom(server);
    const viewerRow = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    viewer = { id: viewerRow.id, token: await logIn(server, demoLogins.viewer) };
    manager = await createLoggedInUser(server, { mobile: '86-13900000201', nickname: '房管小王', invitePrefix: 'MG' });
    stranger = await createLoggedInUser(server, { mobile: '86-13900000202', nickname: '路人', invitePrefix: 'ST' });
    await db.deleteFrom('room_managers').where('room_id', '=', anchor.roomId).execute();
  }, 120_000);
  afterAll(() => server.close());

  const as = (token: string) => ({ token });

  it('lets the anchor appoint, list and remove managers; a manager cannot appoint; viewers see the assistants', async () => {
    const appointed = await server.call<Schemas['LiveRoomManager']>('POST', '/api/RoomManage/setAdministrations', { uid: manager.id }, as(anchor.token));
    expect(appointed.code).toBe(0);
    expect(appointed.data.user).toMatchObject({ id: manager.id, user_nickname: '房管小王' });

    const again = await server.call('POST', '/api/RoomManage/setAdministrations', { uid: manager.id }, as(anchor.token));
    expect(again).toMatchObject({ code: 1, msg: moderationMessages.alreadyManager });
    // A manager is no anchor: appointing is the anchor's alone (x-role anchor).
    const byManager = await server.call('POST', '/api/RoomManage/setAdministrations', { uid: stranger.id }, as(manager.token));
    expect(byManager.code).not.toBe(0);

    const list = await server.call<Schemas['LiveRoomManagerList']>('POST', '/api/RoomManage/getLiveRoomManageList', {}, as(anchor.token));
    expect(list.data).toMatchObject({ total: 1, max: maxRoomManagers });
    expect(list.data.list.map((entry) => entry.user.id)).toEqual([manager.id]);
    const assistants = await server.call<Schemas['LiveRoomManager'][]>('POST', '/api/live/assistantList', { room_id: anchor.roomId });
    expect(assistants.data.map((entry) => entry.user.id)).toEqual([manager.id]);

    const status = await server.call<Schemas['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, as(manager.token));
    expect(status.data.is_manager).toBe(1);
  });

  it('refuses the 201st manager, counting under the room lock', async () => {
    const { db } = server.database;
    const extra = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'not in', [anchor.id, manager.id, viewer.id, stranger.id])
      .orderBy('id')
      .limit(maxRoomManagers + 1)
      .execute();
    // The seeded world may have fewer users than the cap: make the rest.
    const ids = extra.map((user) => user.id);
    for (let index = ids.length; index < maxRoomManagers; index += 1) {
      const made = await createLoggedInUser(server, { mobile: `86-1390001${String(index).padStart(4, '0')}`, nickname: `房管${String(index)}`, invitePrefix: 'CAP' });
      ids.push(made.id);
    }
    await db
      .insertInto('room_managers')
      .values(ids.slice(0, maxRoomManagers - 1).map((id) => ({ room_id: anchor.roomId, user_id: id, appointed_by: anchor.id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const count = async () =>
      Number((await db.selectFrom('room_managers').select((eb) => eb.fn.countAll<string>().as('n')).where('room_id', '=', anchor.roomId).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(maxRoomManagers);

    const over = await server.call('POST', '/api/RoomManage/setAdministrations', { uid: stranger.id }, as(anchor.token));
    expect(over).toMatchObject({ code: 1, msg: `A room has at most ${String(maxRoomManagers)} managers` });
    const overZh = await server.call('POST', '/api/RoomManage/setAdministrations', { uid: stranger.id }, { ...as(anchor.token), lang: 'zh-cn' });
    expect(overZh.msg).toBe(`一个房间最多 ${String(maxRoomManagers)} 位房管`);
    expect(await count()).toBe(maxRoomManagers);

    await db.deleteFrom('room_managers').where('room_id', '=', anchor.roomId).where('user_id', '!=', manager.id).execute();
  });

  it('lets a manager mute and unmute a viewer, and refuses to mute the anchor, a manager, or as a viewer', async () => {
    const muted = await server.call<Schemas['LiveTaboo']>('POST', '/api/Live/setTaboo', { room_id: anchor.roomId, uid: viewer.id, duration: 600, reason: '刷屏' }, as(manager.token));
    expect(muted.code).toBe(0);
    expect(muted.data).toMatchObject({ room_id: anchor.roomId, uid: viewer.id });
    const status = await server.call<Schemas['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, as(viewer.token));
    expect(status.data.is_taboo).toBe(1);
    expect(status.data.taboo_until).toBe(muted.data.until);

    expect(await server.call('POST', '/api/Live/setTaboo', { room_id: anchor.roomId, uid: anchor.id, duration: 600 }, as(manager.token))).toMatchObject({
      code: 1,
      msg: moderationMessages.staffExempt,
    });
    // A viewer who manages no room is stopped at the door (x-role manager).
    expect((await server.call('POST', '/api/Live/setTaboo', { room_id: anchor.roomId, uid: stranger.id, duration: 600 }, as(viewer.token))).code).not.toBe(0);
    expect((await server.call('POST', '/api/Live/setTaboo', { room_id: anchor.roomId, uid: stranger.id, duration: 59 }, as(anchor.token))).code).not.toBe(0);

    const lifted = await server.call('POST', '/api/RoomManage/relieveTaboo', { room_id: anchor.roomId, uid: viewer.id }, as(anchor.token));
    expect(lifted).toMatchObject({ code: 0, data: null });
    expect(await server.call('POST', '/api/RoomManage/relieveTaboo', { room_id: anchor.roomId, uid: viewer.id }, as(anchor.token))).toMatchObject({
      code: 1,
      msg: moderationMessages.notMuted,
    });
  });

  it('lets a manager kick a viewer out for a while, and lists it for the viewer', async () => {
    const kicked = await server.call<Schemas['LiveKickout']>('POST', '/api/live/liveKickout', { room_id: anchor.roomId, uid: stranger.id, duration: 120, reason: '广告' }, as(manager.token));
    expect(kicked.code).toBe(0);
    expect(kicked.data).toMatchObject({ room_id: anchor.roomId, uid: stranger.id, reason: '广告' });
    const list = await server.call<Schemas['LiveKickout'][]>('POST', '/api/live/liveKickoutList', {}, as(stranger.token));
    expect(list.data.map((entry) => entry.room_id)).toContain(anchor.roomId);
    expect(await server.call('POST', '/api/live/liveKickout', { room_id: anchor.roomId, uid: manager.id }, as(anchor.token))).toMatchObject({
      code: 1,
      msg: moderationMessages.staffExempt,
    });
  });

  it("sets the chat's rules as a manager, shows them in the room's answer, and enforces them on viewers only", async () => {
    const set = await server.call<Schemas['LiveChatRules']>('POST', '/api/live/setChatRules', { room_id: anchor.roomId, slow_seconds: 5, followers_only: 1, block_links: 1 }, as(manager.token));
    expect(set).toMatchObject({ code: 0, data: { slow_seconds: 5, followers_only: 1, block_links: 1 } });
    expect((await server.call('POST', '/api/live/setChatRules', { room_id: anchor.roomId, slow_seconds: 4 }, as(manager.token))).code).not.toBe(0);
    expect((await server.call('POST', '/api/live/setChatRules', { room_id: anchor.roomId, slow_seconds: 0 }, as(viewer.token))).code).not.toBe(0);
    // A manager of another room gets in, and is refused by the room's own check.
    const otherRoom = await server.database.db.selectFrom('live_rooms').select('id').where('id', '!=', anchor.roomId).orderBy('id').executeTakeFirstOrThrow();
    expect((await server.call('POST', '/api/live/setChatRules', { room_id: otherRoom.id, slow_seconds: 3 }, as(manager.token))).msg).toBe(moderationMessages.notManager);
    const info = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: anchor.roomId });
    expect(info.data.chat_rules).toEqual({ slow_seconds: 5, followers_only: 1, block_links: 1 });

    const context = server.app.serverContext;
    const room = (await roomOfGroup(context, anchor.roomId))!;
    const limits = { rate: new SendRate(), slowMode: new SlowMode() };
    const { db } = server.database;
    await db.deleteFrom('follows').where('user_id', '=', stranger.id).where('target_id', '=', anchor.id).execute();
    await db.deleteFrom('live_kickouts').where('user_id', '=', stranger.id).execute();
    expect(await roomChatSpeech(context, room, stranger.id, '你好', limits)).toMatchObject({ reason: 'followers_only', msg: roomChatMessages.followersOnly });
    await db.insertInto('follows').values({ user_id: stranger.id, target_id: anchor.id }).execute();
    expect(await roomChatSpeech(context, room, stranger.id, '看 www.example.com', limits)).toMatchObject({ reason: 'link_blocked' });
    expect(await roomChatSpeech(context, room, stranger.id, '第一句', limits)).toEqual({});
    expect(await roomChatSpeech(context, room, stranger.id, '第二句', limits)).toMatchObject({ reason: 'slow_mode', params: { seconds: 5 } });
    // The anchor and the managers are exempt from every rule.
    expect(await roomChatSpeech(context, room, manager.id, 'https://pitchside.example/1', limits)).toEqual({ badge: 'manager' });
    expect(await roomChatSpeech(context, room, manager.id, '再来一句', limits)).toEqual({ badge: 'manager' });
    expect(await roomChatSpeech(context, room, anchor.id, '主播说', limits)).toEqual({ badge: 'anchor' });

    const off = await server.call<Schemas['LiveChatRules']>('POST', '/api/live/setChatRules', { room_id: anchor.roomId, slow_seconds: 0, followers_only: 0, block_links: 0 }, as(anchor.token));
    expect(off.data).toEqual({ slow_seconds: 0, followers_only: 0, block_links: 0 });
  });

  it('tells links from text', () => {
    for (const text of ['https://a.example', 'www.example', 'see example.com now', 'ＷＷＷ．example．com', 'bit.ly/x']) expect(hasLink(text), text).toBe(true);
    for (const text of ['3.5 球', '比分 2.1', '进球了！', 'well played']) expect(hasLink(text), text).toBe(false);
  });

  it('removes a manager, who then moderates nothing', async () => {
    expect(await server.call('POST', '/api/RoomManage/delLiveRoomManage', { uid: manager.id }, as(anchor.token))).toMatchObject({ code: 0, data: null });
    expect(await server.call('POST', '/api/RoomManage/delLiveRoomManage', { uid: manager.id }, as(anchor.token))).toMatchObject({
      code: 1,
      msg: moderationMessages.notAManager,
    });
    expect((await server.call('POST', '/api/Live/setTaboo', { room_id: anchor.roomId, uid: viewer.id, duration: 600 }, as(manager.token))).code).not.toBe(0);
    expect((await server.call<Schemas['LiveViewerStatus']>('POST', '/api/Live/getUserStatus', { room_id: anchor.roomId }, as(manager.token))).data.is_manager).toBe(0);
  });
});
