import { hourMs, insertRows, type SeedContext, type SeededAccounts } from './context.ts';

/**
 * The views of the last 30 days behind the video ranking (by day, week and month): each approved
 * video is watched in some hours by some viewers, more in recent days for some videos than others,
 * so the three rankings differ. Runs after the community seed, which makes the videos.
 */
export async function seedVideoViews(ctx: SeedContext, accounts: SeededAccounts): Promise<void> {
  const { db } = ctx;
  const random = ctx.random.fork('video-views');
  const videos = await db.selectFrom('videos').select('id').where('status', '=', 'audit_successful').orderBy('id').execute();
  const viewers = [accounts.viewer, accounts.anchor, accounts.expert, ...accounts.regulars].map((user) => `u${user.id}`);
  const thisHour = Math.floor(ctx.now.getTime() / hourMs) * hourMs;
  const rows = new Map<string, { video_id: number; viewer: string; hour: Date }>();
  for (const { id } of videos) {
    // Some videos are this week's, some last month's: how far back most of a video's views lie.
    const reachHours = random.pick([24, 7 * 24, 30 * 24]);
    for (let n = random.int(3, 40); n > 0; n--) {
      const hour = new Date(thisHour - random.int(0, reachHours - 1) * hourMs);
      const viewer = random.chance(0.7) ? random.pick(viewers) : `a10.0.${random.int(0, 255)}.${random.int(1, 254)}`;
      rows.set(`${id}:${viewer}:${hour.getTime()}`, { video_id: Number(id), viewer, hour });
    }
  }
  await insertRows(db, 'video_views', [...rows.values()]);
}

/** The demo recordings play their 8 s clip 8 times (server/media/vod-playlists.ts): what a seeded video lasts. */
export const demoRecordingSeconds = 64;
const chapterKinds = ['goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'second_yellow'] as const;

/**
 * A highlights reel of a finished football match, so the player's chapters show on a fresh machine: the first
 * approved football video becomes the reel of the finished match with the most goals and cards, each of them a
 * chapter at its place in the reel (its match minute scaled to the reel's length, as highlights are cut).
 */
export async function seedMatchVideo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const match = await db
    .selectFrom('matches')
    .innerJoin('match_incidents', 'match_incidents.match_id', 'matches.id')
    .select((eb) => ['matches.id', eb.fn.countAll<number>().as('n')])
    .where('matches.sport', '=', 'football')
    .where('matches.status', '=', 'over')
    .where('match_incidents.kind', 'in', chapterKinds)
    .groupBy('matches.id')
    .orderBy('n', 'desc')
    .orderBy('matches.id')
    .limit(1)
    .executeTakeFirst();
  const video = await db
    .selectFrom('videos')
    .select('id')
    .where('status', '=', 'audit_successful')
    .where('video_path', 'like', '/media/videos/football-%')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!match || !video) return;
  const incidents = await db
    .selectFrom('match_incidents')
    .select(['id', 'minute', 'added_minute'])
    .where('match_id', '=', match.id)
    .where('kind', 'in', chapterKinds)
    .orderBy('seq')
    .execute();
  const teams = await db
    .selectFrom('matches')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
    .select(['home.short_name_zh as home', 'away.short_name_zh as away'])
    .where('matches.id', '=', match.id)
    .executeTakeFirstOrThrow();
  // Titled after its match, so the reel and its chapters speak of the same two sides.
  await db
    .updateTable('videos')
    .set({ match_id: Number(match.id), duration_seconds: demoRecordingSeconds, title: `${teams.home}对阵${teams.away}：全场集锦` })
    .where('id', '=', video.id)
    .execute();
  const reelSeconds = demoRecordingSeconds - 2;
  await insertRows(
    db,
    'video_chapters',
    incidents.map((incident) => ({
      video_id: Number(video.id),
      incident_id: Number(incident.id),
      at_seconds: Math.min(reelSeconds, Math.floor(((incident.minute + incident.added_minute) / 100) * reelSeconds)),
    })),
  );
}
