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
