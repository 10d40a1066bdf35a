import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { matchBriefs } from './match-brief.ts';
import { anchorRoomOf } from './room-info-service.ts';
import { timestampOf } from '../../contract/timestamp.ts';

/** Live_streaming/getLivePlaybackList: recorded broadcasts, newest first; of one anchor when uid is given. */
export async function playbacks(
  server: ServerContext,
  input: InputOf<'liveStreamingGetLivePlaybackList'>,
): Promise<DataOf<'liveStreamingGetLivePlaybackList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  if (input.uid !== undefined) await anchorRoomOf(server, input.uid);
  let base = db
    .selectFrom('live_records')
    .innerJoin('live_rooms', 'live_rooms.id', 'live_records.room_id')
    .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
    .where('live_records.ended_at', 'is not', null)
    .where('live_records.playback_path', 'is not', null)
    .where('users.disabled_at', 'is', null);
  if (input.uid !== undefined) base = base.where('live_rooms.anchor_id', '=', input.uid);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'live_records.id',
        'live_records.room_id',
        'live_records.title',
        'live_records.match_id',
        'live_records.started_at',
        'live_records.ended_at',
        'live_records.playback_path',
        'live_records.views',
        'live_rooms.cover',
        'users.id as anchor_id',
        'users.user_nickname',
        'users.avatar',
        'users.exp_icon',
      ])
      .orderBy('live_records.started_at', 'desc')
      .orderBy('live_records.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  const [matches, recorded] = await Promise.all([
    matchBriefs(
      server,
      rows.flatMap((row) => (row.match_id === null ? [] : [row.match_id])),
    ),
    // The length listed is the recording's own: a broadcast's recording can be shorter than its time on air.
    Promise.all(rows.map((row) => server.ingest.recordingSeconds(row.playback_path!).catch(() => null))),
  ]);
  return {
    total: Number(count.n),
    page,
    limit,
    list: rows.map((row, at) => {
      const match = row.match_id === null ? undefined : matches.get(row.match_id);
      const ended = row.ended_at!;
      return {
        id: row.id,
        room_id: row.room_id,
        anchor: { id: row.anchor_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: 1 },
        title: row.title,
        cover: row.cover,
        ...(match ? { match } : {}),
        start_time: timestampOf(row.started_at),
        end_time: timestampOf(ended),
        duration: Math.round(recorded[at] ?? Math.max(0, timestampOf(ended) - timestampOf(row.started_at))),
        video: row.playback_path!,
        views: row.views,
      };
    }),
  };
}
