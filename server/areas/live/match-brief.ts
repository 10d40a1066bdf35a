import type { DataOf } from '../../contract/operation-types.ts';
import type { Match } from '../../db/schema.ts';
import type { LiveType, Sport } from '../../db/tables/column-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';

export type LiveMatchBrief = NonNullable<DataOf<'liveStreamingGetLiveList'>['list'][number]['match']>;

/** The minute or period as the score pages show it (SPEC §3 match_str). */
export function matchMinuteText(phase: string, minute: number, addedMinute: number): string {
  if (phase === 'half_time') return 'HT';
  if (phase === 'break') return 'Break';
  if (/^q[1-4]$/.test(phase)) return `${phase.toUpperCase()} ${minute}'`;
  if (phase === 'ot') return `OT ${minute}'`;
  if (phase.startsWith('game_')) return `G${phase.slice(5)}`;
  return addedMinute > 0 ? `${minute}+${addedMinute}'` : `${minute}'`;
}

const typeOfSport: Record<Sport, LiveType> = { football: 1, basketball: 2, esports: 3 };

/**
 * Matches as rooms, reservations and playbacks show them, keyed by id. The score board holds the
 * live score as the feed plays it; a match outside its reach (days away) is read from the database.
 */
export async function matchBriefs(server: ServerContext, ids: Iterable<number>): Promise<Map<number, LiveMatchBrief>> {
  const wanted = [...new Set(ids)];
  const out = new Map<number, LiveMatchBrief>();
  if (wanted.length === 0) return out;
  const board = await server.scoreBoard.read();
  const missing = wanted.filter((id) => !board.matches.has(id));
  const read = missing.length ? await server.database.db.selectFrom('matches').selectAll().where('id', 'in', missing).execute() : [];
  for (const match of [...wanted.flatMap((id) => board.matches.get(id) ?? []), ...read]) {
    const league = board.leagues.get(match.league_id);
    const home = board.teams.get(match.home_team_id);
    const away = board.teams.get(match.away_team_id);
    out.set(match.id, toBrief(match, league, home, away));
  }
  return out;
}

function toBrief(
  match: Match,
  league: { short_name_zh: string; short_name_en: string } | undefined,
  home: { short_name_zh: string; short_name_en: string; logo: string } | undefined,
  away: { short_name_zh: string; short_name_en: string; logo: string } | undefined,
): LiveMatchBrief {
  return {
    id: match.id,
    type: typeOfSport[match.sport],
    short_name_zh: league?.short_name_zh ?? '',
    league_name_en: league?.short_name_en ?? '',
    home_team_name_zh: home?.short_name_zh ?? '',
    home_team_name_en: home?.short_name_en ?? '',
    home_team_logo: home?.logo ?? '',
    away_team_name_zh: away?.short_name_zh ?? '',
    away_team_name_en: away?.short_name_en ?? '',
    away_team_logo: away?.logo ?? '',
    home_score: match.home_score,
    away_score: match.away_score,
    status: match.status,
    ...(match.status === 'in_progress' ? { match_str: matchMinuteText(match.phase, match.minute, match.added_minute) } : {}),
    match_time: Math.floor(match.start_time.getTime() / 1000),
  };
}
