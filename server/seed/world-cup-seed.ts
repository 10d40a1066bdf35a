import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import type { MatchIncidentsTable, MatchesTable, MatchOddsTable } from '../db/tables/scores-tables.ts';
import type { MatchRound } from '../feed/fixture-planner.ts';
import { insertReturningIds, insertRows, hourMs, minuteMs, dayMs, type SeedContext } from './context.ts';
import { footballScript, incidentColumns, playerNamesEnOf, snapshotColumns, type MatchSnapshot } from './match-play.ts';
import { oddsRows, openingOdds, standingsRows, type Result, type TableTeam } from './odds-standings.ts';
import { worldCupRounds } from './catalogue/scores-catalogue.ts';

// The last finished World Cup (/trophy/home): 48 teams drawn into twelve groups of four from four pots,
// the two best of each group and the eight best thirds into a round of 32, then the knockout rounds
// to the final. Every match is over, so the live feed never plays them (its planner skips a competition
// with no daily fixtures).

export interface WorldCupTeam {
  id: number;
  players: string[];
  /** The English name of each player, by the Chinese name. */
  playerNamesEn: ReadonlyMap<string, string>;
}

export interface WorldCupInput {
  leagueId: number;
  /** The edition, e.g. '2026'. */
  season: string;
  /** Strongest first. */
  teams: WorldCupTeam[];
  companies: Array<{ id: number; margin: number }>;
}


const groupLetters = 'ABCDEFGHIJKL';
/** Kick-off hours (UTC) of a day's matches, in order; 25 is one in the morning of the day after. */
const kickOffHours = [16, 19, 22, 25];

/** The year of the last edition whose final (19 July) is before `now`. */
export function worldCupEdition(now: Date): number {
  let year = now.getUTCFullYear();
  while (year % 4 !== 2 || Date.UTC(year, 6, 20) > now.getTime()) year--;
  return year;
}

/** Positions of a seeded bracket: 1 v n, and the top seeds meet as late as they can. */
function bracketOrder(size: number): number[] {
  let order = [1, 2];
  while (order.length < size) order = order.flatMap((seed) => [seed, order.length * 2 + 1 - seed]);
  return order;
}

interface Played {
  home: WorldCupTeam;
  away: WorldCupTeam;
  start: Date;
  round: MatchRound;
  expected: [number, number];
  final: MatchSnapshot;
}

