import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { anchorMessages } from '../../server/areas/anchor/anchor-application-service.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { createLoggedInUser, demoLogins, logIn } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Applying to be an anchor and its review (SPEC §5): the form's rules on the server, the
// review machine's graph as the server's check of each status change, and approval making an
// anchor with a room of their own.

type Schemas = components['schemas'];

const form = {
  real_name: '李四',
  id_number: '11010519491231002X',
  contact_type: 'wechat',
  contact: 'pitch_fan01',
  inviter: 'ABC123',
  experience: '在校园电台解说足球比赛三年，熟悉中超和英超',
  agree_protocol: true,
};

let nextMobile = 1;

const contract = loadContract();
/** A code-0 answer of `operationId` fits the contract's schema of its data. */
function expectFits(operationId: string, answer: { code: number; msg: string; data: unknown }) {
  const fits = contract.answerValidatorFor(contract.byId.get(operationId)!);
  const { code, msg, data } = answer;
  expect(fits({ code, msg, data }), `${operationId}: ${JSON.stringify(fits.errors?.slice(0, 3))}`).toBe(true);
}

describe('anchor applications and their review', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await logIn(server, demoLogins.admin);
  });
  afterAll(() => server.close());

  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1996000${suffix}`, nickname: `申请${suffix}`, invitePrefix: 'ANC' });
  }
  const apply = (token: string, body: Record<string, unknown> = form) =>
    server.call<Schemas['AnchorVerification']>('POST', '/api/Member/verified', body, { token });
  const info = (token: string) => server.call<Schemas['AnchorVerification'] | null>('POST', '/api/Member/getVerifiedInfo', {}, { token });
  const review = (body: Record<string, unknown>, token = admin) =>
    server.call<Schemas['AdminAnchorApplication']>('POST', '/api/admin/reviewAnchorApplication', body, { token });
  const queue = (token = admin, status?: string) =>
    server.call<Schemas['AdminAnchorApplicationPage']>('GET', '/api/admin/anchorApplicationList', status ? { status } : {}, { token });

  it('takes a complete application to review and shows it back with the ID number masked', async () => {
    const user = await newUser();
    expect(await info(user.token)).toMatchObject({ code: 0, data: null });
    const sent = await apply(user.token);
    expect(sent).toMatchObject({
      code: 0,
      data: { status: 'under_review', real_name: '李四', id_number: '1101**********002X', contact: 'pitch_fan01', inviter: 'ABC123', reason: null, reviewed_at: null },
    });
    expectFits('memberVerified', sent);
    expect((await info(user.token)).data).toEqual(sent.data);
    expectFits('memberGetVerifiedInfo', await info(user.token));
    expect(await apply(user.token)).toMatchObject({ code: 1, msg: anchorMessages.underReview });
  });

  it('refuses an ID number whose check character is wrong, and writes nothing', async () => {
    const user = await newUser();
    expect(await apply(user.token, { ...form, id_number: '110105194912310021' })).toMatchObject({ code: 1, msg: anchorMessages.idNumber });
    expect(await apply(user.token, { ...form, id_number: '1101051949' })).toMatchObject({ code: 1, msg: expect.stringContaining('id_number') });
    expect((await info(user.token)).data).toBeNull();
  });

  it('refuses an experience under 15 characters, a contact of the wrong form and an unagreed protocol', async () => {
    const user = await newUser();
    expect(await apply(user.token, { ...form, experience: '十四个字十四个字十四个字十四' })).toMatchObject({ code: 1, msg: expect.stringContaining('experience') });
    // 15 characters by the contract, 14 once trimmed.
    expect(await apply(user.token, { ...form, experience: '十四个字十四个字十四个字十四 ' })).toMatchObject({ code: 1, msg: anchorMessages.experience });
    expect(await apply(user.token, { ...form, contact_type: 'qq', contact: 'pitch_fan01' })).toMatchObject({ code: 1, msg: anchorMessages.contact });
    expect(await apply(user.token, { ...form, agree_protocol: false })).toMatchObject({ code: 1 });
    expect((await info(user.token)).data).toBeNull();
  });

  it('refuses the admin calls to a viewer and to a guest', async () => {
    const viewer = await logIn(server, demoLogins.viewer);
    expect(await queue(viewer)).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
    expect(await review({ id: 1, decision: 'approve' }, viewer)).toMatchObject({ code: 1, msg: apiMessages.permissionDenied });
    expect((await server.call('POST', '/api/admin/reviewAnchorApplication', { id: 1, decision: 'approve' })).code).toBe(700);
  });

  it('approval makes an anchor with a room of their own, whose push address works', async () => {
    const user = await newUser();
    const sent = await apply(user.token);
    const waiting = await queue();
    expectFits('adminAnchorApplicationList', waiting);
    const listed = waiting.data.list.find((row) => row.user_id === user.id);
    expect(listed).toMatchObject({ status: 'under_review', room_id: null, user_nickname: expect.stringMatching(/^申请/) });
    expect((await server.call('GET', '/api/Live/getLiveUrl', {}, { token: user.token })).msg).toBe(apiMessages.permissionDenied);

    const approved = await review({ id: listed!.id, decision: 'approve' });
    expect(approved).toMatchObject({ code: 0, data: { status: 'audit_successful', reason: null, room_id: expect.any(Number) } });
    expectFits('adminReviewAnchorApplication', approved);
    expect(approved.data.reviewed_at).toBeGreaterThanOrEqual(sent.data.submitted_at);
    const me = await server.call<{ is_anchor: number }>('GET', '/api/Member/info', {}, { token: user.token });
    expect(me.data.is_anchor).toBe(1);
    const push = await server.call<Schemas['LivePushInfo']>('GET', '/api/Live/getLiveUrl', {}, { token: user.token });
    expect(push).toMatchObject({ code: 0, data: { room_id: approved.data.room_id, stream_key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const room = await server.call<Schemas['LiveRoomInfo']>('GET', '/api/Live_streaming/getRoomInfo', { room_id: approved.data.room_id! });
    expect(room.code).toBe(0);
    expect(await apply(user.token)).toMatchObject({ code: 1, msg: anchorMessages.alreadyAnchor });
    expect((await info(user.token)).data).toMatchObject({ status: 'audit_successful' });
  });

  it('refuses a status change the review machine does not allow', async () => {
    const user = await newUser();
    await apply(user.token);
    const id = (await queue()).data.list.find((row) => row.user_id === user.id)!.id;
    expect(await review({ id, decision: 'refuse' })).toMatchObject({ code: 1, msg: anchorMessages.reasonNeeded });
    expect(await review({ id, decision: 'refuse', reason: '   ' })).toMatchObject({ code: 1, msg: anchorMessages.reasonNeeded });
    expect(await review({ id, decision: 'approve' })).toMatchObject({ code: 0 });
    expect(await review({ id, decision: 'refuse', reason: 'too late' })).toMatchObject({ code: 1, msg: anchorMessages.reviewedAlready });
    expect(await review({ id, decision: 'approve' })).toMatchObject({ code: 1, msg: anchorMessages.reviewedAlready });
    expect(await review({ id: 2_000_000_000, decision: 'approve' })).toMatchObject({ code: 1, msg: anchorMessages.applicationNotFound });
  });

  it('a refusal tells its reason; the user applies again and is under review once more', async () => {
    const user = await newUser();
    await apply(user.token);
    const id = (await queue()).data.list.find((row) => row.user_id === user.id)!.id;
    expect(await review({ id, decision: 'refuse', reason: 'Please describe your matches' })).toMatchObject({
      code: 0,
      data: { status: 'audit_failure', reason: 'Please describe your matches', room_id: null },
    });
    expect((await info(user.token)).data).toMatchObject({ status: 'audit_failure', reason: 'Please describe your matches' });
    expect((await queue(admin, 'audit_failure')).data.list.map((row) => row.id)).toContain(id);
    expect((await server.call('GET', '/api/Live/getLiveUrl', {}, { token: user.token })).code).toBe(1);

    const again = await apply(user.token, { ...form, experience: '解说过二十场中超比赛，也做过赛前分析节目' });
    expect(again).toMatchObject({ code: 0, data: { status: 'under_review', reason: null, reviewed_at: null } });
    expect((await queue()).data.list.find((row) => row.user_id === user.id)?.id).toBe(id);
  });

  it('lists the anchor levels, lowest first', async () => {
    const levels = await server.call<Schemas['AnchorLevel'][]>('GET', '/api/User/anchorExperienceList');
    expect(levels.code).toBe(0);
    expectFits('userAnchorExperienceList', levels);
    expect(levels.data.length).toBeGreaterThan(1);
    const minimums = levels.data.map((level) => level.min_experience);
    expect(minimums).toEqual([...minimums].sort((a, b) => a - b));
  });
});
