import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError, ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { forgetSessions } from '../account/account-public.ts';
import { kickOut } from './kickout-service.ts';
import { anchorRoomOf, chatRulesOf, existingRoom, standingIn } from './room-info-service.ts';
import { roomListCacheKey, type RoomRow } from './room-list-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

// Moderation of a live room (SPEC §5, §6): the anchor appoints up to 200 managers; the anchor and the
// managers mute, unmute and kick viewers and set the chat's rules, which the messaging server enforces
// (room-chat-service.ts). Nobody moderates the anchor or a manager.

type ChatRules = DataOf<'liveSetChatRules'>;
type RoomManager = DataOf<'roomManageSetAdministrations'>;

/** SPEC §5, §9: a room has at most 200 managers. */
export const maxRoomManagers = 200;

export const moderationMessages = {
  notManager: "Only the room's anchor and managers may do this",
  staffExempt: "The room's anchor and managers cannot be muted or kicked out",
  notYourself: 'You cannot do this to yourself',
  userNotFound: 'User not found',
  tooManyManagers: 'A room has at most {max} managers',
  alreadyManager: 'This user is already a manager of your room',
  notAManager: 'This user is not a manager of your room',
  notMuted: 'This user is not muted in this room',
  noRuleGiven: 'Input error: give at least one rule (slow_seconds, followers_only or block_links)',
} as const;

/** The room, when the caller is its anchor or one of its managers; else code 1. */
async function moderatedRoom(server: ServerContext, callerId: number, roomId: number): Promise<RoomRow> {
  const room = await existingRoom(server, roomId);
  if ((await standingIn(server, room, callerId)).is_manager !== 1) throw new DomainError(moderationMessages.notManager);
  return room;
}

/** A viewer that may be moderated: a real user, not the caller, not the anchor nor a manager of the room. */
async function moderatedViewer(server: ServerContext, room: RoomRow, callerId: number, userId: number): Promise<void> {
  if (userId === callerId) throw new DomainError(moderationMessages.notYourself);
  const user = await server.database.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError(moderationMessages.userNotFound);
  if ((await standingIn(server, room, userId)).is_manager === 1) throw new DomainError(moderationMessages.staffExempt);
}

/** Live/setTaboo: mutes a viewer's chat in the room for `duration` seconds (a second mute replaces the first). */
export async function muteViewer(server: ServerContext, callerId: number, input: InputOf<'liveSetTaboo'>): Promise<DataOf<'liveSetTaboo'>> {
  const room = await moderatedRoom(server, callerId, input.room_id);
  await moderatedViewer(server, room, callerId, input.uid);
  const now = server.clock.now();
  const until = new Date(now.getTime() + input.duration * 1000);
  await server.database.db
    .insertInto('room_mutes')
    .values({ room_id: room.id, user_id: input.uid, by_user_id: callerId, until, reason: input.reason ?? '', created_at: now })
    .onConflict((conflict) =>
      conflict.columns(['room_id', 'user_id']).doUpdateSet({ until, by_user_id: callerId, reason: input.reason ?? '', created_at: now }),
    )
    .execute();
  return { room_id: room.id, uid: input.uid, until: timestampOf(until) };
}

/** RoomManage/relieveTaboo: lifts a viewer's mute in the room. */
export async function unmuteViewer(server: ServerContext, callerId: number, input: InputOf<'roomManageRelieveTaboo'>): Promise<null> {
  const room = await moderatedRoom(server, callerId, input.room_id);
  const lifted = await server.database.db
    .deleteFrom('room_mutes')
    .where('room_id', '=', room.id)
    .where('user_id', '=', input.uid)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', server.clock.now())]))
    .executeTakeFirst();
  if (lifted.numDeletedRows === 0n) throw new DomainError(moderationMessages.notMuted);
  return null;
}

/** live/liveKickout: the viewer leaves the room (the socket's push) and stays out for `duration` seconds. */
export async function kickViewer(server: ServerContext, callerId: number, input: InputOf<'liveLiveKickout'>): Promise<DataOf<'liveLiveKickout'>> {
  const room = await moderatedRoom(server, callerId, input.room_id);
  await moderatedViewer(server, room, callerId, input.uid);
  const reason = input.reason ?? '';
  const { until } = await kickOut(server, { roomId: room.id, userId: input.uid, byUserId: callerId, durationSeconds: input.duration ?? 3600, reason });
  return { room_id: room.id, uid: input.uid, until, reason };
}

