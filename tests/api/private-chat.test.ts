import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The chat area's calls over HTTP: relations and blocks, contacts A to Z by pinyin, recommendations,
// and who may do what to a group.
describe('chat calls', () => {
  let server: TestServer;
  let owner: { id: number; token: string };
  let member: { id: number; token: string };
  let outsider: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createLoggedInUser(server, { mobile: '86-19811110001', nickname: '张三', invitePrefix: 'PC' });
    member = await createLoggedInUser(server, { mobile: '86-19811110002', nickname: 'alice', invitePrefix: 'PC' });
    outsider = await createLoggedInUser(server, { mobile: '86-19811110003', nickname: '王五', invitePrefix: 'PC' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = async (path: string, token: string, body: Record<string, unknown> = {}) =>
    (await server.app.inject({ method: 'POST', url: `/api/${path}`, headers: { token }, payload: body })).json<{ code: number; msg: string; data: unknown }>();

  it('shows follows and blocks both ways in crossCorrelation', async () => {
    await post('Member/attention', member.token, { uid: owner.id, type: 1 });
    expect((await post('group/crossCorrelation', owner.token, { uid: member.id })).data).toEqual({
      uid: member.id,
      is_following: 0,
      is_followed: 1,
      is_blocked: 0,
      is_blocked_by: 0,
    });
    await post('group/setBlock', member.token, { uid: outsider.id, block: 1 });
    expect((await post('group/crossCorrelation', outsider.token, { uid: member.id })).data).toMatchObject({ is_blocked_by: 1 });
  });

  it('groups contacts by first letter, Chinese names by pinyin, and leaves blocked users out of recommendations', async () => {
    await post('Member/attention', owner.token, { uid: outsider.id, type: 1 });
    const book = (await post('group/addressBook', owner.token)).data as { sections: { letter: string; users: { user_nickname: string }[] }[] };
    expect(book.sections.map((section) => [section.letter, section.users.map((user) => user.user_nickname)])).toEqual([
      ['A', ['alice']],
      ['W', ['王五']],
    ]);
    const recommended = (await post('group/getRecommendUserList', member.token, { limit: 50 })).data as { id: number }[];
    expect(recommended.map((user) => user.id)).not.toContain(outsider.id);
    expect(recommended.map((user) => user.id)).not.toContain(member.id);
  });

  it('lets members add, only the owner dissolve, members leave, and keeps the member list to members', async () => {
    const created = await post('group/addgroup', owner.token, { name: '周末球局', member_ids: [member.id] });
    expect(created).toMatchObject({ code: 0, data: { member_count: 2, is_member: 1, owner: { id: owner.id } } });
    const groupId = (created.data as { id: number }).id;
    expect((await post('group/groupMembers', outsider.token, { group_id: groupId })).code).toBe(1);
    expect((await post('group/addGroupUser', outsider.token, { group_id: groupId, member_ids: [outsider.id] })).code).toBe(1);
    expect(await post('group/addGroupUser', member.token, { group_id: groupId, member_ids: [outsider.id] })).toMatchObject({ code: 0, data: { member_count: 3 } });
    const members = (await post('group/groupMembers', outsider.token, { group_id: groupId })).data as { id: number; role: string }[];
    expect(members.map((person) => [person.id, person.role])).toEqual([
      [owner.id, 'owner'],
      [member.id, 'member'],
      [outsider.id, 'member'],
    ]);
    expect((await post('group/destroyGroupNew', member.token, { group_id: groupId })).code).toBe(1);
    expect((await post('group/quitGroup', owner.token, { group_id: groupId })).code).toBe(1);
    expect((await post('group/quitGroup', outsider.token, { group_id: groupId })).code).toBe(0);
    expect((await post('group/destroyGroupNew', owner.token, { group_id: groupId })).code).toBe(0);
    expect((await post('group/groupMembers', member.token, { group_id: groupId })).code).toBe(1);
    const book = (await post('group/addressBook', member.token)).data as { groups: unknown[] };
    expect(book.groups).toEqual([]);
  });
});
