import type { Kysely } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../i18n/server-messages.ts';

export type VideoChapter = NonNullable<DataOf<'videoGetVideoInfo'>['chapters']>[number];

/** The incidents a viewer jumps to: goals and cards; substitutions and period marks are not moments to seek. */
export const chapterKinds = ['goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'second_yellow'] as const;

/** Football's half-time break, which a broadcast shows between the 45th and 46th minutes. */
const halfTimeSeconds = 15 * 60;

export interface ChapterIncident {
  id: number;
  minute: number;
  added_minute: number;
  created_at: Date;
}

/**
 * When an incident happened on the wall clock: the moment the feed recorded it when that lies inside the
 * broadcast (the live feed writes incidents as they happen), else worked out from the kick-off and the match
 * minute, with the half-time break after the 45th minute.
 */
export function incidentMoment(kickOff: Date, incident: ChapterIncident, broadcast: { from: Date; to: Date }): Date {
  const recorded = incident.created_at.getTime();
  if (recorded >= broadcast.from.getTime() && recorded <= broadcast.to.getTime()) return incident.created_at;
  const minutes = Math.max(0, incident.minute - 1) + incident.added_minute;
  const breakSeconds = incident.minute > 45 ? halfTimeSeconds : 0;
  return new Date(kickOff.getTime() + (minutes * 60 + breakSeconds) * 1000);
}

/**
 * Links a video to its match and stores as chapters the match's goals and cards that fall inside it: `place`
 * says at which second of the video an incident is (null or outside the video: no chapter).
 */
export async function linkMatchChapters(
  trx: Kysely<Database>,
  videoId: number,
  matchId: number,
  durationSeconds: number,
  place: (incident: ChapterIncident) => number | null,
): Promise<number> {
  await trx.updateTable('videos').set({ match_id: matchId }).where('id', '=', videoId).execute();
  const incidents = await trx
    .selectFrom('match_incidents')
    .select(['id', 'minute', 'added_minute', 'created_at'])
    .where('match_id', '=', matchId)
    .where('kind', 'in', chapterKinds)
    .execute();
  const chapters = incidents.flatMap((incident) => {
    const at = place({ ...incident, id: Number(incident.id) });
    return at !== null && at >= 0 && at < durationSeconds ? [{ video_id: videoId, incident_id: Number(incident.id), at_seconds: Math.floor(at) }] : [];
  });
  if (chapters.length > 0) await trx.insertInto('video_chapters').values(chapters).onConflict((oc) => oc.doNothing()).execute();
  return chapters.length;
}

/** A match video's chapters in the order they play, each with its incident, the side's team named in the reader's language. */
export async function chaptersOf(db: Kysely<Database>, videoId: number, language: Language): Promise<VideoChapter[]> {
  const rows = await db
    .selectFrom('video_chapters')
    .innerJoin('match_incidents', 'match_incidents.id', 'video_chapters.incident_id')
    .innerJoin('matches', 'matches.id', 'match_incidents.match_id')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
    .select([
      'video_chapters.at_seconds',
      'match_incidents.kind',
      'match_incidents.side',
      'match_incidents.minute',
      'match_incidents.added_minute',
      'match_incidents.player',
      'match_incidents.player_en',
      'match_incidents.home_score',
      'match_incidents.away_score',
      'home.short_name_zh as home_zh',
      'home.short_name_en as home_en',
      'away.short_name_zh as away_zh',
      'away.short_name_en as away_en',
    ])
    .where('video_chapters.video_id', '=', videoId)
    .orderBy('video_chapters.at_seconds')
    .orderBy('match_incidents.seq')
    .execute();
  return rows.flatMap((row) => {
    const kind = chapterKinds.find((known) => known === row.kind);
    if (!kind || !row.side) return [];
    const team = row.side === 'home' ? (language === 'zh' ? row.home_zh : row.home_en) : language === 'zh' ? row.away_zh : row.away_en;
    return [
      {
        at: row.at_seconds,
        kind,
        side: row.side,
        team,
        minute: row.minute,
        added_minute: row.added_minute,
        // Rows stored before the English names came hold none: the Chinese one is all there is.
        player: language === 'zh' ? row.player : row.player_en || row.player,
        home_score: row.home_score,
        away_score: row.away_score,
      },
    ];
  });
}
