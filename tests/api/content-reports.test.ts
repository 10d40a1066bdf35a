import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { reportMessages } from '../../server/areas/admin/report-service.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { historyPage, storeMessage } from '../../server/areas/chat/message-service.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { messagingSigFor } from './messaging-login.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Users report a chat line, a comment, a post or a video; the admins see one item per piece of content
// with its reporters counted, and remove it (hidden everywhere, a room's open chats told) or dismiss it
// with a reason, each decision by the report review machine and in the audit log.

type Schemas = components['schemas'];
const contract = loadContract();
function expectFits(operationId: string, answer: { code: number; msg: string; data: unknown }) {
  const fits = contract.answerValidatorFor(contract.byId.get(operationId)!);
  expect(fits(answer), `${operationId}: ${JSON.stringify(fits.errors?.slice(0, 3))}`).toBe(true);
}

describe('reported content', () => {
  let server: TestServer;
  let admin: string;
  let author: { id: number; token: string };
  let first: { id: number; token: string };
  let second: { id: number; token: string };
  let roomId: number;
  let postId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
    author = await createLoggedInUser(server, { mobile: '86-19544440001', nickname: '喷子', invitePrefix: 'RP' });
    first = await createLoggedInUser(server, { mobile: '86-19544440002', nickname: '路人甲', invitePrefix: 'RP' });
    second = await createLoggedInUser(server, { mobile: '86-19544440003', nickname: '路人乙', invitePrefix: 'RP' });
    const { db } = server.database;
    const anchor = await db.selectFrom('users').select('id').where('mobile', '=', demoLogins.anchor.mobile).executeTakeFirstOrThrow();
    roomId = Number((await db.selectFrom('live_rooms').select('id').where('anchor_id', '=', anchor.id).executeTakeFirstOrThrow()).id);
    const circle = await db.selectFrom('circles').select('id').orderBy('sort').executeTakeFirstOrThrow();
    postId = Number((await db.insertInto('circle_posts').values({ circle_id: Number(circle.id), user_id: author.id, content: '加微信看内部消息' }).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => server.close());

  const report = (token: string, body: Record<string, unknown>, lang = 'en') => server.call<Schemas['ContentReport']>('POST', '/api/Report/submit', body, { token, lang });
  const queue = async (status?: string) => {
    const page = await server.call<Schemas['AdminReportPage']>('GET', '/api/admin/reportList', status ? { status, limit: 100 } : { limit: 100 }, { token: admin });
    expectFits('adminReportList', page);
    return page.data.list;
  };
  const decide = (body: Record<string, unknown>, token = admin) => server.call<Schemas['AdminReport']>('POST', '/api/admin/reviewReport', body, { token });
  const comment = async (content: string, post = postId) =>
    (await server.call<{ id: number }>('POST', '/api/anchor_dynamics_user/comment', { post_id: post, content }, { token: author.token })).data.id;
  const roomLine = async (text: string) => {
    const row = await server.database.db
      .insertInto('chat_messages')
      .values({ sender_id: author.id, room_id: roomId, type: 'text', payload: JSON.stringify({ text }) })
      .returning(['id', 'seq'])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), seq: row.seq };
  };

  it('gathers the reports of one comment into one item, each reporter counted once', async () => {
    const commentId = await comment('你们都是傻子');
    const answer = await report(first.token, { target_type: 'post_comment', target_id: commentId, reason: 'abuse', detail: '骂人' });
    expect(answer.code, answer.msg).toBe(0);
    expectFits('reportSubmit', answer);
    expect(answer.data).toMatchObject({ target_type: 'post_comment', target_id: commentId, reason: 'abuse', status: 'under_review' });
    expect((await report(first.token, { target_type: 'post_comment', target_id: commentId, reason: 'spam' })).data).toMatchObject({ id: answer.data.id, reason: 'abuse' });
    await report(second.token, { target_type: 'post_comment', target_id: commentId, reason: 'spam' });
    const item = (await queue()).find((row) => row.id === answer.data.id)!;
    expect(item).toMatchObject({ report_count: 2, author_id: author.id, author_nickname: '喷子', excerpt: '你们都是傻子', details: ['骂人'], status: 'under_review' });
    expect([...item.reasons].sort()).toEqual(['abuse', 'spam']);
  });

  it('refuses a report of one’s own words, of what is gone and of a private line one cannot read, in the reporter’s language', async () => {
    const commentId = await comment('自己举报自己');
    expect(await report(author.token, { target_type: 'post_comment', target_id: commentId, reason: 'spam' })).toMatchObject({ code: 1, msg: reportMessages.ownWords });
    expect(await report(first.token, { target_type: 'video', target_id: 999_999, reason: 'porn' }, 'zh')).toMatchObject({
      code: 1,
      msg: '这里没有可举报的内容：它已被删除，或你无权查看',
    });
    const line = await server.database.db
      .insertInto('chat_messages')
      .values({ sender_id: author.id, receiver_id: second.id, type: 'text', payload: JSON.stringify({ text: '私聊' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await report(first.token, { target_type: 'chat_message', target_id: Number(line.id), reason: 'abuse' })).toMatchObject({ code: 1, msg: reportMessages.nothingToReport });
    expect((await report(second.token, { target_type: 'chat_message', target_id: Number(line.id), reason: 'abuse' })).code).toBe(0);
    expect((await server.call('POST', '/api/Report/submit', { target_type: 'post', target_id: postId, reason: 'spam' })).code).not.toBe(0);
  });

  it('keeps the queue and its decisions to admins', async () => {
    const viewer = await logIn(server, demoLogins.viewer);
    expect(await server.call('GET', '/api/admin/reportList', {}, { token: viewer })).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
    expect(await decide({ id: 1, decision: 'remove' }, first.token)).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
  });

  it('removes a room line for everyone in the room at once, logged', async () => {
    const line = await roomLine('加我微信 xyz123');
    const answer = await report(first.token, { target_type: 'chat_message', target_id: line.id, reason: 'spam' });
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/im`);
    const frames: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ id: 1, type: 'login', userID: String(second.id), userSig: await messagingSigFor(server.app.serverContext, String(second.id)), lang: 'en' }));
    socket.send(JSON.stringify({ id: 2, type: 'join_group', groupID: `live${roomId}` }));
    await expect.poll(() => frames.some((frame) => frame.id === 2)).toBe(true);

    const removed = await decide({ id: answer.data.id, decision: 'remove' });
    expect(removed.code, removed.msg).toBe(0);
    expectFits('adminReviewReport', removed);
    expect(removed.data).toMatchObject({ status: 'removed', review_reason: null });
    await expect.poll(() => frames.find((frame) => frame.type === 'message_revoked')).toMatchObject({
      conversationID: `GROUPlive${roomId}`,
      messageID: String(line.id),
      sequence: line.seq,
    });
    socket.close();
    const row = await server.database.db.selectFrom('chat_messages').select('revoked_at').where('id', '=', line.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect(await decide({ id: answer.data.id, decision: 'remove' })).toMatchObject({ code: 1, msg: reportMessages.decided });
    const log = (await server.call<Schemas['AdminAuditPage']>('GET', '/api/admin/auditLog', {}, { token: admin })).data;
    expect(log.list[0]).toMatchObject({ action: 'report.remove', target_type: 'chat_message', target_id: String(line.id), after: { status: 'removed', author_id: author.id } });
    expect(log.chain_intact).toBe(true);
  });

  it('removes a comment, a post and a video from every list', async () => {
    const commentId = await comment('广告广告');
    const video = (await server.call<{ list: Array<{ id: number }> }>('POST', '/api/Video/getList', { limit: 1 })).data.list[0]!;
    const videoAuthor = await server.database.db.selectFrom('videos').select('user_id').where('id', '=', video.id).executeTakeFirstOrThrow();
    const reporter = Number(videoAuthor.user_id) === first.id ? second : first;
    const reports = await Promise.all([
      report(reporter.token, { target_type: 'post_comment', target_id: commentId, reason: 'spam' }),
      report(reporter.token, { target_type: 'video', target_id: video.id, reason: 'illegal' }),
    ]);
    for (const answer of reports) expect((await decide({ id: answer.data.id, decision: 'remove' })).code).toBe(0);
    const comments = await server.call<{ list: Array<{ id: number }> }>('POST', '/api/anchor_dynamics/commentList', { post_id: postId, limit: 50 });
    expect(comments.data.list.map((row) => row.id)).not.toContain(commentId);
    const videos = await server.call<{ list: Array<{ id: number }> }>('POST', '/api/Video/getList', { limit: 50 });
    expect(videos.data.list.map((row) => row.id)).not.toContain(video.id);

    const post = await report(first.token, { target_type: 'post', target_id: postId, reason: 'spam' });
    expect((await decide({ id: post.data.id, decision: 'remove' })).code).toBe(0);
    expect((await server.call('GET', '/api/anchor_dynamics/info', { id: postId })).code).toBe(1);
    expect((await queue('removed')).map((row) => row.id)).toEqual(expect.arrayContaining([post.data.id, ...reports.map((answer) => answer.data.id)]));
  });

  it('removes a video comment, a private line and a group line from where their readers see them', async () => {
    const { db } = server.database;
    const video = (await server.call<{ list: Array<{ id: number }> }>('POST', '/api/Video/getList', { limit: 1 })).data.list[0]!;
    const posted = await server.call<{ id: number }>('POST', '/api/Video_user/comment', { video_id: video.id, content: '看球加群 8888' }, { token: author.token });
    expect(posted.code, posted.msg).toBe(0);
    const context = server.app.serverContext;
    const privateLine = await storeMessage(context, {
      senderId: author.id,
      conversation: { kind: 'c2c', peerID: String(first.id) },
      clientMsgID: 'report-private-1',
      messageType: 'TIMTextElem',
      payload: { text: '私下转账给我' },
    });
    const group = await db.insertInto('chat_groups').values({ owner_id: author.id, name: '球迷群', avatar: '/emoji/1.svg' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('chat_group_members')
      .values([
        { group_id: group.id, user_id: author.id, role: 'owner' },
        { group_id: group.id, user_id: second.id },
      ])
      .execute();
    const groupLine = await storeMessage(context, {
      senderId: author.id,
      conversation: { kind: 'group', groupId: Number(group.id), groupID: String(group.id) },
      clientMsgID: 'report-group-1',
      messageType: 'TIMTextElem',
      payload: { text: '群里卖假球票' },
    });
    // Only the line's reader may report it: a private line its receiver, a group's line its members.
    expect((await report(second.token, { target_type: 'chat_message', target_id: Number(privateLine.ID), reason: 'illegal' })).msg).toBe(reportMessages.nothingToReport);
    expect((await report(first.token, { target_type: 'chat_message', target_id: Number(groupLine.ID), reason: 'illegal' })).msg).toBe(reportMessages.nothingToReport);
    const reports = [
      await report(first.token, { target_type: 'video_comment', target_id: posted.data.id, reason: 'spam' }),
      await report(first.token, { target_type: 'chat_message', target_id: Number(privateLine.ID), reason: 'illegal' }),
      await report(second.token, { target_type: 'chat_message', target_id: Number(groupLine.ID), reason: 'illegal' }),
    ];
    for (const answer of reports) expect(answer.code, answer.msg).toBe(0);
    // Once per user per item: a second report by the same user answers the first.
    expect((await report(first.token, { target_type: 'video_comment', target_id: posted.data.id, reason: 'abuse' })).data).toMatchObject({ id: reports[0]!.data.id, reason: 'spam' });
    expect((await report(author.token, { target_type: 'chat_message', target_id: Number(groupLine.ID), reason: 'spam' })).msg).toBe(reportMessages.ownWords);
    for (const answer of reports) expect((await decide({ id: answer.data.id, decision: 'remove' })).code).toBe(0);

    const comments = await server.call<{ list: Array<{ id: number }> }>('POST', '/api/Video/commentList', { video_id: video.id, limit: 100 });
    expect(comments.data.list.map((row) => row.id)).not.toContain(posted.data.id);
    const privateKey = `C2C${String(Math.min(author.id, first.id))}_${String(Math.max(author.id, first.id))}`;
    for (const [key, viewer, id] of [
      [privateKey, first.id, privateLine.ID],
      [privateKey, author.id, privateLine.ID],
      [`GROUP${String(group.id)}`, second.id, groupLine.ID],
    ] as const) {
      const history = await historyPage(context, key, String(viewer), undefined);
      expect(history.messages.map((message) => message.ID)).not.toContain(id);
    }
    // Gone, it cannot be reported again.
    expect((await report(second.token, { target_type: 'video_comment', target_id: posted.data.id, reason: 'spam' })).msg).toBe(reportMessages.nothingToReport);
  });

  it('removes a reader\'s comment on an article from its comments page', async () => {
    const article = (await server.call<Schemas['HeadlinePage']>('GET', '/api/Headlines/getList', { limit: 1 })).data.list[0]!;
    const posted = await server.call<Schemas['CircleComment']>('POST', '/api/Headlines_user/comment', { id: article.id, content: '内幕消息加我' }, { token: author.token });
    expect(posted.code, posted.msg).toBe(0);
    expect((await report(author.token, { target_type: 'news_comment', target_id: posted.data.id, reason: 'spam' })).msg).toBe(reportMessages.ownWords);
    const reported = await report(first.token, { target_type: 'news_comment', target_id: posted.data.id, reason: 'spam' });
    expect(reported.code, reported.msg).toBe(0);
    expectFits('reportSubmit', reported);
    expect((await queue('under_review')).find((item) => item.id === reported.data.id)).toMatchObject({ target_type: 'news_comment', excerpt: '内幕消息加我' });
    expect((await decide({ id: reported.data.id, decision: 'remove' })).code).toBe(0);
    const page = await server.call<Schemas['CircleCommentPage']>('POST', '/api/Headlines/commentList', { id: article.id });
    expect(page.data.list.map((item) => item.id)).not.toContain(posted.data.id);
    expect((await report(second.token, { target_type: 'news_comment', target_id: posted.data.id, reason: 'spam' })).msg).toBe(reportMessages.nothingToReport);
  });

  it('dismisses only with a reason, keeping the content', async () => {
    const circle = await server.database.db.selectFrom('circles').select('id').orderBy('sort').executeTakeFirstOrThrow();
    const other = await server.database.db.insertInto('circle_posts').values({ circle_id: Number(circle.id), user_id: second.id, content: '今晚的裁判' }).returning('id').executeTakeFirstOrThrow();
    const commentId = await comment('裁判太烂了', Number(other.id));
    const answer = await report(first.token, { target_type: 'post_comment', target_id: commentId, reason: 'abuse' });
    expect(await decide({ id: answer.data.id, decision: 'dismiss' })).toMatchObject({ code: 1, msg: reportMessages.dismissNeedsReason });
    const dismissed = await decide({ id: answer.data.id, decision: 'dismiss', reason: '批评裁判不算辱骂' });
    expect(dismissed.data).toMatchObject({ status: 'dismissed', review_reason: '批评裁判不算辱骂' });
    const row = await server.database.db.selectFrom('circle_comments').select('deleted_at').where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    expect((await queue()).map((item) => item.id)).not.toContain(answer.data.id);
    const log = (await server.call<Schemas['AdminAuditPage']>('GET', '/api/admin/auditLog', {}, { token: admin })).data;
    expect(log.list[0]).toMatchObject({ action: 'report.dismiss', reason: '批评裁判不算辱骂', before: { status: 'under_review' }, after: { status: 'dismissed' } });
  });
});