/** Seeds the tournament: matches with incidents and odds, and the group tables. */
export async function seedWorldCup(ctx: SeedContext, input: WorldCupInput): Promise<void> {
  const random = ctx.random.fork('world-cup');
  await insertRows(
    ctx.db,
    'knockout_rounds',
    worldCupRounds.map((round, sort) => ({ league_id: input.leagueId, key: round.key, name: round.name, name_en: round.name_en, sort: sort + 1 })),
  );
  const year = Number(input.season);
  const day = (n: number, hour: number) => new Date(Date.UTC(year, 5, 11) + n * dayMs + hour * hourMs);
  const strength = new Map(input.teams.map((team, i) => [team.id, 1 - (2 * i) / (input.teams.length - 1)]));
  const edge = (home: WorldCupTeam, away: WorldCupTeam) => ((strength.get(home.id) ?? 0) - (strength.get(away.id) ?? 0)) / 2;

  const play = (home: WorldCupTeam, away: WorldCupTeam, start: Date, round: MatchRound, label: string, knockout: boolean): Played => {
    // A knockout match has a winner: the seed plays it again until one side wins (no extra time here).
    for (let attempt = 0; ; attempt++) {
      const script = footballScript(random.fork(`${label}:${attempt}`), edge(home, away), home.players, away.players);
      const final = script.at(script.duration + 1);
      if (!knockout || final.homeScore !== final.awayScore) return { home, away, start, round, expected: script.expected, final };
    }
  };

  // The draw: one team of each pot per group.
  const pots = [0, 1, 2, 3].map((pot) => random.fork(`pot:${pot}`).shuffle(input.teams.slice(pot * 12, pot * 12 + 12)));
  const groups = [...groupLetters].map((letter, g) => ({ name: `${letter}组`, teams: pots.map((pot) => pot[g]!) }));

  const played: Played[] = [];
  const groupResults = new Map<string, Result[]>();
  groups.forEach(({ name, teams: [a, b, c, d] }, g) => {
    const matchdays: Array<Array<[WorldCupTeam, WorldCupTeam]>> = [
      [
        [a!, b!],
        [c!, d!],
      ],
      [
        [a!, c!],
        [d!, b!],
      ],
      [
        [d!, a!],
        [b!, c!],
      ],
    ];
    const results: Result[] = [];
    matchdays.forEach((pairs, md) =>
      pairs.forEach(([home, away], p) => {
        // Matchdays one and two: four matches a day over six days; the last: both matches of a group at once.
        const slot = md < 2 ? g * 2 + p : g;
        const start = md < 2 ? day(md * 6 + Math.floor(slot / 4), kickOffHours[slot % 4]!) : day(12 + Math.floor((g * 5) / 12), g % 2 ? 20 : 16);
        const round = { round: `小组赛第${md + 1}轮`, round_en: `Group Stage Matchday ${md + 1}` };
        const match = play(home, away, start, round, `group:${name}:${md}:${p}`, false);
        played.push(match);
        results.push({ homeId: home.id, awayId: away.id, home: match.final.homeScore, away: match.final.awayScore });
      }),
    );
    groupResults.set(name, results);
  });

  const tables = groups.flatMap(({ name, teams }) =>
    standingsRows(
      random.fork(`table:${name}`),
      'football',
      input.leagueId,
      input.season,
      teams.map((team): TableTeam => ({ id: team.id, strength: strength.get(team.id) ?? 0, group: name })),
      0,
      groupResults.get(name)!,
      day(14, 23),
    ),
  );
  await insertRows(ctx.db, 'standings', tables);

  // Into the round of 32: winners, runners-up, then the eight best thirds, each ranked by points, goal difference, goals.
  const byId = new Map(input.teams.map((team) => [team.id, team]));
  const rank = (position: number) =>
    tables
      .filter((row) => row.position === position)
      .sort(
        (x, y) =>
          Number(y.points) - Number(x.points) ||
          Number(y.goals_for) - Number(y.goals_against) - (Number(x.goals_for) - Number(x.goals_against)) ||
          Number(y.goals_for) - Number(x.goals_for) ||
          Number(x.team_id) - Number(y.team_id),
      )
      .map((row) => byId.get(Number(row.team_id))!);
  const seeds = [...rank(1), ...rank(2), ...rank(3).slice(0, 8)];
  let alive = bracketOrder(32).map((seed) => seeds[seed - 1]!);
  let losers: WorldCupTeam[] = [];
  for (const round of worldCupRounds) {
    const pairs: Array<[WorldCupTeam, WorldCupTeam]> =
      round.key === 'third_place' ? [[losers[0]!, losers[1]!]] : Array.from({ length: alive.length / 2 }, (_, i) => [alive[2 * i]!, alive[2 * i + 1]!]);
    const winners: WorldCupTeam[] = [];
    const beaten: WorldCupTeam[] = [];
    pairs.forEach(([home, away], i) => {
      const sameDay = round.days.slice(0, i).filter((d) => d === round.days[i]).length;
      const start = day(17 + round.days[i]!, round.key === 'final' ? 19 : [16, 20, 24][sameDay]!);
      const match = play(home, away, start, { round: round.name, round_en: round.name_en }, `${round.key}:${i}`, true);
      played.push(match);
      const homeWon = match.final.homeScore > match.final.awayScore;
      winners.push(homeWon ? home : away);
      beaten.push(homeWon ? away : home);
    });
    if (round.key === 'semi_final') losers = beaten;
    if (round.key !== 'third_place') alive = winners;
  }

  const rows: Array<Insertable<MatchesTable>> = played.map((match) => {
    const s = match.final;
    return {
      sport: 'football',
      league_id: input.leagueId,
      season: input.season,
      ...match.round,
      home_team_id: match.home.id,
      away_team_id: match.away.id,
      start_time: match.start,
      ...snapshotColumns(s),
      best_of: null,
      venue: '',
      is_hot: false,
      updated_at: new Date(match.start.getTime() + 2 * hourMs),
    };
  });
  const ids = await insertReturningIds(ctx.db, 'matches', rows);

  const incidents: Array<Insertable<MatchIncidentsTable>> = [];
  const odds: Array<Insertable<MatchOddsTable>> = [];
  played.forEach((match, i) => {
    const startMs = match.start.getTime();
    const englishName = playerNamesEnOf(match.home, match.away);
    match.final.incidents.forEach((incident, seq) =>
      incidents.push({
        match_id: ids[i]!,
        ...incidentColumns(incident, seq, englishName),
        created_at: new Date(startMs + (incident.minute + incident.added + (incident.minute > 45 ? 15 : 0)) * minuteMs),
      }),
    );
    const oddsInput = {
      sport: 'football' as const,
      expected: match.expected,
      bestOf: null,
      status: 'over' as const,
      score: [match.final.homeScore, match.final.awayScore] as [number, number],
      remaining: 0,
    };
    const oddsRandom: Random = random.fork(`odds:${i}`);
    for (const company of input.companies) {
      const opening = openingOdds(oddsRandom, oddsInput, company.margin);
      odds.push(...oddsRows(oddsRandom, ids[i]!, company.id, oddsInput, opening, match.start));
    }
  });
  await insertRows(ctx.db, 'match_incidents', incidents);
  await insertRows(ctx.db, 'match_odds', odds);
}
