import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kickOut } from '../../server/areas/live/kickout-service.ts';
import { hornMessages } from '../../server/areas/social/horn-service.ts';
import { createLoggedInUser, demoLogins, openWallet } from './demo-session.ts';
import { messagingSigFor } from './messaging-login.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A kick shuts the room for its time, a mute covers horns, and a red-envelope card exists only as the server makes it.
describe('moderation holds', () => {
  let server: TestServer;
  let viewer: { id: number; token: string };
  let roomId: number;
  let anchorId: number;

  beforeAll(async () => {
    server = await startTestServer();
    viewer = await createLoggedInUser(server, { mobile: '86-19611110001', nickname: '捣乱者', invitePrefix: 'MH' });
    const room = await server.database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select(['live_rooms.id', 'live_rooms.anchor_id'])
      .where('users.mobile', '=', demoLogins.anchor.mobile)
      .executeTakeFirstOrThrow();
    roomId = Number(room.id);
    anchorId = Number(room.anchor_id);
  });
  afterAll(() => server.close());

  async function imAs(userId: number) {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const frames: Array<{ id?: number; type: string; msg?: string; reason?: string; [key: string]: unknown }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    let next = 1;
    const ask = async (frame: Record<string, unknown>) => {
      const id = next++;
      socket.send(JSON.stringify({ id, ...frame }));
      await expect.poll(() => frames.find((candidate) => candidate.id === id), { timeout: 5_000 }).toBeDefined();
      return frames.find((candidate) => candidate.id === id)!;
    };
    expect(await ask({ type: 'login', userID: String(userId), userSig: await messagingSigFor(server.app.serverContext, String(userId)), lang: 'en' })).toMatchObject({ type: 'ok' });
    return { socket, ask, frames };
  }

  const roomLine = (text: string, clientMsgID: string) => ({
    type: 'send',
    conversationID: `GROUPlive${String(roomId)}`,
    clientMsgID,
    messageType: 'TIMTextElem',
    payload: { text },
  });
  const heard = (frames: ReadonlyArray<Record<string, unknown>>, text: string) =>
    frames.some((frame) => frame.type === 'message' && JSON.stringify(frame).includes(text));

  it("takes a kicked user's socket already in the room chat out of it: no more lines, no history", async () => {
    const watcher = await createLoggedInUser(server, { mobile: '86-19611110004', nickname: '旁观者', invitePrefix: 'MH' });
    const watching = await imAs(watcher.id);
    const anchor = await imAs(anchorId);
    expect(await watching.ask({ type: 'join_group', groupID: `live${String(roomId)}` })).toMatchObject({ type: 'group_joined' });
    expect(await anchor.ask({ type: 'join_group', groupID: `live${String(roomId)}` })).toMatchObject({ type: 'group_joined' });
    expect(await anchor.ask(roomLine('踢人之前', 'before-kick'))).toMatchObject({ type: 'sent' });
    await expect.poll(() => heard(watching.frames, '踢人之前'), { timeout: 5_000 }).toBe(true);

    await kickOut(server.app.serverContext, { roomId, userId: watcher.id, byUserId: anchorId, durationSeconds: 600 });
    expect(await watching.ask({ type: 'history', conversationID: `GROUPlive${String(roomId)}`, count: 15 })).toMatchObject({ type: 'error', reason: 'not_member' });
    expect(await anchor.ask(roomLine('踢人之后', 'after-kick'))).toMatchObject({ type: 'sent' });
    // The anchor's own socket hears the line, so a kicked socket still in the group would have heard it by now.
    await expect.poll(() => heard(anchor.frames, '踢人之后'), { timeout: 5_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard(watching.frames, '踢人之后')).toBe(false);
    expect(await watching.ask({ type: 'join_group', groupID: `live${String(roomId)}` })).toMatchObject({ type: 'error', reason: 'kicked' });
    watching.socket.close();
    anchor.socket.close();
  });

  it('keeps a kicked user out of the room info and the room chat for the kick', async () => {
    const before = await server.call('GET', '/api/Live_streaming/getRoomInfo', { room_id: roomId }, { token: viewer.token });
    expect(before.code).toBe(0);
    await kickOut(server.app.serverContext, { roomId, userId: viewer.id, byUserId: anchorId, durationSeconds: 600 });
    expect(await server.call('GET', '/api/Live_streaming/getRoomInfo', { room_id: roomId }, { token: viewer.token })).toMatchObject({
      code: 1,
      msg: 'You were kicked out of this room',
      data: null,
    });
    const im = await imAs(viewer.id);
    expect(await im.ask({ type: 'join_group', groupID: `live${roomId}` })).toMatchObject({ type: 'error', reason: 'kicked' });
    im.socket.close();
  });

  it('refuses a horn from a user muted in a room, charging nothing', async () => {
    const muted = await createLoggedInUser(server, { mobile: '86-19611110002', nickname: '被禁言', invitePrefix: 'MH' });
    await openWallet(server, muted.id, 'consumer', 100);
    await server.database.db.insertInto('room_mutes').values({ room_id: roomId, user_id: muted.id, by_user_id: anchorId, until: null }).execute();
    expect(await server.call('GET', '/api/Member/sneHorn', { content: '全站喊话' }, { token: muted.token, 'idempotency-key': 'muted-horn-1' })).toMatchObject({
      code: 1,
      msg: hornMessages.muted,
    });
    const horns = await server.database.db.selectFrom('horns').select('id').where('user_id', '=', muted.id).execute();
    expect(horns).toHaveLength(0);
  });

  it('refuses a custom card dressed as a red envelope', async () => {
    const sender = await createLoggedInUser(server, { mobile: '86-19611110003', nickname: '假红包', invitePrefix: 'MH' });
    const im = await imAs(sender.id);
    const card = { title: '恭喜发财', imageUrl: '/emoji/red-envelope.svg', id: 1, type: 'red_envelope', price: 88888 };
    for (const payload of [
      { data: JSON.stringify(card), description: '恭喜发财', extension: 'red_envelope' },
      { data: JSON.stringify(card), description: '恭喜发财', extension: '' },
      { data: JSON.stringify({ nested: { Type: 'RED_ENVELOPE' } }), description: '', extension: '' },
    ]) {
      const answer = await im.ask({ type: 'send', conversationID: `C2C${anchorId}`, clientMsgID: `card-${String(payload.data.length)}-${String(payload.extension.length)}`, messageType: 'TIMCustomElem', payload });
      expect(answer).toMatchObject({ type: 'error', msg: 'A red envelope is sent with Redenvelope/insert, not as a card' });
    }
    const other = await im.ask({ type: 'send', conversationID: `C2C${anchorId}`, clientMsgID: 'card-ok', messageType: 'TIMCustomElem', payload: { data: JSON.stringify({ type: 'match', id: 3 }), description: '', extension: '' } });
    expect(other.type).toBe('sent');
    im.socket.close();
  });
});