/** live/setChatRules: the fields given replace the room's rules; the lists' memory forgets the room at once. */
export async function setChatRules(server: ServerContext, callerId: number, input: InputOf<'liveSetChatRules'>): Promise<ChatRules> {
  if (input.slow_seconds === undefined && input.followers_only === undefined && input.block_links === undefined) {
    throw new DomainError(moderationMessages.noRuleGiven);
  }
  const room = await moderatedRoom(server, callerId, input.room_id);
  const updated = await server.database.db
    .updateTable('live_rooms')
    .set({
      ...(input.slow_seconds === undefined ? {} : { chat_slow_seconds: input.slow_seconds }),
      ...(input.followers_only === undefined ? {} : { chat_followers_only: input.followers_only === 1 }),
      ...(input.block_links === undefined ? {} : { chat_block_links: input.block_links === 1 }),
    })
    .where('id', '=', room.id)
    .returning(['chat_slow_seconds', 'chat_followers_only', 'chat_block_links'])
    .executeTakeFirstOrThrow();
  server.cache.invalidate(roomListCacheKey);
  return chatRulesOf(updated);
}

function managerQuery(server: ServerContext, roomId: number) {
  return server.database.db
    .selectFrom('room_managers')
    .innerJoin('users', 'users.id', 'room_managers.user_id')
    .select(['users.id', 'users.user_nickname', 'users.avatar', 'users.exp_icon', 'users.is_anchor', 'room_managers.created_at'])
    .where('room_managers.room_id', '=', roomId)
    .where('users.disabled_at', 'is', null)
    .orderBy('room_managers.created_at', 'desc')
    .orderBy('users.id', 'desc');
}

type ManagerRow = Awaited<ReturnType<ReturnType<typeof managerQuery>['execute']>>[number];

function toManager(row: ManagerRow): RoomManager {
  return {
    user: { id: row.id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
    create_time: timestampOf(row.created_at),
  };
}

/** live/assistantList: a room's managers as viewers see them, newest first. */
export async function roomAssistants(server: ServerContext, roomId: number): Promise<RoomManager[]> {
  const room = await existingRoom(server, roomId);
  return (await managerQuery(server, room.id).limit(maxRoomManagers).execute()).map(toManager);
}

/** RoomManage/getLiveRoomManageList: the managers of the anchor's own room, with the cap. */
export async function ownRoomManagers(server: ServerContext, anchorId: number): Promise<DataOf<'roomManageGetLiveRoomManageList'>> {
  const room = await anchorRoomOf(server, anchorId);
  const list = (await managerQuery(server, room.id).limit(maxRoomManagers).execute()).map(toManager);
  return { list, total: list.length, max: maxRoomManagers };
}

/**
 * RoomManage/setAdministrations: appoints a manager of the anchor's own room. The count and the insert share
 * one transaction holding the room's row, so two appointments at once cannot pass the cap together.
 */
export async function appointManager(server: ServerContext, anchorId: number, userId: number): Promise<RoomManager> {
  const room = await anchorRoomOf(server, anchorId);
  if (userId === anchorId) throw new DomainError(moderationMessages.notYourself);
  await server.database.db.transaction().execute(async (trx) => {
    await trx.selectFrom('live_rooms').select('id').where('id', '=', room.id).forUpdate().executeTakeFirstOrThrow();
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).where('disabled_at', 'is', null).executeTakeFirst();
    if (!user) throw new DomainError(moderationMessages.userNotFound);
    const { n } = await trx
      .selectFrom('room_managers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('room_id', '=', room.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= maxRoomManagers) throw new DomainError(moderationMessages.tooManyManagers, ResultCode.error, { max: maxRoomManagers });
    const added = await trx
      .insertInto('room_managers')
      .values({ room_id: room.id, user_id: userId, appointed_by: anchorId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!added) throw new DomainError(moderationMessages.alreadyManager);
  });
  // Sessions hold their roles for a moment: the new manager's gets the role now.
  forgetSessions(server);
  const row = await managerQuery(server, room.id).where('users.id', '=', userId).executeTakeFirstOrThrow();
  return toManager(row);
}

/** RoomManage/delLiveRoomManage: removes a manager of the anchor's own room. */
export async function removeManager(server: ServerContext, anchorId: number, userId: number): Promise<null> {
  const room = await anchorRoomOf(server, anchorId);
  const removed = await server.database.db.deleteFrom('room_managers').where('room_id', '=', room.id).where('user_id', '=', userId).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new DomainError(moderationMessages.notAManager);
  forgetSessions(server);
  return null;
}
