import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { conversationMessages, groupRole, type ImConversation } from './conversation-service.ts';
import { pushConversation, pushToMember } from './message-delivery.ts';
import { firstLetter } from './pinyin-initial.ts';
import { isSiteLink } from './site-link.ts';
import { timestampOf } from '../../contract/timestamp.ts';

// Chat groups: created by a member who becomes the owner, joined by whoever a member adds,
// dissolved by the owner only. Their conversation is GROUP<id> on the messaging core.

type ChatGroup = DataOf<'groupAddgroup'>;
type ChatUserCard = DataOf<'groupGetRecommendUserList'>[number];
type AddressBook = DataOf<'groupAddressBook'>;
type GroupMember = DataOf<'groupGroupMembers'>[number];

/** The contract's limit: a group has at most 200 members, its owner included. */
export const groupMemberLimit = 200;
/** The picture of a group that was given none: generated art served by the site (public/emoji). */
export const defaultGroupAvatar = '/emoji/group.svg';

export const groupMessages = {
  ownerOnly: 'Only the owner can dissolve the group',
  ownerStays: 'The owner cannot leave the group; dissolve it instead',
  full: 'A group has at most {max} members',
  noUsers: 'User not found',
  blocksYou: 'You cannot add a user who has blocked you',
} as const;

/** Refuses a group that would reach someone who blocks the caller (a block holds in groups as in one-to-one talk). */
async function refuseBlockers(server: ServerContext, callerId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const blocker = await server.database.db
    .selectFrom('user_blocks')
    .select('user_id')
    .where('user_id', 'in', [...ids])
    .where('target_id', '=', callerId)
    .executeTakeFirst();
  if (blocker) throw new DomainError(groupMessages.blocksYou);
}

async function pushRemoved(server: ServerContext, userId: number, conversation: ImConversation): Promise<void> {
  await pushToMember(server, userId, { type: 'conversation', conversation, removed: true });
}

async function pushGroupConversation(server: ServerContext, groupId: number, userIds: readonly number[]): Promise<void> {
  await pushConversation(server, userIds, () => ({ kind: 'group', groupId, groupID: String(groupId) }));
}

