import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { kickOut } from '../areas/live/kickout-service.ts';
import { appointManager } from '../areas/live/room-moderation-service.ts';
import { roomChatMessages, roomChatRate } from '../areas/live/room-chat-service.ts';
import { roomChatMaxLength } from '../../src/rules/chat-lengths.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { ManualClock } from '../feed/feed-clock.ts';
import { translate } from '../i18n/server-messages.ts';
import { WebSocket } from 'ws';
import { ImClient, startMessagingPair } from './im-test-client.ts';
import { imMessages } from '../areas/chat/im-messages.ts';
import { imSocketMessages } from './messaging-socket.ts';
import { messagingSigFor } from '../../tests/api/messaging-login.ts';

type ImMessage = components['schemas']['ImMessage'];

const textOf = (message: ImMessage) => ('text' in message.payload ? message.payload.text : '');

describe('the messaging socket /im', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let pair: Awaited<ReturnType<typeof startMessagingPair>>;
  let url: string;
  let otherUrl: string;
  let clock: ManualClock;
  let roomId: number;
  let anchorId: number;
  let userIds: number[];
  const clients: ImClient[] = [];

  beforeAll(async () => {
    pair = await startMessagingPair(inject('databaseTemplate'));
    ({ database, clock, app } = pair);
    [url, otherUrl] = pair.urls;
    const room = await database.db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select(['live_rooms.id', 'live_rooms.anchor_id'])
      .where('users.disabled_at', 'is', null)
      .orderBy('live_rooms.id')
      .executeTakeFirstOrThrow();
    roomId = room.id;
    anchorId = room.anchor_id;
    const users = await database.db
      .selectFrom('users')
      .select('id')
      .where('is_anchor', '=', 0)
      .where('disabled_at', 'is', null)
      .orderBy('id')
      .limit(8)
      .execute();
    userIds = users.map((user) => user.id);
  }, 120_000); // copying the seeded world can take a while on a busy machine
  afterAll(async () => {
    for (const client of clients) client.close();
    await pair.close();
  });

  async function connect(userID?: string, lang = 'zh', where = url): Promise<ImClient> {
    const client = await ImClient.open(where, app.serverContext.contract.validatorFor('ImServerMessage'));
    clients.push(client);
    if (userID) {
      const answer = await client.call({ type: 'login', userID, userSig: await messagingSigFor(app.serverContext, userID), lang });
      expect(answer).toMatchObject({ type: 'ok' });
    }
    return client;
  }

  async function exchange(frames: (object | string)[]): Promise<unknown[]> {
    const validate = app.serverContext.contract.validatorFor('ImServerMessage');
    const ws = new WebSocket(url);
    const answers: unknown[] = [];
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      for (const frame of frames) {
        const answer = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
        ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
        const received = await answer;
        expect(validate(received), JSON.stringify(validate.errors)).toBe(true);
        answers.push(received);
      }
    } finally {
      ws.terminate();
    }
    return answers;
  }

  const group = () => `live${String(roomId)}`;
  const conversationID = () => `GROUP${group()}`;
  let sent = 0;
  const send = (client: ImClient, text: string, clientMsgID = `m${String(++sent)}`) =>
    client.call({ type: 'send', conversationID: conversationID(), clientMsgID, messageType: 'TIMTextElem', payload: { text } });
  /** Moves the clock past the flood window, so the next sends are not refused as too fast. */
  const pastFloodWindow = () => clock.advance(roomChatRate.windowMs + 1);

  it('answers frames outside ImClientMessage with an error of id 0 and keeps the connection', async () => {
    const answers = await exchange([
      'not json',
      { id: 1, type: 'shout' },
      { id: 2, type: 'login', userID: 'u'.repeat(65), userSig: 'x' },
      { id: 3, type: 'profile', nick: 'a' },
      { id: 4, type: 'logout' },
    ]);
    const malformed = { type: 'error', id: 0, msg: translate(imSocketMessages.malformed, 'zh') };
    expect(answers).toEqual([malformed, malformed, malformed, malformed, { type: 'ok', id: 4 }]);
  });

  it('logs in with a signed userID, then takes the profile; refuses a bad signature and a profile before login', async () => {
    const sig = await messagingSigFor(app.serverContext, 'guest_test');
    const answers = await exchange([
      { id: 1, type: 'profile', nick: 'Ann', avatar: '' },
      { id: 2, type: 'login', userID: 'guest_test', userSig: 'nope' },
      { id: 3, type: 'login', userID: 'guest_test', userSig: sig },
      { id: 4, type: 'profile', nick: 'Ann', avatar: '' },
    ]);
    expect(answers).toEqual([
      { type: 'error', id: 1, msg: translate(imMessages.notLoggedIn, 'zh') },
      { type: 'error', id: 2, msg: translate(imMessages.badSignature, 'zh') },
      { type: 'ok', id: 3 },
      { type: 'ok', id: 4 },
    ]);
  });

  it('pages a room\'s history 15 at a time, newest last', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      sender_id: userIds[i % userIds.length]!,
      room_id: roomId,
      type: 'text' as const,
      payload: JSON.stringify({ text: `history ${String(i + 1)}` }),
      client_msg_id: `h${String(i + 1)}`,
    }));
    for (const row of rows) await database.db.insertInto('chat_messages').values(row).execute();
    const guest = await connect('guest_pager');
    const joined = await guest.call({ type: 'join_group', groupID: group() });
    expect(joined).toMatchObject({ type: 'group_joined', conversationID: conversationID() });
    const last = joined.type === 'group_joined' ? joined.lastSequence : 0;
    expect(last).toBeGreaterThanOrEqual(20);

    const first = await guest.call({ type: 'history', conversationID: conversationID() });
    if (first.type !== 'message_list') throw new Error(JSON.stringify(first));
    expect(first.messages).toHaveLength(15);
    expect(first.messages.map((message) => message.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => last - 14 + i));
    expect(first.messages.map(textOf).at(-1)).toBe('history 20');
    expect(first.messages[0]).toMatchObject({ conversationType: 'GROUP', to: group(), type: 'TIMTextElem' });
    expect(first.isCompleted).toBe(false);

    const second = await guest.call({ type: 'history', conversationID: conversationID(), beforeSequence: first.messages[0]!.sequence });
    if (second.type !== 'message_list') throw new Error(JSON.stringify(second));
    expect(second.messages.map(textOf)).toEqual(['history 1', 'history 2', 'history 3', 'history 4', 'history 5']);
    expect(second.isCompleted).toBe(true);
  });

  it('delivers a message to members on both server processes, and after a reconnect the missed ones in order, once each', async () => {
    const [senderId] = userIds;
    const sender = await connect(String(senderId));
    const here = await connect('guest_here');
    let away = await connect('guest_away', 'zh', otherUrl);
    for (const client of [sender, here, away]) expect(await client.call({ type: 'join_group', groupID: group() })).toMatchObject({ type: 'group_joined' });

    pastFloodWindow();
    const answer = await send(sender, 'hello both processes');
    expect(answer).toMatchObject({ type: 'sent', message: { from: String(senderId), conversationID: conversationID(), payload: { text: 'hello both processes' } } });
    const stored = answer.type === 'sent' ? answer.message : null;
    await here.until(() => here.messages().some((message) => message.ID === stored?.ID), 'the push on this process');
    await away.until(() => away.messages().some((message) => message.ID === stored?.ID), 'the push on the other process');
    const lastSeen = away.messages().at(-1)!.sequence;

    // The other process's viewer drops; three messages go out meanwhile, one of them sent twice (a retry).
    away.close();
    const missed: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const reply = await send(sender, text, `missed-${text}`);
      if (reply.type !== 'sent') throw new Error(JSON.stringify(reply));
      missed.push(reply.message.ID);
    }
    const retry = await send(sender, 'three', 'missed-three');
    expect(retry.type === 'sent' && retry.message.ID).toBe(missed[2]);

    away = await connect('guest_away', 'zh', otherUrl);
    await away.call({ type: 'join_group', groupID: group() });
    const caughtUp = await away.call({ type: 'sync', conversationID: conversationID(), afterSequence: lastSeen });
    if (caughtUp.type !== 'message_list') throw new Error(JSON.stringify(caughtUp));
    expect(caughtUp.messages.map((message) => message.ID)).toEqual(missed);
    expect(caughtUp.messages.map(textOf)).toEqual(['one', 'two', 'three']);
    const sequences = caughtUp.messages.map((message) => message.sequence);
    expect(sequences).toEqual([lastSeen + 1, lastSeen + 2, lastSeen + 3]);
    expect(caughtUp.isCompleted).toBe(true);
  });

  it('pushes the online count of the room to its members', async () => {
    const watcher = await connect('guest_counter');
    const joined = await watcher.call({ type: 'join_group', groupID: group() });
    const before = joined.type === 'group_joined' ? joined.onlineCount : -1;
    expect(before).toBeGreaterThanOrEqual(1);
    const newcomer = await connect('guest_newcomer', 'zh', otherUrl);
    await newcomer.call({ type: 'join_group', groupID: group() });
    await watcher.until(
      () => watcher.pushes.some((frame) => frame.type === 'online_count' && frame.count === before + 1),
      'the online count with the newcomer',
    );
  });

  it("refuses a guest's, a muted and a kicked-out viewer's message with the reason in their language; stores none", async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('room_id', '=', roomId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [, mutedId, kickedId] = userIds;
    const guest = await connect('guest_speaker', 'en');
    const muted = await connect(String(mutedId), 'en');
    const kicked = await connect(String(kickedId), 'zh');
    for (const client of [guest, muted, kicked]) await client.call({ type: 'join_group', groupID: group() });
    await database.db.insertInto('room_mutes').values({ room_id: roomId, user_id: mutedId!, until: null }).execute();
    await kickOut(app.serverContext, { roomId, userId: kickedId!, byUserId: anchorId, durationSeconds: 600 });
    const stored = await count();
    pastFloodWindow();

    expect(await send(guest, 'hi')).toMatchObject({ type: 'error', reason: 'guest', msg: 'Log in to chat' });
    expect(await send(muted, 'hi')).toMatchObject({ type: 'error', reason: 'muted', msg: 'You are muted in this room' });
    expect(await send(kicked, 'hi')).toMatchObject({ type: 'error', reason: 'kicked', msg: translate(roomChatMessages.kicked, 'zh') });
    expect(await count()).toBe(stored);
  });

  it('refuses a message too long and a flood; badges the anchor; keeps markup as text', async () => {
    const [, , , talkerId] = userIds;
    const talker = await connect(String(talkerId), 'en');
    const anchor = await connect(String(anchorId));
    for (const client of [talker, anchor]) await client.call({ type: 'join_group', groupID: group() });
    pastFloodWindow();
    expect(await send(talker, 'x'.repeat(roomChatMaxLength + 1))).toMatchObject({
      type: 'error',
      reason: 'too_long',
      msg: `A message may have at most ${String(roomChatMaxLength)} characters`,
    });
    const markup = '<img src=x onerror=alert(1)>';
    for (let i = 0; i < roomChatRate.messages; i++) expect(await send(talker, i === 0 ? markup : `line ${String(i)}`)).toMatchObject({ type: 'sent' });
    expect(await send(talker, 'one too many')).toMatchObject({ type: 'error', reason: 'too_fast' });
    const history = await talker.call({ type: 'history', conversationID: conversationID(), count: 15 });
    if (history.type !== 'message_list') throw new Error(JSON.stringify(history));
    expect(history.messages.map(textOf)).toContain(markup);
    expect(history.messages.find((message) => textOf(message) === markup)?.badge).toBeUndefined();

    expect(await send(anchor, 'welcome')).toMatchObject({ type: 'sent', message: { badge: 'anchor' } });
  });

  it('refuses history and sending in a group not joined, and groups that do not exist', async () => {
    const [, , , , loneId] = userIds;
    const lone = await connect(String(loneId));
    expect(await lone.call({ type: 'history', conversationID: conversationID() })).toMatchObject({ type: 'error', reason: 'not_member' });
    expect(await send(lone, 'hi')).toMatchObject({ type: 'error', reason: 'not_member' });
    expect(await lone.call({ type: 'join_group', groupID: 'live2000000000' })).toMatchObject({ type: 'error' });
    expect(
      await lone.call({ type: 'send', conversationID: 'C2C2000000000', clientMsgID: 'c1', messageType: 'TIMTextElem', payload: { text: 'hi' } }),
    ).toMatchObject({ type: 'error', reason: 'unavailable' });
  });

  it("deletes a room message for the anchor and a manager, not a viewer; everyone in the room, on both processes, is told", async () => {
    const [, , , , , speakerId, managerId, bystanderId] = userIds;
    await appointManager(app.serverContext, anchorId, managerId!);
    const speaker = await connect(String(speakerId), 'en');
    const bystander = await connect(String(bystanderId), 'en', otherUrl);
    const manager = await connect(String(managerId), 'en', otherUrl);
    const anchor = await connect(String(anchorId), 'en');
    const watcher = await connect('guest_deletion_watcher');
    for (const client of [speaker, bystander, manager, anchor, watcher]) await client.call({ type: 'join_group', groupID: group() });
    pastFloodWindow();
    const said = await send(speaker, 'spam spam spam');
    if (said.type !== 'sent') throw new Error(JSON.stringify(said));
    const { ID: messageID, sequence } = said.message;
    const revoke = (client: ImClient, id = messageID, conversation = conversationID()) =>
      client.call({ type: 'revoke', conversationID: conversation, messageID: id });
    const inHistory = async () => {
      const history = await watcher.call({ type: 'history', conversationID: conversationID() });
      if (history.type !== 'message_list') throw new Error(JSON.stringify(history));
      return history.messages.map((message) => message.ID);
    };
    const revocations = (client: ImClient) => client.pushes.filter((frame) => frame.type === 'message_revoked');

    // A viewer, even the one who wrote it, cannot delete; a guest is not logged in as a member.
    expect(await revoke(bystander)).toMatchObject({ type: 'error', reason: 'not_manager', msg: roomChatMessages.deleteNotManager });
    expect(await revoke(speaker)).toMatchObject({ type: 'error', reason: 'not_manager' });
    expect(await revoke(watcher)).toMatchObject({ type: 'error', reason: 'not_logged_in' });
    expect(await inHistory()).toContain(messageID);

    // The manager, on the other process, deletes it: every member of the room on both processes is told once.
    expect(await revoke(manager)).toMatchObject({ type: 'ok' });
    const told = { type: 'message_revoked', conversationID: conversationID(), messageID, sequence };
    for (const client of [speaker, bystander, anchor, watcher, manager]) {
      await client.until(() => revocations(client).length === 1, 'the revocation');
      expect(revocations(client)).toEqual([told]);
    }
    expect(await inHistory()).not.toContain(messageID);
    const synced = await watcher.call({ type: 'sync', conversationID: conversationID(), afterSequence: sequence - 1 });
    expect(synced.type === 'message_list' && synced.messages.map((message) => message.ID)).not.toContain(messageID);
    // Deleting it again is done already: answered ok, told to nobody again.
    expect(await revoke(anchor)).toMatchObject({ type: 'ok' });

    // A manager does not delete the anchor's words; the anchor deletes a manager's.
    pastFloodWindow();
    const anchorSaid = await send(anchor, 'welcome all');
    const managerSaid = await send(manager, 'be nice');
    if (anchorSaid.type !== 'sent' || managerSaid.type !== 'sent') throw new Error('not sent');
    expect(await revoke(manager, anchorSaid.message.ID)).toMatchObject({ type: 'error', reason: 'not_manager', msg: roomChatMessages.deleteStaff });
    expect(await revoke(anchor, managerSaid.message.ID)).toMatchObject({ type: 'ok' });
    await watcher.until(() => revocations(watcher).length === 2, 'the second revocation');
    expect(revocations(watcher).map((frame) => frame.type === 'message_revoked' && frame.messageID)).toEqual([messageID, managerSaid.message.ID]);

    // A message is deleted in its own room only.
    const otherRoom = await database.db.selectFrom('live_rooms').select('id').where('id', '<>', roomId).orderBy('id').executeTakeFirstOrThrow();
    expect(await revoke(anchor, anchorSaid.message.ID, `GROUPlive${String(otherRoom.id)}`)).toMatchObject({ type: 'error' });
    expect(await inHistory()).toContain(anchorSaid.message.ID);
  });
});
