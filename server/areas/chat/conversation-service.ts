import { sql } from 'kysely';
import type { components } from '../../../src/api/schema.d.ts';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { conversationKey, lastSequence, selectMessages, toImMessage, type Conversation } from './message-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

// Private chat on the messaging core: who may write to whom (blocks, group membership), read
// state and the conversation list as tim-js-sdk shapes it (SPEC §3 conversation item).

export type ImConversation = components['schemas']['ImConversation'];
type UserRelation = DataOf<'groupCrossCorrelation'>;

export const conversationMessages = {
  blocked: 'You cannot message this user',
  noUser: 'User not found',
  self: 'You cannot message yourself',
  noGroup: 'No such group',
  notMember: 'You are not a member of this group',
} as const;

/** Seconds, as the contract's Timestamp. */
/** The relation between `userId` and `otherId`: follows both ways and blocks both ways. */
export async function relationOf(server: ServerContext, userId: number, otherId: number): Promise<UserRelation> {
  const { db } = server.database;
  const [follows, blocks] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['user_id', 'target_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('target_id', '=', otherId)]),
          eb.and([eb('user_id', '=', otherId), eb('target_id', '=', userId)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('user_blocks')
      .select(['user_id', 'target_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('target_id', '=', otherId)]),
          eb.and([eb('user_id', '=', otherId), eb('target_id', '=', userId)]),
        ]),
      )
      .execute(),
  ]);
  const mine = (rows: { user_id: number }[]) => (rows.some((row) => Number(row.user_id) === userId) ? 1 : 0);
  const theirs = (rows: { user_id: number }[]) => (rows.some((row) => Number(row.user_id) === otherId) ? 1 : 0);
  return { uid: otherId, is_following: mine(follows), is_followed: theirs(follows), is_blocked: mine(blocks), is_blocked_by: theirs(blocks) };
}

async function activeUser(server: ServerContext, userId: number): Promise<{ id: number; user_nickname: string; avatar: string } | undefined> {
  return server.database.db
    .selectFrom('users')
    .select(['id', 'user_nickname', 'avatar'])
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** group/setBlock: blocking is one-sided; either side's block stops private messages both ways. */
export async function setBlock(server: ServerContext, userId: number, targetId: number, block: boolean): Promise<UserRelation> {
  if (targetId === userId) throw new DomainError(conversationMessages.self);
  if (!(await activeUser(server, targetId))) throw new DomainError(conversationMessages.noUser);
  const { db } = server.database;
  if (block) {
    await db
      .insertInto('user_blocks')
      .values({ user_id: userId, target_id: targetId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'target_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('user_blocks').where('user_id', '=', userId).where('target_id', '=', targetId).execute();
  }
  return relationOf(server, userId, targetId);
}

/** Why `senderId` may not write to `peerId` (a message id of the server's catalogue), or null when they may. */
export async function c2cRefusal(server: ServerContext, senderId: number, peerId: number): Promise<{ msg: string; blocked: boolean } | null> {
  if (senderId === peerId) return { msg: conversationMessages.self, blocked: false };
  if (!(await activeUser(server, peerId))) return { msg: conversationMessages.noUser, blocked: false };
  const block = await server.database.db
    .selectFrom('user_blocks')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', senderId), eb('target_id', '=', peerId)]),
        eb.and([eb('user_id', '=', peerId), eb('target_id', '=', senderId)]),
      ]),
    )
    .executeTakeFirst();
  return block ? { msg: conversationMessages.blocked, blocked: true } : null;
}

/** The member's role in a live chat group (not a fan group, not dissolved), or null. */
export async function groupRole(server: ServerContext, groupId: number, userId: number): Promise<'owner' | 'admin' | 'member' | null> {
  const row = await server.database.db
    .selectFrom('chat_group_members')
    .innerJoin('chat_groups', 'chat_groups.id', 'chat_group_members.group_id')
    .select('chat_group_members.role')
    .where('chat_group_members.group_id', '=', groupId)
    .where('chat_group_members.user_id', '=', userId)
    .where('chat_groups.kind', '=', 'group')
    .where('chat_groups.dissolved_at', 'is', null)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function groupMemberIds(server: ServerContext, groupId: number): Promise<number[]> {
  const rows = await server.database.db.selectFrom('chat_group_members').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => Number(row.user_id));
}

/**
 * Marks a conversation read for `userId`. For C2C answers the sequence the peer's messages are read up to
 * (the receipt the peer is told), or null when nothing was unread.
 */
export async function markRead(server: ServerContext, userId: number, conversation: Conversation): Promise<{ peerId: number; sequence: number } | null> {
  const { db } = server.database;
  if (conversation.kind === 'c2c') {
    const peerId = Number(conversation.peerID);
    const rows = await db
      .updateTable('chat_messages')
      .set({ read_at: server.clock.now() })
      .where('receiver_id', '=', userId)
      .where('sender_id', '=', peerId)
      .where('read_at', 'is', null)
      .returning('seq')
      .execute();
    if (rows.length === 0) return null;
    return { peerId, sequence: Math.max(...rows.map((row) => Number(row.seq))) };
  }
  if (conversation.kind === 'group') {
    const last = await lastSequence(server, conversationKey(conversation, userId));
    await db
      .updateTable('chat_group_members')
      .set({ last_read_seq: last })
      .where('group_id', '=', conversation.groupId)
      .where('user_id', '=', userId)
      .where('last_read_seq', '<', last)
      .execute();
  }
  return null;
}

