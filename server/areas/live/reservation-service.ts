import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { LiveStatus } from '../../db/tables/column-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { matchBriefs, type LiveMatchBrief } from './match-brief.ts';
import { anchorRoomOf } from './room-info-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

type Schedule = DataOf<'liveStreamingGetReserveLiveList'>['list'][number];
type ReserveState = DataOf<'liveReserveMatch'>;
type Reminder = DataOf<'liveStreamingGetUserReserveLiveList'>['list'][number];

export const reservationMessages = {
  matchNotFound: 'Match not found',
  matchOver: 'This match is over',
  scheduleNotFound: 'Scheduled broadcast not found',
  scheduleBegun: 'This broadcast has already begun',
  notYourSchedule: 'Only the anchor who scheduled this broadcast may delete it',
  startPassed: 'The broadcast must begin in the future',
} as const;

/** A broadcast that began this long ago and whose room is still on air is still shown as on now. */
const onAirWindowMs = 6 * 3600_000;

function selectSchedules(server: ServerContext) {
  return server.database.db
    .selectFrom('live_schedules')
    .innerJoin('live_rooms', 'live_rooms.id', 'live_schedules.room_id')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .select((eb) => [
      'live_schedules.id',
      'live_schedules.room_id',
      'live_schedules.title',
      'live_schedules.match_id',
      'live_schedules.start_time',
      'live_rooms.status as room_status',
      'users.id as anchor_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      eb
        .selectFrom('live_reservations')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('live_reservations.schedule_id', '=', 'live_schedules.id')
        .as('reserve_count'),
    ])
    .where('users.disabled_at', 'is', null);
}

type ScheduleRow = Awaited<ReturnType<ReturnType<typeof selectSchedules>['execute']>>[number];

/** Not started before its time; then on air while the room is (and its match not over); then over. */
function scheduleStatus(row: ScheduleRow, match: LiveMatchBrief | undefined, now: Date): LiveStatus {
  if (row.start_time > now) return 'not_started';
  if (match?.status === 'over') return 'over';
  return row.room_status === 'in_progress' && now.getTime() - row.start_time.getTime() < onAirWindowMs ? 'in_progress' : 'over';
}

async function toSchedules(server: ServerContext, rows: ScheduleRow[], viewerId: number | null): Promise<Schedule[]> {
  const [matches, mine] = await Promise.all([
    matchBriefs(
      server,
      rows.flatMap((row) => (row.match_id === null ? [] : [row.match_id])),
    ),
    viewerId === null || rows.length === 0
      ? Promise.resolve([])
      : server.database.db
          .selectFrom('live_reservations')
          .select('schedule_id')
          .where('user_id', '=', viewerId)
          .where(
            'schedule_id',
            'in',
            rows.map((row) => row.id),
          )
          .execute(),
  ]);
  const reserved = new Set(mine.map((row) => row.schedule_id));
  const now = server.clock.now();
  return rows.map((row) => {
    const match = row.match_id === null ? undefined : matches.get(row.match_id);
    return {
      id: row.id,
      anchor: { id: row.anchor_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: 1 },
      room_id: row.room_id,
      title: row.title,
      ...(match ? { match } : {}),
      start_time: timestampOf(row.start_time),
      status: scheduleStatus(row, match, now),
      reserve_count: Number(row.reserve_count ?? 0),
      is_reserve: reserved.has(row.id) ? 1 : 0,
    };
  });
}

/** Live_streaming/getReserveLiveList: an anchor's broadcasts scheduled and not yet over, soonest first. */
export async function anchorSchedules(
  server: ServerContext,
  input: InputOf<'liveStreamingGetReserveLiveList'>,
  viewerId: number | null,
): Promise<DataOf<'liveStreamingGetReserveLiveList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const room = await anchorRoomOf(server, input.uid);
  const since = new Date(server.clock.now().getTime() - onAirWindowMs);
  const rows = await selectSchedules(server)
    .where('live_schedules.room_id', '=', room.id)
    .where('live_schedules.start_time', '>', since)
    .orderBy('live_schedules.start_time')
    .orderBy('live_schedules.id')
    .execute();
  const open = (await toSchedules(server, rows, viewerId)).filter((schedule) => schedule.status !== 'over');
  return { total: open.length, page, limit, list: open.slice((page - 1) * limit, page * limit) };
}

