import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redEnvelopeMessages } from '../../server/areas/chat/red-envelope-service.ts';
import { groupMessages } from '../../server/areas/chat/group-service.ts';
import { createLoggedInUser, openWallet } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe('a block holds in groups, and a one-to-one red envelope is the recipient', () => {
  let server: TestServer;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let c: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    a = await createLoggedInUser(server, { mobile: '86-19711110001', nickname: '甲', invitePrefix: 'BL' });
    b = await createLoggedInUser(server, { mobile: '86-19711110002', nickname: '乙', invitePrefix: 'BL' });
    c = await createLoggedInUser(server, { mobile: '86-19711110003', nickname: '丙', invitePrefix: 'BL' });
  });
  afterAll(() => server.close());

  const post = async (path: string, token: string, body: Record<string, unknown>, key?: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { token, lang: 'en', ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      })
    ).json<{ code: number; msg: string; data: { id?: number; red_envelope?: { id: number } } | null }>();
  const groupsOf = async (userId: number) =>
    (await server.database.db.selectFrom('chat_group_members').select('group_id').where('user_id', '=', userId).execute()).length;

  it('refuses a group made with, or an add of, someone who blocks the caller', async () => {
    expect((await post('group/setBlock', b.token, { uid: a.id, block: 1 })).code).toBe(0);
    expect(await post('group/addgroup', a.token, { name: '绕过拉黑', member_ids: [b.id, c.id] })).toMatchObject({ code: 1, msg: groupMessages.blocksYou });
    expect(await groupsOf(b.id)).toBe(0);

    const group = await post('group/addgroup', a.token, { name: '正常群', member_ids: [c.id] });
    expect(group.code).toBe(0);
    expect(await post('group/addGroupUser', a.token, { group_id: group.data!.id, member_ids: [b.id] })).toMatchObject({ code: 1, msg: groupMessages.blocksYou });
    // Another member, whom B does not block, may add B.
    expect((await post('group/addGroupUser', c.token, { group_id: group.data!.id, member_ids: [b.id] })).code).toBe(0);
    // The one who blocks may still make a group with the one blocked.
    expect((await post('group/addgroup', b.token, { name: '我拉的群', member_ids: [a.id] })).code).toBe(0);
  });

  it('lets only the recipient open a one-to-one envelope, not its sender', async () => {
    await openWallet(server, c.id, 'consumer', 20);
    const sent = await post('Redenvelope/insert', c.token, { to_uid: a.id, total_amount: 5, count: 1, kind: 'equal' }, 'c2c-envelope-key');
    expect(sent.code, sent.msg).toBe(0);
    const redId = sent.data!.red_envelope!.id;
    expect(await post('Redenvelope/receiveRed', c.token, { red_id: redId }, 'sender-takes-back')).toMatchObject({ code: 1, msg: redEnvelopeMessages.recipientOnly });
    const opened = await post('Redenvelope/receiveRed', a.token, { red_id: redId }, 'recipient-opens');
    expect(opened).toMatchObject({ code: 0, data: { amount: 5 } });
    const claims = await server.database.db.selectFrom('red_envelope_claims').select('user_id').where('envelope_id', '=', redId).execute();
    expect(claims.map((claim) => Number(claim.user_id))).toEqual([a.id]);
  });
});