/** The sender has read their own group conversation up to what they sent. */
export async function readOwnGroupMessage(server: ServerContext, groupId: number, userId: number, sequence: number): Promise<void> {
  await server.database.db
    .updateTable('chat_group_members')
    .set({ last_read_seq: sequence })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('last_read_seq', '<', sequence)
    .execute();
}

/** `userId`'s conversations, newest first: one-to-one talks they took part in and the chat groups they are in. */
export async function conversationList(server: ServerContext, userId: number, only?: Conversation): Promise<ImConversation[]> {
  const { db } = server.database;
  const viewer = String(userId);
  const conversations: { conversation: ImConversation; at: number }[] = [];

  if (!only || only.kind === 'c2c') {
    let latest = selectMessages(server)
      .where('chat_messages.receiver_id', 'is not', null)
      .where((eb) => eb.or([eb('chat_messages.sender_id', '=', userId), eb('chat_messages.receiver_id', '=', userId)]));
    if (only?.kind === 'c2c') latest = latest.where('chat_messages.conversation_key', '=', conversationKey(only, userId));
    const rows = await latest
      .distinctOn('chat_messages.conversation_key')
      .orderBy('chat_messages.conversation_key')
      .orderBy('chat_messages.seq', 'desc')
      .execute();
    const peerIds = rows.map((row) => (Number(row.sender_id) === userId ? Number(row.receiver_id) : Number(row.sender_id)));
    if (only?.kind === 'c2c' && rows.length === 0) peerIds.push(Number(only.peerID));
    const [peers, unread] = peerIds.length
      ? await Promise.all([
          db.selectFrom('users').select(['id', 'user_nickname', 'avatar']).where('id', 'in', peerIds).execute(),
          db
            .selectFrom('chat_messages')
            .select((eb) => ['sender_id', eb.fn.countAll<string>().as('n')])
            .where('receiver_id', '=', userId)
            .where('read_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('sender_id', 'in', peerIds)
            .groupBy('sender_id')
            .execute(),
        ])
      : [[], []];
    for (const peerId of peerIds) {
      const peer = peers.find((candidate) => Number(candidate.id) === peerId);
      if (!peer) continue;
      const row = rows.find((candidate) => Number(candidate.sender_id) === peerId || Number(candidate.receiver_id) === peerId);
      const lastMessage = row ? toImMessage(row, viewer) : null;
      conversations.push({
        at: lastMessage?.time ?? 0,
        conversation: {
          conversationID: `C2C${String(peerId)}`,
          type: 'C2C',
          userProfile: { userID: String(peerId), nick: peer.user_nickname, avatar: peer.avatar },
          lastMessage,
          unreadCount: Number(unread.find((count) => Number(count.sender_id) === peerId)?.n ?? 0),
        },
      });
    }
  }

  if (!only || only.kind === 'group') {
    let groups = db
      .selectFrom('chat_group_members')
      .innerJoin('chat_groups', 'chat_groups.id', 'chat_group_members.group_id')
      .leftJoin('chat_conversation_seqs', (join) =>
        join.on(sql<boolean>`chat_conversation_seqs.conversation_key = 'GROUP' || chat_groups.id`),
      )
      .select([
        'chat_groups.id',
        'chat_groups.name',
        'chat_groups.avatar',
        'chat_groups.owner_id',
        'chat_groups.created_at',
        'chat_group_members.last_read_seq',
        'chat_conversation_seqs.last_seq',
      ])
      .where('chat_group_members.user_id', '=', userId)
      .where('chat_groups.kind', '=', 'group')
      .where('chat_groups.dissolved_at', 'is', null);
    if (only?.kind === 'group') groups = groups.where('chat_groups.id', '=', only.groupId);
    const rows = await groups.execute();
    const keys = rows.map((row) => `GROUP${String(row.id)}`);
    const lastMessages = keys.length
      ? await selectMessages(server)
          .where('chat_messages.conversation_key', 'in', keys)
          .distinctOn('chat_messages.conversation_key')
          .orderBy('chat_messages.conversation_key')
          .orderBy('chat_messages.seq', 'desc')
          .execute()
      : [];
    for (const row of rows) {
      const last = lastMessages.find((message) => Number(message.group_id) === Number(row.id));
      const lastMessage = last ? toImMessage(last, viewer) : null;
      conversations.push({
        at: lastMessage?.time ?? timestampOf(row.created_at),
        conversation: {
          conversationID: `GROUP${String(row.id)}`,
          type: 'GROUP',
          groupProfile: { groupID: String(row.id), name: row.name, avatar: row.avatar, ownerID: String(row.owner_id) },
          lastMessage,
          unreadCount: Math.max(0, Number(row.last_seq ?? 0) - Number(row.last_read_seq)),
        },
      });
    }
  }

  return conversations.sort((a, b) => b.at - a.at).map((entry) => entry.conversation);
}