function groupsQuery(server: ServerContext, viewerId: number) {
  return server.database.db
    .selectFrom('chat_groups')
    .innerJoin('users as owner', 'owner.id', 'chat_groups.owner_id')
    .select((eb) => [
      'chat_groups.id',
      'chat_groups.name',
      'chat_groups.avatar',
      'chat_groups.notice',
      'chat_groups.max_members',
      'chat_groups.created_at',
      'owner.id as owner_id',
      'owner.user_nickname as owner_nickname',
      'owner.avatar as owner_avatar',
      'owner.exp_icon as owner_exp_icon',
      'owner.is_anchor as owner_is_anchor',
      eb
        .selectFrom('chat_group_members')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('chat_group_members.group_id', '=', 'chat_groups.id')
        .as('member_count'),
      eb
        .exists(
          eb
            .selectFrom('chat_group_members as mine')
            .select('mine.user_id')
            .whereRef('mine.group_id', '=', 'chat_groups.id')
            .where('mine.user_id', '=', viewerId),
        )
        .as('is_member'),
    ])
    .where('chat_groups.kind', '=', 'group')
    .where('chat_groups.dissolved_at', 'is', null);
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>['execute']>>[number];

function toChatGroup(row: GroupRow): ChatGroup {
  return {
    id: Number(row.id),
    name: row.name,
    avatar: row.avatar,
    introduction: row.notice,
    owner: {
      id: Number(row.owner_id),
      user_nickname: row.owner_nickname,
      avatar: row.owner_avatar,
      exp_icon: row.owner_exp_icon,
      is_anchor: row.owner_is_anchor === 1 ? 1 : 0,
    },
    member_count: Math.max(1, Number(row.member_count ?? 1)),
    max_members: Math.min(groupMemberLimit, row.max_members),
    is_member: row.is_member ? 1 : 0,
    created_at: timestampOf(row.created_at),
  };
}

async function groupFor(server: ServerContext, groupId: number, viewerId: number): Promise<ChatGroup> {
  const row = await groupsQuery(server, viewerId).where('chat_groups.id', '=', groupId).executeTakeFirst();
  if (!row) throw new DomainError(conversationMessages.noGroup);
  return toChatGroup(row);
}

async function existingUsers(server: ServerContext, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await server.database.db.selectFrom('users').select('id').where('id', 'in', [...ids]).where('disabled_at', 'is', null).execute();
  return rows.map((row) => Number(row.id));
}

/** group/addgroup: the caller owns the new group and is its first member. */
export async function createGroup(
  server: ServerContext,
  ownerId: number,
  input: { name: string; member_ids: number[]; introduction?: string; avatar?: string },
): Promise<ChatGroup> {
  const memberIds = (await existingUsers(server, input.member_ids)).filter((id) => id !== ownerId);
  if (memberIds.length === 0) throw new DomainError(groupMessages.noUsers);
  if (memberIds.length + 1 > groupMemberLimit) throw new DomainError(groupMessages.full, undefined, { max: groupMemberLimit });
  await refuseBlockers(server, ownerId, memberIds);
  const now = server.clock.now();
  const groupId = await server.database.db.transaction().execute(async (trx) => {
    const group = await trx
      .insertInto('chat_groups')
      .values({
        kind: 'group',
        owner_id: ownerId,
        name: input.name,
        avatar: input.avatar && isSiteLink(input.avatar) ? input.avatar : defaultGroupAvatar,
        notice: input.introduction ?? '',
        max_members: groupMemberLimit,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('chat_group_members')
      .values([
        { group_id: group.id, user_id: ownerId, role: 'owner', joined_at: now },
        ...memberIds.map((userId) => ({ group_id: group.id, user_id: userId, role: 'member' as const, joined_at: now })),
      ])
      .execute();
    return Number(group.id);
  });
  await pushGroupConversation(server, groupId, [ownerId, ...memberIds]);
  return groupFor(server, groupId, ownerId);
}

/** group/addGroupUser: any member adds users; those already in are skipped. */
export async function addGroupMembers(server: ServerContext, userId: number, groupId: number, ids: number[]): Promise<ChatGroup> {
  if (!(await groupRole(server, groupId, userId))) throw new DomainError(conversationMessages.notMember);
  const candidates = await existingUsers(server, ids);
  await refuseBlockers(server, userId, candidates);
  const added = await server.database.db.transaction().execute(async (trx) => {
    // The group row is locked so two adds at once cannot pass the limit together.
    await trx.selectFrom('chat_groups').select('id').where('id', '=', groupId).forUpdate().executeTakeFirstOrThrow();
    const present = new Set(
      (await trx.selectFrom('chat_group_members').select('user_id').where('group_id', '=', groupId).execute()).map((row) => Number(row.user_id)),
    );
    const fresh = candidates.filter((id) => !present.has(id));
    if (present.size + fresh.length > groupMemberLimit) throw new DomainError(groupMessages.full, undefined, { max: groupMemberLimit });
    if (fresh.length > 0) {
      const now = server.clock.now();
      await trx
        .insertInto('chat_group_members')
        .values(fresh.map((id) => ({ group_id: groupId, user_id: id, role: 'member' as const, joined_at: now })))
        .execute();
    }
    return fresh;
  });
  await pushGroupConversation(server, groupId, added);
  return groupFor(server, groupId, userId);
}

function removedConversation(groupId: number): ImConversation {
  return {
    conversationID: `GROUP${String(groupId)}`,
    type: 'GROUP',
    groupProfile: { groupID: String(groupId), name: '', avatar: defaultGroupAvatar, ownerID: '' },
    lastMessage: null,
    unreadCount: 0,
  };
}

/** group/destroyGroupNew: the owner ends the group for every member. */
export async function dissolveGroup(server: ServerContext, userId: number, groupId: number): Promise<null> {
  const role = await groupRole(server, groupId, userId);
  if (!role) throw new DomainError(conversationMessages.noGroup);
  if (role !== 'owner') throw new DomainError(groupMessages.ownerOnly);
  const { db } = server.database;
  await db.updateTable('chat_groups').set({ dissolved_at: server.clock.now() }).where('id', '=', groupId).execute();
  const members = await db.selectFrom('chat_group_members').select('user_id').where('group_id', '=', groupId).execute();
  await Promise.all(members.map((member) => pushRemoved(server, Number(member.user_id), removedConversation(groupId))));
  return null;
}

/** group/quitGroup: a member leaves; the owner dissolves instead. */
export async function leaveGroup(server: ServerContext, userId: number, groupId: number): Promise<null> {
  const role = await groupRole(server, groupId, userId);
  if (!role) throw new DomainError(conversationMessages.notMember);
  if (role === 'owner') throw new DomainError(groupMessages.ownerStays);
  await server.database.db.deleteFrom('chat_group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  await pushRemoved(server, userId, removedConversation(groupId));
  return null;
}

/** group/groupMembers: the owner first, then in the order they joined; members only. */
export async function groupMembers(server: ServerContext, userId: number, groupId: number): Promise<GroupMember[]> {
  if (!(await groupRole(server, groupId, userId))) throw new DomainError(conversationMessages.notMember);
  const rows = await server.database.db
    .selectFrom('chat_group_members')
    .innerJoin('users', 'users.id', 'chat_group_members.user_id')
    .select(['users.id', 'users.user_nickname', 'users.avatar', 'users.exp_icon', 'users.is_anchor', 'chat_group_members.role', 'chat_group_members.joined_at'])
    .where('chat_group_members.group_id', '=', groupId)
    .orderBy((eb) => eb.case().when('chat_group_members.role', '=', 'owner').then(0).else(1).end())
    .orderBy('chat_group_members.joined_at')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    exp_icon: row.exp_icon,
    is_anchor: row.is_anchor === 1 ? 1 : 0,
    role: row.role,
    joined_at: timestampOf(row.joined_at),
  }));
}

/** Users either side blocked, who are left out of everything offered to `userId`. */
function blockedIds(server: ServerContext, userId: number) {
  const { db } = server.database;
  return db
    .selectFrom('user_blocks')
    .select('target_id as id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('user_blocks').select('user_id as id').where('target_id', '=', userId));
}

/** group/getRecommendUserList: the most followed users, the caller and blocked users left out. */
export async function recommendedUsers(server: ServerContext, userId: number, limit = 20): Promise<ChatUserCard[]> {
  const rows = await server.database.db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      'users.signature',
      eb.selectFrom('follows').select(eb.fn.countAll<string>().as('n')).whereRef('follows.target_id', '=', 'users.id').as('fan_count'),
      eb
        .exists(eb.selectFrom('follows as mine').select('mine.user_id').whereRef('mine.target_id', '=', 'users.id').where('mine.user_id', '=', userId))
        .as('is_followed'),
    ])
    .where('users.id', '!=', userId)
    .where('users.disabled_at', 'is', null)
    .where('users.id', 'not in', blockedIds(server, userId))
    .orderBy('fan_count', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    exp_icon: row.exp_icon,
    is_anchor: row.is_anchor === 1 ? 1 : 0,
    signature: row.signature ?? '',
    fan_count: Number(row.fan_count ?? 0),
    is_followed: row.is_followed ? 1 : 0,
  }));
}

