import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { setBlock } from '../areas/chat/conversation-service.ts';
import { addGroupMembers, createGroup, dissolveGroup, groupMembers, leaveGroup } from '../areas/chat/group-service.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { ManualClock } from '../feed/feed-clock.ts';
import { ImClient, startMessagingPair } from './im-test-client.ts';
import { messagingSigFor } from '../../tests/api/messaging-login.ts';

type ImMessage = components['schemas']['ImMessage'];
type ImConversation = components['schemas']['ImConversation'];

const textOf = (message: ImMessage) => ('text' in message.payload ? message.payload.text : '');

// Private chat on /im: C2C and chat groups, delivered to every tab of each member on every server
// process, paged and synced by sequence, read receipts, blocks and group permissions.
describe('private chat on the messaging socket', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let pair: Awaited<ReturnType<typeof startMessagingPair>>;
  let urls: string[];
  let clock: ManualClock;
  let alice: number;
  let bob: number;
  let carol: number;
  let dave: number;
  const clients: ImClient[] = [];
  let sent = 0;

  beforeAll(async () => {
    pair = await startMessagingPair(inject('databaseTemplate'));
    ({ database, clock, app, urls } = pair);
    const users = await database.db.selectFrom('users').select('id').where('disabled_at', 'is', null).orderBy('id', 'desc').limit(4).execute();
    [alice, bob, carol, dave] = users.map((user) => Number(user.id)) as [number, number, number, number];
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await pair.close();
  });

  async function connect(userId: number, where = 0): Promise<ImClient> {
    const client = await ImClient.open(urls[where]!, app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    const userID = String(userId);
    expect(await client.call({ type: 'login', userID, userSig: await messagingSigFor(app.serverContext, userID) })).toMatchObject({ type: 'ok' });
    return client;
  }
  const send = (client: ImClient, conversationID: string, text: string) =>
    client.call({ type: 'send', conversationID, clientMsgID: `p${String(++sent)}`, messageType: 'TIMTextElem', payload: { text } });
  const conversationPushes = (client: ImClient, conversationID: string): ImConversation[] =>
    client.pushes.flatMap((frame) => (frame.type === 'conversation' && frame.conversation.conversationID === conversationID ? [frame.conversation] : []));
  /** Past the flood window. */
  const later = () => clock.advance(60_000);

  it('delivers a C2C message to every tab of the receiver and the sender, with the conversation after it', async () => {
    const aliceTab = await connect(alice);
    const aliceOtherTab = await connect(alice, 1);
    const bobTabs = [await connect(bob), await connect(bob, 1)];
    const answer = await send(aliceTab, `C2C${String(bob)}`, 'hello [微笑] <script>alert(1)</script>');
    expect(answer).toMatchObject({ type: 'sent', message: { conversationID: `C2C${String(bob)}`, isPeerRead: false, sequence: 1 } });
    for (const tab of bobTabs) {
      await tab.until(() => tab.messages().length === 1 && conversationPushes(tab, `C2C${String(alice)}`).length === 1, 'the message on each tab');
      expect(tab.messages()[0]).toMatchObject({ conversationID: `C2C${String(alice)}`, from: String(alice), to: String(bob) });
      expect(textOf(tab.messages()[0]!)).toBe('hello [微笑] <script>alert(1)</script>');
      expect(conversationPushes(tab, `C2C${String(alice)}`)[0]).toMatchObject({ unreadCount: 1, type: 'C2C', userProfile: { userID: String(alice) } });
    }
    await aliceOtherTab.until(() => aliceOtherTab.messages().length === 1, "the sender's other tab");
    const list = await bobTabs[0]!.call({ type: 'conversations' });
    expect(list.type === 'conversation_list' && list.conversations[0]).toMatchObject({ conversationID: `C2C${String(alice)}`, unreadCount: 1 });
  });

  it('reads: the receiver marks the talk read, the sender is told and history says so', async () => {
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    expect(await bobTab.call({ type: 'read', conversationID: `C2C${String(alice)}` })).toMatchObject({ type: 'ok' });
    await aliceTab.until(() => aliceTab.pushes.some((frame) => frame.type === 'read_receipt'), 'the read receipt');
    expect(aliceTab.pushes.find((frame) => frame.type === 'read_receipt')).toMatchObject({ conversationID: `C2C${String(bob)}`, sequence: 1 });
    await bobTab.until(() => conversationPushes(bobTab, `C2C${String(alice)}`).some((item) => item.unreadCount === 0), 'unread back to 0');
    const history = await aliceTab.call({ type: 'history', conversationID: `C2C${String(bob)}` });
    expect(history.type === 'message_list' && history.messages[0]?.isPeerRead).toBe(true);
  });

  it('pages history 15 at a time and syncs what a reconnecting tab missed, in order and once', async () => {
    const aliceTab = await connect(alice);
    for (let index = 0; index < 20; index += 1) {
      if (index % 10 === 0) later();
      expect(await send(aliceTab, `C2C${String(carol)}`, `n${String(index)}`)).toMatchObject({ type: 'sent' });
    }
    const carolTab = await connect(carol);
    const latest = await carolTab.call({ type: 'history', conversationID: `C2C${String(alice)}` });
    if (latest.type !== 'message_list') throw new Error(latest.type);
    expect(latest.messages.map(textOf)).toEqual(Array.from({ length: 15 }, (_, index) => `n${String(index + 5)}`));
    expect(latest.isCompleted).toBe(false);
    const older = await carolTab.call({ type: 'history', conversationID: `C2C${String(alice)}`, beforeSequence: latest.messages[0]!.sequence });
    expect(older.type === 'message_list' && older.messages.map(textOf)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(older.type === 'message_list' && older.isCompleted).toBe(true);

    const held = latest.messages.at(-1)!.sequence;
    carolTab.close();
    later();
    for (const text of ['m1', 'm2', 'm3']) await send(aliceTab, `C2C${String(carol)}`, text);
    const back = await connect(carol, 1);
    const missed = await back.call({ type: 'sync', conversationID: `C2C${String(alice)}`, afterSequence: held });
    if (missed.type !== 'message_list') throw new Error(missed.type);
    expect(missed.messages.map(textOf)).toEqual(['m1', 'm2', 'm3']);
    expect(missed.messages.map((message) => message.sequence)).toEqual([held + 1, held + 2, held + 3]);
    expect(new Set(missed.messages.map((message) => message.ID)).size).toBe(3);
  });

  it('a blocked user cannot deliver, either way, until unblocked', async () => {
    later();
    const daveTab = await connect(dave);
    const aliceTab = await connect(alice);
    await setBlock(app.serverContext, dave, alice, true);
    expect(await send(aliceTab, `C2C${String(dave)}`, 'let me in')).toMatchObject({ type: 'error', reason: 'blocked' });
    expect(await send(daveTab, `C2C${String(alice)}`, 'nor me')).toMatchObject({ type: 'error', reason: 'blocked' });
    await setBlock(app.serverContext, dave, alice, false);
    expect(await send(aliceTab, `C2C${String(dave)}`, 'thanks')).toMatchObject({ type: 'sent' });
    await daveTab.until(() => daveTab.messages().length === 1, 'the message after the unblock');
    expect(daveTab.messages().map(textOf)).toEqual(['thanks']);
  });

  it('refuses messages that are not what their type says or point outside the site', async () => {
    later();
    const aliceTab = await connect(alice);
    const base = { type: 'send', conversationID: `C2C${String(bob)}` };
    expect(
      await aliceTab.call({ ...base, clientMsgID: 'img1', messageType: 'TIMImageElem', payload: { url: 'https://evil.example/x.png', width: 2, height: 2 } }),
    ).toMatchObject({ type: 'error' });
    expect(await aliceTab.call({ ...base, clientMsgID: 'img2', messageType: 'TIMImageElem', payload: { text: 'no' } })).toMatchObject({ type: 'error' });
    expect(
      await aliceTab.call({ ...base, clientMsgID: 'file1', messageType: 'TIMFileElem', payload: { name: 'a.pdf', url: '/media/uploads/a.pdf', size: 10 } }),
    ).toMatchObject({ type: 'sent', message: { type: 'TIMFileElem' } });
  });

  it('groups: members talk, outsiders cannot, only the owner dissolves, a member may leave', async () => {
    later();
    const group = await createGroup(app.serverContext, alice, { name: '周末球局', member_ids: [bob, carol] });
    expect(group).toMatchObject({ member_count: 3, is_member: 1, owner: { id: alice } });
    const conversationID = `GROUP${String(group.id)}`;
    const [aliceTab, bobTab, daveTab] = [await connect(alice), await connect(bob, 1), await connect(dave)];

    expect(await send(bobTab, conversationID, 'hi all')).toMatchObject({ type: 'sent', message: { conversationType: 'GROUP' } });
    await aliceTab.until(() => aliceTab.messages().some((message) => message.conversationID === conversationID), 'the group message');
    await aliceTab.until(() => conversationPushes(aliceTab, conversationID).some((item) => item.unreadCount === 1), 'the group unread count');

    expect(await send(daveTab, conversationID, 'let me in')).toMatchObject({ type: 'error', reason: 'not_member' });
    expect(await daveTab.call({ type: 'history', conversationID })).toMatchObject({ type: 'error', reason: 'not_member' });
    await expect(dissolveGroup(app.serverContext, bob, group.id)).rejects.toThrow('Only the owner');
    await expect(leaveGroup(app.serverContext, alice, group.id)).rejects.toThrow('owner cannot leave');

    await addGroupMembers(app.serverContext, bob, group.id, [dave]);
    expect(await send(daveTab, conversationID, 'thanks bob')).toMatchObject({ type: 'sent' });
    expect((await groupMembers(app.serverContext, dave, group.id)).map((member) => member.role)).toEqual(['owner', 'member', 'member', 'member']);
    await leaveGroup(app.serverContext, dave, group.id);
    expect(await send(daveTab, conversationID, 'bye')).toMatchObject({ type: 'error', reason: 'not_member' });

    await dissolveGroup(app.serverContext, alice, group.id);
    await bobTab.until(() => bobTab.pushes.some((frame) => frame.type === 'conversation' && frame.removed === true), 'the group gone');
    expect(await send(aliceTab, conversationID, 'anyone?')).toMatchObject({ type: 'error', reason: 'not_member' });
  });
});
