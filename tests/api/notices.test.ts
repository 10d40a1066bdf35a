import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { noticeMessages } from '../../server/areas/content/notice-service.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The message centre (SPEC §4, Push/getList, Push/read beyond the spec): everyone's notices and one's own, newest
// first, read or unread; the site's own events (a reviewed anchor application) leave a notice in the reader's language.

type Schemas = components['schemas'];
type NoticePage = Schemas['PushNoticePage'];

const application = {
  real_name: '张三丰',
  id_number: '11010519491231002X',
  contact_type: 'phone',
  contact: '13912345678',
  experience: '在校园电台解说足球比赛三年，熟悉中超和英超',
  agree_protocol: true,
};

describe('the message centre', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  const notices = (token: string, lang = 'en') => server.call<NoticePage>('GET', '/api/Push/getList', { page: 1, limit: 20 }, { token, lang });

  it("lists everyone's notices and the user's own, newest first, all unread until read", async () => {
    const viewer = await logIn(server, demoLogins.viewer);
    const stranger = await createLoggedInUser(server, { mobile: '86-13700000301', nickname: '新来的', invitePrefix: 'NTC' });
    const mine = await notices(viewer);
    const theirs = await notices(stranger.token);
    expect(mine.code).toBe(0);
    // The demo viewer has a notice of their own (the followed anchor on air); a new user sees only everyone's.
    expect(mine.data.total).toBe(theirs.data.total + 1);
    const times = mine.data.list.map((notice) => notice.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(theirs.data.unread).toBe(theirs.data.total);
    expect(theirs.data.list.every((notice) => notice.is_read === 0)).toBe(true);

    const first = theirs.data.list[0]!;
    expect(await server.call('POST', '/api/Push/read', { id: first.id }, { token: stranger.token })).toMatchObject({ data: { unread: theirs.data.total - 1 } });
    const after = await notices(stranger.token);
    expect(after.data.list.find((notice) => notice.id === first.id)?.is_read).toBe(1);
    // Reading it again changes nothing; then all at once.
    expect(await server.call('POST', '/api/Push/read', { id: first.id }, { token: stranger.token })).toMatchObject({ data: { unread: theirs.data.total - 1 } });
    expect(await server.call('POST', '/api/Push/read', {}, { token: stranger.token })).toMatchObject({ data: { unread: 0 } });
    // One user's reading is theirs alone.
    expect((await notices(viewer)).data.unread).toBe(mine.data.unread);
    expect((await server.call('GET', '/api/Push/getList', {})).code).not.toBe(0);
  });

  it("leaves the applicant a notice when the application is reviewed, in the reader's language", async () => {
    const applicant = await createLoggedInUser(server, { mobile: '86-13700000302', nickname: '想当主播', invitePrefix: 'NTC' });
    const admin = await logIn(server, demoLogins.admin);
    const applied = await server.call<Schemas['AnchorVerification']>('POST', '/api/Member/verified', application, { token: applicant.token });
    expect(applied.code, applied.msg).toBe(0);
    const queue = await server.call<Schemas['AdminAnchorApplicationPage']>('GET', '/api/admin/anchorApplicationList', { status: 'under_review', limit: 100 }, { token: admin });
    const id = queue.data.list.find((entry) => entry.user_id === applicant.id)!.id;
    const before = (await notices(applicant.token)).data;
    const refused = await server.call('POST', '/api/admin/reviewAnchorApplication', { id, decision: 'refuse', reason: '经验描述不够具体' }, { token: admin });
    expect(refused.code, refused.msg).toBe(0);
    const after = (await notices(applicant.token)).data;
    expect(after.unread).toBe((before.unread ?? 0) + 1);
    expect(after.list[0]).toMatchObject({ title: noticeMessages.anchorRefused, content: '经验描述不够具体', link: '/member?type=7', is_read: 0 });
    const inChinese = (await notices(applicant.token, 'zh')).data.list[0]!;
    expect(inChinese.title).toBe('你的主播申请未通过');
  });
});