/** group/getRecommendGroupList: the largest groups. */
export async function recommendedGroups(server: ServerContext, userId: number, limit = 20): Promise<ChatGroup[]> {
  const rows = await groupsQuery(server, userId).orderBy('member_count', 'desc').orderBy('chat_groups.id', 'desc').limit(limit).execute();
  return rows.map(toChatGroup);
}

/** group/addressBook: followed users and followers (SPEC §3 contact list, A to Z then '#'), and own groups. */
export async function addressBook(server: ServerContext, userId: number): Promise<AddressBook> {
  const { db } = server.database;
  const contactIds = db
    .selectFrom('follows')
    .select('target_id as id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('follows').select('user_id as id').where('target_id', '=', userId));
  const [users, groups] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'user_nickname', 'avatar', 'exp_icon', 'is_anchor'])
      .where('id', 'in', contactIds)
      .where('id', 'not in', blockedIds(server, userId))
      .where('disabled_at', 'is', null)
      .execute(),
    groupsQuery(server, userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('chat_group_members as mine')
            .select('mine.user_id')
            .whereRef('mine.group_id', '=', 'chat_groups.id')
            .where('mine.user_id', '=', userId),
        ),
      )
      .orderBy('chat_groups.id', 'desc')
      .execute(),
  ]);
  const sections = new Map<AddressBook['sections'][number]['letter'], AddressBook['sections'][number]['users']>();
  const collator = new Intl.Collator(['zh-Hans-CN-u-co-pinyin', 'en']);
  for (const user of [...users].sort((a, b) => collator.compare(a.user_nickname, b.user_nickname))) {
    const letter = firstLetter(user.user_nickname);
    const section = sections.get(letter) ?? [];
    section.push({
      id: Number(user.id),
      user_nickname: user.user_nickname,
      avatar: user.avatar,
      exp_icon: user.exp_icon,
      is_anchor: user.is_anchor === 1 ? 1 : 0,
    });
    sections.set(letter, section);
  }
  const order = [...sections.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
  return { sections: order.map((letter) => ({ letter, users: sections.get(letter) ?? [] })), groups: groups.map(toChatGroup) };
}
