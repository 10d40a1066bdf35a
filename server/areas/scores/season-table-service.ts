import type { components } from '../../../src/api/schema.d.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { LeagueRow } from '../../feed/feed-world.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { toLeague, toTeam } from './match-shapes.ts';
import type { BoardData, StandingRow } from '../../ports/score-board.ts';
import { scoresMessages } from './scores-messages.ts';

type RowView = components['schemas']['StandingRow'];
type FormView = RowView['recent_form'][number];

const formWords: Record<string, FormView> = { W: 'won', D: 'drawn', L: 'lost' };

/** Where a rank leads, as each competition marks it. */
function zoneOf(league: LeagueRow, isCup: boolean, rank: number, size: number): string | null {
  const { key } = league;
  if (league.sport === 'football') {
    if (key === 'WC') return rank <= 2 ? '32强' : null;
    if (isCup) return rank <= 8 ? '16强' : rank <= 24 ? '附加赛' : null;
    if (key === 'CSL' || league.country_en === 'China') return rank <= 3 ? '亚冠' : rank > size - 2 ? '降级' : null;
    if (rank <= 4) return '欧冠';
    if (rank === 5) return '欧联';
    if (rank === 6) return '欧协联';
    return rank > size - 3 ? '降级' : null;
  }
  if (league.sport === 'basketball') {
    if (key === 'NBA' || key === 'EL') return rank <= 6 ? '季后赛' : rank <= 10 ? '附加赛' : null;
    return rank <= 8 ? '季后赛' : null;
  }
  return rank <= 4 ? '季后赛' : null;
}

function rowViews(board: BoardData, league: LeagueRow, isCup: boolean, rows: StandingRow[]): RowView[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const leader = sorted[0];
  return sorted.flatMap((row) => {
    const team = board.teams.get(row.team_id);
    if (!team) return [];
    const basketball = league.sport === 'basketball';
    return [
      {
        rank: row.position,
        team: toTeam(team),
        played: row.played,
        won: row.won,
        drawn: row.drawn,
        lost: row.lost,
        goals_for: row.goals_for,
        goals_against: row.goals_against,
        goal_difference: row.goals_for - row.goals_against,
        points: basketball ? null : row.points,
        win_rate: basketball ? (row.played ? Math.round((row.won / row.played) * 1000) / 1000 : 0) : null,
        games_behind: basketball && leader ? Math.max(0, (leader.won - row.won + (row.lost - leader.lost)) / 2) : null,
        recent_form: [...row.form.slice(0, 5)].map((letter) => formWords[letter] ?? 'drawn'),
        zone: zoneOf(league, isCup, row.position, sorted.length),
      },
    ];
  });
}

/** A league's standings for a season (Football/season_table; the data centre, SPEC §2). */
export async function seasonTable(server: ServerContext, input: InputOf<'footballSeasonTable'>): Promise<DataOf<'footballSeasonTable'>> {
  const board = await server.scoreBoard.read();
  const league = board.leagues.get(input.league_id);
  if (!league) throw new DomainError(scoresMessages.leagueNotFound);
  const tables = [...board.standings.entries()].filter(([, rows]) => rows[0]?.league_id === league.id);
  const seasons = [...new Set([league.current_season, ...tables.map(([, rows]) => rows[0]!.season)])].sort().reverse();
  const season = input.season ?? league.current_season;
  const rows = tables.filter(([, table]) => table[0]!.season === season).flatMap(([, table]) => table);
  const isCup = rows.some((row) => board.teams.get(row.team_id)?.league_id !== league.id);
  const groups = [...new Set(rows.map((row) => row.group_name))].map((name) => ({
    name,
    rows: rowViews(
      board,
      league,
      isCup,
      rows.filter((row) => row.group_name === name),
    ),
  }));
  return { league: toLeague(league), season, seasons, groups };
}