/** Live_streaming/getUserReserveLiveList: my reminders of broadcasts and matches not yet over, soonest first. */
export async function myReservations(
  server: ServerContext,
  userId: number,
  input: InputOf<'liveStreamingGetUserReserveLiveList'>,
): Promise<DataOf<'liveStreamingGetUserReserveLiveList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const reminders = await db
    .selectFrom('live_reservations')
    .select(['id', 'match_id', 'schedule_id', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const scheduleIds = reminders.flatMap((row) => (row.schedule_id === null ? [] : [row.schedule_id]));
  const [schedules, matches] = await Promise.all([
    scheduleIds.length
      ? selectSchedules(server)
          .where('live_schedules.id', 'in', scheduleIds)
          .execute()
          .then((rows) => toSchedules(server, rows, userId))
      : Promise.resolve([]),
    matchBriefs(
      server,
      reminders.flatMap((row) => (row.match_id === null ? [] : [row.match_id])),
    ),
  ]);
  const scheduleById = new Map(schedules.map((schedule) => [schedule.id, schedule]));
  const list = reminders
    .flatMap((row): Array<{ at: number; item: Reminder }> => {
      const create_time = timestampOf(row.created_at);
      if (row.schedule_id !== null) {
        const broadcast = scheduleById.get(row.schedule_id);
        return broadcast && broadcast.status !== 'over'
          ? [{ at: broadcast.start_time, item: { id: row.id, kind: 'broadcast' as const, broadcast, create_time } }]
          : [];
      }
      const match = row.match_id === null ? undefined : matches.get(row.match_id);
      return match && match.status !== 'over' ? [{ at: match.match_time, item: { id: row.id, kind: 'match' as const, match, create_time } }] : [];
    })
    .sort((a, b) => a.at - b.at || a.item.id - b.item.id)
    .map((entry) => entry.item);
  return { total: list.length, page, limit, list: list.slice((page - 1) * limit, page * limit) };
}

/** live/reserveMatch: a reminder of a match's broadcasts, set (1) or cancelled (0); repeating changes nothing. */
export async function reserveMatch(server: ServerContext, userId: number, matchId: number, reserve: boolean): Promise<ReserveState> {
  const { db } = server.database;
  const match = (await matchBriefs(server, [matchId])).get(matchId);
  if (!match) throw new DomainError(reservationMessages.matchNotFound);
  if (reserve) {
    if (match.status === 'over') throw new DomainError(reservationMessages.matchOver);
    await db
      .insertInto('live_reservations')
      .values({ user_id: userId, match_id: matchId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'match_id']).where('match_id', 'is not', null).doNothing())
      .execute();
  } else {
    await db.deleteFrom('live_reservations').where('user_id', '=', userId).where('match_id', '=', matchId).execute();
  }
  const count = await db
    .selectFrom('live_reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow();
  return { is_reserve: reserve ? 1 : 0, reserve_count: Number(count.n) };
}

/** live/reserveMatch2: a reminder of an anchor's scheduled broadcast, set (1) or cancelled (0). */
export async function reserveSchedule(server: ServerContext, userId: number, scheduleId: number, reserve: boolean): Promise<ReserveState> {
  const { db } = server.database;
  const schedule = await selectSchedules(server).where('live_schedules.id', '=', scheduleId).executeTakeFirst();
  if (!schedule) throw new DomainError(reservationMessages.scheduleNotFound);
  if (reserve) {
    if (schedule.start_time <= server.clock.now()) throw new DomainError(reservationMessages.scheduleBegun);
    await db
      .insertInto('live_reservations')
      .values({ user_id: userId, schedule_id: scheduleId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'schedule_id']).where('schedule_id', 'is not', null).doNothing())
      .execute();
  } else {
    await db.deleteFrom('live_reservations').where('user_id', '=', userId).where('schedule_id', '=', scheduleId).execute();
  }
  const count = await db
    .selectFrom('live_reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
  return { is_reserve: reserve ? 1 : 0, reserve_count: Number(count.n) };
}

/**
 * live/deleteReserveLive: the anchor deletes one of their own scheduled broadcasts; the viewers'
 * reminders of it go with it (live_reservations.schedule_id cascades). Someone else's schedule,
 * or one that does not exist, is code 1 and nothing is deleted.
 */
export async function deleteSchedule(server: ServerContext, anchorId: number, scheduleId: number): Promise<null> {
  const { db } = server.database;
  const schedule = await db
    .selectFrom('live_schedules')
    .innerJoin('live_rooms', 'live_rooms.id', 'live_schedules.room_id')
    .select(['live_schedules.id', 'live_rooms.anchor_id'])
    .where('live_schedules.id', '=', scheduleId)
    .executeTakeFirst();
  if (!schedule) throw new DomainError(reservationMessages.scheduleNotFound);
  if (schedule.anchor_id !== anchorId) throw new DomainError(reservationMessages.notYourSchedule);
  await db.deleteFrom('live_schedules').where('id', '=', scheduleId).execute();
  return null;
}

/**
 * Live/setReserveLiveNew: the anchor schedules a broadcast of a match at a time to come; its title defaults to
 * the match's teams. Viewers then reserve a reminder of it (live/reserveMatch2).
 */
export async function createSchedule(server: ServerContext, anchorId: number, input: InputOf<'liveSetReserveLiveNew'>): Promise<Schedule> {
  const room = await anchorRoomOf(server, anchorId);
  const now = server.clock.now();
  if (input.start_time * 1000 <= now.getTime()) throw new DomainError(reservationMessages.startPassed);
  const match = (await matchBriefs(server, [input.match_id])).get(input.match_id);
  if (!match) throw new DomainError(reservationMessages.matchNotFound);
  if (match.status === 'over') throw new DomainError(reservationMessages.matchOver);
  const title = input.title ?? [...`${match.home_team_name_zh} vs ${match.away_team_name_zh}`].slice(0, 40).join('');
  const start_time = new Date(input.start_time * 1000);
  // A room broadcasts a match once: scheduling it again moves the broadcast, and its reminders stay.
  const made = await server.database.db
    .insertInto('live_schedules')
    .values({ room_id: room.id, match_id: match.id, title, start_time, created_at: now })
    .onConflict((conflict) => conflict.columns(['room_id', 'match_id']).doUpdateSet({ title, start_time }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await selectSchedules(server).where('live_schedules.id', '=', made.id).execute();
  return (await toSchedules(server, rows, anchorId))[0]!;
}
