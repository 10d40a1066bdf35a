import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { userAdminMessages } from '../../server/areas/admin/user-admin-service.ts';
import { catalogues, translate } from '../../server/i18n/server-messages.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { createLoggedInUser, demoLogins, logIn, openWallet } from './demo-session.ts';
import { messagingSigFor } from './messaging-login.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// An admin mutes a user site-wide: every place that takes the user's words refuses them, each in the
// user's language, until the mute ends or is lifted; both changes are in the audit log.

type AdminUser = components['schemas']['AdminUser'];
const contract = loadContract();
const mutedText = 'An admin has muted you on this site for {minutes} more minutes';
const said = (language: 'zh' | 'en' | 'vi', minutes: number) => translate(mutedText, language, { minutes });

describe('site-wide mute', () => {
  let server: TestServer;
  let admin: string;
  let muted: { id: number; token: string };
  let friend: { id: number; token: string };
  let roomId: number;
  let postId: number;
  let videoId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
    muted = await createLoggedInUser(server, { mobile: '86-19533330001', nickname: '刷屏者', invitePrefix: 'SM' });
    friend = await createLoggedInUser(server, { mobile: '86-19533330002', nickname: '朋友', invitePrefix: 'SM' });
    await openWallet(server, muted.id, 'consumer', 500);
    const { db } = server.database;
    const anchor = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    roomId = Number((await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchor.id).executeTakeFirstOrThrow()).id);
    const circle = await db.selectFrom('circles').select('id').orderBy('sort').executeTakeFirstOrThrow();
    postId = Number((await db.insertInto('circle_posts').values({ circle_id: Number(circle.id), user_id: friend.id, content: '今晚谁赢？' }).returning('id').executeTakeFirstOrThrow()).id);
    videoId = (await server.call<{ list: Array<{ id: number }> }>('POST', '/api/Video/getList', { limit: 1 })).data.list[0]!.id;
  });
  afterAll(() => server.close());

  const setMute = (body: Record<string, unknown>, token = admin) => server.call<AdminUser>('POST', '/api/admin/setUserMute', body, { token });

  async function imAs(userId: number, lang: string) {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const frames: Array<{ id?: number; type: string; msg?: string; reason?: string }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    let next = 1;
    const ask = async (frame: Record<string, unknown>) => {
      const id = next++;
      socket.send(JSON.stringify({ id, ...frame }));
      await expect.poll(() => frames.find((candidate) => candidate.id === id), { timeout: 5_000 }).toBeDefined();
      return frames.find((candidate) => candidate.id === id)!;
    };
    expect(await ask({ type: 'login', userID: String(userId), userSig: await messagingSigFor(server.app.serverContext, String(userId)), lang })).toMatchObject({ type: 'ok' });
    return { socket, ask };
  }

  it('says the refusal in every language', () => {
    for (const language of ['zh', 'en', 'vi'] as const) expect(catalogues[language][mutedText]).toContain('{minutes}');
    expect(said('zh', 5)).not.toBe(said('en', 5));
    expect(said('vi', 5)).not.toBe(said('en', 5));
  });

  it('is refused to everyone but an admin, and needs the minutes', async () => {
    const viewer = await logIn(server, demoLogins.viewer);
    expect((await server.call('POST', '/api/admin/setUserMute', { user_id: muted.id, muted: true, minutes: 60, reason: 'spam' })).code).not.toBe(0);
    expect((await setMute({ user_id: muted.id, muted: true, minutes: 60, reason: 'spam' }, viewer)).code).toBe(1);
    expect(await setMute({ user_id: muted.id, muted: true, reason: 'spam' })).toMatchObject({ code: 1, msg: userAdminMessages.muteNeedsMinutes });
    expect((await setMute({ user_id: muted.id, muted: true, minutes: 0, reason: 'spam' })).code).not.toBe(0);
    const row = await server.database.db.selectFrom('users').select('site_muted_until').where('id', '=', muted.id).executeTakeFirstOrThrow();
    expect(row.site_muted_until).toBeNull();
  });

  it('refuses the muted user in room chat, private chat, barrage, horns, comments and posts, in their language', async () => {
    const before = (await server.call<{ total: number }>('GET', '/api/admin/auditLog', {}, { token: admin })).data.total;
    const answer = await setMute({ user_id: muted.id, muted: true, minutes: 90, reason: '全站刷屏' });
    expect(answer.code, answer.msg).toBe(0);
    const fits = contract.answerValidatorFor(contract.byId.get('adminSetUserMute')!);
    expect(fits(answer), JSON.stringify(fits.errors)).toBe(true);
    const now = Math.floor(server.app.serverContext.clock.now().getTime() / 1000);
    expect(answer.data.muted_until).toBeGreaterThanOrEqual(now + 89 * 60);
    expect(answer.data.muted_until).toBeLessThanOrEqual(now + 90 * 60);

    // Room chat and private chat, over the messaging socket, in Chinese.
    const im = await imAs(muted.id, 'zh');
    expect(await im.ask({ type: 'join_group', groupID: `live${roomId}` })).toMatchObject({ type: 'group_joined' });
    expect(await im.ask({ type: 'send', conversationID: `GROUPlive${roomId}`, clientMsgID: 'room-1', messageType: 'TIMTextElem', payload: { text: '666' } })).toMatchObject({
      type: 'error',
      reason: 'muted',
      msg: said('zh', 90),
    });
    expect(await im.ask({ type: 'send', conversationID: `C2C${friend.id}`, clientMsgID: 'c2c-1', messageType: 'TIMTextElem', payload: { text: '在吗' } })).toMatchObject({
      type: 'error',
      reason: 'muted',
      msg: said('zh', 90),
    });
    im.socket.close();

    // Barrage and horns in Vietnamese, charging nothing.
    const vi = { token: muted.token, lang: 'vi' };
    const style = (await server.call<Array<{ id: number }>>('GET', '/api/Barrage/getList')).data[0]!;
    expect(await server.call('GET', '/api/Barrage/send', { room_id: roomId, style_id: style.id, content: '刷屏' }, { ...vi, 'idempotency-key': 'mute-barrage' })).toMatchObject({
      code: 1,
      msg: said('vi', 90),
    });
    expect(await server.call('GET', '/api/Member/sneHorn', { content: '全站喊话' }, { ...vi, 'idempotency-key': 'mute-horn' })).toMatchObject({ code: 1, msg: said('vi', 90) });
    expect(await server.database.db.selectFrom('horns').select('id').where('user_id', '=', muted.id).execute()).toHaveLength(0);

    // Comments and posts in English.
    const en = { token: muted.token, lang: 'en' };
    expect(await server.call('POST', '/api/anchor_dynamics_user/comment', { post_id: postId, content: '垃圾' }, en)).toMatchObject({ code: 1, msg: said('en', 90) });
    expect(await server.call('POST', '/api/Video_user/comment', { video_id: videoId, content: '垃圾' }, en)).toMatchObject({ code: 1, msg: said('en', 90) });
    const form = new FormData();
    form.set('circle_id', '1');
    form.set('content', '广告');
    const post = await fetch(new URL('/api/anchor_dynamics_user/insert', server.baseUrl), { method: 'POST', headers: en, body: form });
    expect(await post.json()).toMatchObject({ code: 1, msg: said('en', 90) });
    expect(await server.database.db.selectFrom('circle_posts').select('id').where('user_id', '=', muted.id).execute()).toHaveLength(0);

    // Others still speak.
    expect((await server.call('POST', '/api/anchor_dynamics_user/comment', { post_id: postId, content: '主队' }, { token: friend.token })).code).toBe(0);

    const log = (await server.call<{ total: number; list: Array<Record<string, unknown>> }>('GET', '/api/admin/auditLog', {}, { token: admin })).data;
    expect(log.total).toBe(before + 1);
    expect(log.list[0]).toMatchObject({ action: 'user.mute', target_type: 'user', target_id: String(muted.id), before: { muted_until: null }, after: { muted_until: answer.data.muted_until }, reason: '全站刷屏' });
  });

  it('lets the user speak again once the mute is lifted, logged', async () => {
    const lifted = await setMute({ user_id: muted.id, muted: false, reason: '已道歉' });
    expect(lifted.data.muted_until).toBeNull();
    expect((await server.call('POST', '/api/anchor_dynamics_user/comment', { post_id: postId, content: '抱歉' }, { token: muted.token })).code).toBe(0);
    const im = await imAs(muted.id, 'en');
    expect(await im.ask({ type: 'send', conversationID: `C2C${friend.id}`, clientMsgID: 'c2c-2', messageType: 'TIMTextElem', payload: { text: 'sorry' } })).toMatchObject({ type: 'sent' });
    im.socket.close();
    const log = (await server.call<{ list: Array<Record<string, unknown>> }>('GET', '/api/admin/auditLog', {}, { token: admin })).data;
    expect(log.list[0]).toMatchObject({ action: 'user.unmute', after: { muted_until: null }, reason: '已道歉' });
  });

  it('ends by itself when its time passes', async () => {
    const context = server.app.serverContext;
    await setMute({ user_id: muted.id, muted: true, minutes: 1, reason: 'cool down' });
    expect((await server.call('POST', '/api/anchor_dynamics_user/comment', { post_id: postId, content: '再来' }, { token: muted.token })).code).toBe(1);
    await server.database.db.updateTable('users').set({ site_muted_until: new Date(context.clock.now().getTime() - 1000) }).where('id', '=', muted.id).execute();
    context.cache.invalidate('site_mute:');
    expect((await server.call('POST', '/api/anchor_dynamics_user/comment', { post_id: postId, content: '再来' }, { token: muted.token })).code).toBe(0);
  });
});
