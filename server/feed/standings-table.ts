import type { Selectable } from 'kysely';
import type { Match, StandingsTable } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';

export type StandingRow = Selectable<StandingsTable>;

/** The migration keeps at most this many results in form (003_scores.sql). */
const formLength = 10;

/** Football 3 a win and 1 a draw; basketball 2 a win and 1 a loss; e-sports 1 a win (003_scores.sql). */
export function pointsOf(sport: Sport, row: Pick<StandingRow, 'won' | 'drawn' | 'lost'>): number {
  if (sport === 'football') return 3 * row.won + row.drawn;
  if (sport === 'basketball') return 2 * row.won + row.lost;
  return row.won;
}

/**
 * Orders each group. Football and e-sports: points, goal difference, goals scored, then team id, as the
 * seed ranks them. Basketball: win rate first (teams have played different numbers of games), then wins,
 * point difference, points scored and team id.
 */
export function rankTable(rows: StandingRow[], sport: Sport = 'football'): StandingRow[] {
  const groups = new Map<string, StandingRow[]>();
  for (const row of rows) groups.set(row.group_name, [...(groups.get(row.group_name) ?? []), row]);
  const rate = (row: StandingRow) => (row.played ? row.won / row.played : 0);
  const first = (a: StandingRow, b: StandingRow) => (sport === 'basketball' ? rate(b) - rate(a) || b.won - a.won : b.points - a.points);
  return [...groups.values()].flatMap((members) =>
    members
      .sort(
        (a, b) =>
          first(a, b) ||
          b.goals_for - b.goals_against - (a.goals_for - a.goals_against) ||
          b.goals_for - a.goals_for ||
          a.team_id - b.team_id,
      )
      .map((row, index) => ({ ...row, position: index + 1 })),
  );
}

/**
 * The table of a match's league and season after its result: both teams' rows counted on (a team
 * without one gets one), then every group ranked again.
 */
export function applyResult(table: StandingRow[], match: Match, at: Date): StandingRow[] {
  const rows = table.map((row) => ({ ...row }));
  for (const [teamId, mine, theirs] of [
    [match.home_team_id, match.home_score, match.away_score],
    [match.away_team_id, match.away_score, match.home_score],
  ] as const) {
    let row = rows.find((candidate) => candidate.team_id === teamId);
    if (!row) {
      row = {
        league_id: match.league_id,
        season: match.season,
        team_id: teamId,
        group_name: '',
        position: rows.length + 1,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        goals_for: 0,
        goals_against: 0,
        points: 0,
        form: '',
        updated_at: at,
      };
      rows.push(row);
    }
    const outcome = mine > theirs ? 'W' : mine === theirs ? 'D' : 'L';
    row.played += 1;
    if (outcome === 'W') row.won += 1;
    else if (outcome === 'D') row.drawn += 1;
    else row.lost += 1;
    row.goals_for += mine;
    row.goals_against += theirs;
    row.points = pointsOf(match.sport, row);
    row.form = (outcome + row.form).slice(0, formLength);
    row.updated_at = at;
  }
  return rankTable(rows, match.sport);
}
