import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { existingRoom } from './room-info-service.ts';

type FanGroup = DataOf<'liveAddshowGroup'>;

export const fanGroupMessages = {
  notYours: 'Fan group not found',
} as const;

/** Fan groups (chat_groups of kind fan, not dissolved) with their member counts and the viewer's membership. */
function fanGroups(server: ServerContext, viewerId: number | null) {
  return server.database.db
    .selectFrom('chat_groups')
    .select((eb) => [
      'chat_groups.id',
      'chat_groups.name',
      'chat_groups.avatar',
      'chat_groups.is_shown',
      eb
        .selectFrom('chat_group_members')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('chat_group_members.group_id', '=', 'chat_groups.id')
        .as('member_count'),
      viewerId === null
        ? sql<boolean>`false`.as('is_joined')
        : eb
            .exists(
              eb
                .selectFrom('chat_group_members')
                .select('chat_group_members.user_id')
                .whereRef('chat_group_members.group_id', '=', 'chat_groups.id')
                .where('chat_group_members.user_id', '=', viewerId),
            )
            .as('is_joined'),
    ])
    .where('chat_groups.kind', '=', 'fan')
    .where('chat_groups.dissolved_at', 'is', null)
    .orderBy('chat_groups.id');
}

function toFanGroup(row: { id: number; name: string; avatar: string; is_shown: boolean; member_count: number | null; is_joined: boolean | number }): FanGroup {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    member_count: Number(row.member_count ?? 0),
    is_show: row.is_shown ? 1 : 0,
    is_joined: row.is_joined ? 1 : 0,
  };
}

/** live/getLiveGroupList: the fan groups the room's anchor shows in the room. */
export async function shownFanGroups(server: ServerContext, roomId: number, viewerId: number | null): Promise<DataOf<'liveGetLiveGroupList'>> {
  const room = await existingRoom(server, roomId);
  const rows = await fanGroups(server, viewerId).where('chat_groups.owner_id', '=', room.anchor_id).where('chat_groups.is_shown', '=', true).execute();
  return rows.map(toFanGroup);
}

/** live/groupList: the anchor's own fan groups, shown or not. */
export async function ownFanGroups(server: ServerContext, anchorId: number): Promise<DataOf<'liveGroupList'>> {
  const rows = await fanGroups(server, anchorId).where('chat_groups.owner_id', '=', anchorId).execute();
  return rows.map(toFanGroup);
}

/** live/addshowGroup: shows one of the anchor's fan groups in the room, or hides it. */
export async function showFanGroup(server: ServerContext, anchorId: number, groupId: number, show: boolean): Promise<FanGroup> {
  const updated = await server.database.db
    .updateTable('chat_groups')
    .set({ is_shown: show })
    .where('id', '=', groupId)
    .where('owner_id', '=', anchorId)
    .where('kind', '=', 'fan')
    .where('dissolved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new DomainError(fanGroupMessages.notYours);
  const row = await fanGroups(server, anchorId).where('chat_groups.id', '=', groupId).executeTakeFirstOrThrow();
  return toFanGroup(row);
}
