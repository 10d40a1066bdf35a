import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import type { MatchesTable } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';
import type { LeagueDef } from './catalogue/scores-catalogue.ts';
import { dayMs, hourMs, insertRows, minuteMs, type SeedContext } from './context.ts';
import { roundRobinResults, type RoundResult, type TableTeam } from './odds-standings.ts';

// Results before the seeded day, for head-to-head and form (hot_match/battleInfo): the current season's rounds
// that its table counts, and the whole of the season before. The feed's finished matches join them as it plays.

/** Days between rounds: a league plays weekly, a cup fortnightly, basketball every other day. */
const roundGapDays: Record<Sport, number> = { football: 7, basketball: 2, esports: 7 };
/** Cup nights fall midweek, three days off the weekend rounds, so no club plays twice on a day. */
const cupOffsetDays = 3;
/** The season before ends this long before the current one starts. */
const offSeasonDays = 90;
/** Kick-offs on the site's day (China time, UTC+8), by the match's place in its round. */
const kickOffHoursUtc = [11, 12.5, 19, 20];

export interface PastLeague {
  def: LeagueDef;
  leagueId: number;
  season: string;
  previousSeason: string;
  teams: TableTeam[];
  /** The rounds of the current season before today's. */
  roundsBefore: number;
  /** The stream the league's table was drawn from: the same stream gives the same rounds. */
  tableRandom: Random;
  isCup: boolean;
}

/** The season before a season as the contract names it: `2024-2025` before `2025-2026`, `2025` before `2026`. */
export function previousSeasonOf(season: string): string {
  return season.replace(/\d{4}/g, (year) => String(Number(year) - 1));
}

function roundName(def: LeagueDef, round: number): { round: string; round_en: string } {
  if (def.key === 'UCL') return { round: `联赛阶段第${round}轮`, round_en: `League Phase Matchday ${round}` };
  if (def.sport === 'basketball') return { round: '常规赛', round_en: 'Regular Season' };
  if (def.sport === 'esports') return { round: `常规赛第${round}周`, round_en: `Regular Season Week ${round}` };
  return { round: `第${round}轮`, round_en: `Round ${round}` };
}

/** The first half's share of a final football score, drawn once per match. */
function halfTime(random: Random, goals: number): number {
  let half = 0;
  for (let goal = 0; goal < goals; goal++) if (random.chance(0.45)) half++;
  return half;
}

function matchRow(
  league: PastLeague,
  season: string,
  result: RoundResult,
  start: Date,
  detail: Random,
): Insertable<MatchesTable> {
  const football = league.def.sport === 'football';
  const homeHalf = football ? halfTime(detail, result.home) : null;
  const awayHalf = football ? halfTime(detail, result.away) : null;
  return {
    sport: league.def.sport,
    league_id: league.leagueId,
    season,
    ...roundName(league.def, result.round + 1),
    home_team_id: result.homeId,
    away_team_id: result.awayId,
    start_time: start,
    status: 'over',
    phase: 'full_time',
    minute: football ? 90 : 0,
    home_score: result.home,
    away_score: result.away,
    home_half_score: homeHalf,
    away_half_score: awayHalf,
    best_of: league.def.sport === 'esports' ? 3 : null,
    updated_at: start,
  };
}

/**
 * The matches played before `now` in the leagues given: the current season's earlier rounds (the ones the
 * standings count, so a table's form and a team's last matches agree) and the season before, home and away.
 */
export function pastResultRows(now: Date, random: Random, leagues: readonly PastLeague[]): Array<Insertable<MatchesTable>> {
  const siteDay = Math.floor((now.getTime() + 8 * hourMs) / dayMs) * dayMs - 8 * hourMs;
  const rows: Array<Insertable<MatchesTable>> = [];
  for (const league of leagues) {
    const gap = roundGapDays[league.def.sport] * (league.isCup ? 2 : 1) * dayMs;
    const offset = league.isCup ? cupOffsetDays * dayMs : 0;
    const detail = random.fork(`past:${league.def.key}`);
    const startOf = (roundsAgo: number, index: number) =>
      new Date(siteDay - roundsAgo * gap - offset + kickOffHoursUtc[index % kickOffHoursUtc.length]! * hourMs + ((index * 15) % 60) * minuteMs);

    const current = roundRobinResults(league.tableRandom, league.def.sport, league.teams, league.roundsBefore);
    const perRound = (results: RoundResult[]) => {
      const seen = new Map<number, number>();
      return results.map((result) => {
        const index = seen.get(result.round) ?? 0;
        seen.set(result.round, index + 1);
        return index;
      });
    };
    const currentIndex = perRound(current);
    current.forEach((result, i) => {
      rows.push(matchRow(league, league.season, result, startOf(league.roundsBefore - result.round, currentIndex[i]!), detail));
    });

    const lapRounds = (league.teams.length % 2 === 0 ? league.teams.length : league.teams.length + 1) - 1;
    // A cup's clubs met once a season; a league's home and away.
    const previousRounds = (league.isCup ? 1 : 2) * lapRounds;
    const previous = roundRobinResults(random.fork(`past:${league.def.key}:${league.previousSeason}`), league.def.sport, league.teams, previousRounds, {
      secondLapSwapped: true,
    });
    const previousIndex = perRound(previous);
    const seasonStartRoundsAgo = league.roundsBefore + Math.ceil((offSeasonDays * dayMs) / gap);
    previous.forEach((result, i) => {
      const roundsAgo = seasonStartRoundsAgo + (previousRounds - result.round);
      rows.push(matchRow(league, league.previousSeason, result, startOf(roundsAgo, previousIndex[i]!), detail));
    });
  }
  return rows;
}

export async function seedPastResults(ctx: SeedContext, random: Random, leagues: readonly PastLeague[]): Promise<void> {
  await insertRows(ctx.db, 'matches', pastResultRows(ctx.now, random, leagues));
}
