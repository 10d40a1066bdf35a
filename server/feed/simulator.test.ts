import { describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { Match, MatchesTable } from '../db/tables/scores-tables.ts';
import { leagueDefs } from '../seed/catalogue/scores-catalogue.ts';
import { catalogueWorld } from '../seed/catalogue-test-world.ts';
import { nextRound, planDay, siteDayOf } from './fixture-planner.ts';
import { clockOrder, liveMatch, type LiveMatch, type MatchSetup, type StepResult } from './match-engine.ts';
import { engineFor, playUntil } from './match-player.ts';
import { moveOdds, openingOddsRows, type OddsRow } from './odds-model.ts';
import { gameWinners, quarterScores } from './period-scores.ts';
import { playerNames } from './player-names.ts';
import { applyResult, pointsOf, type StandingRow } from './standings-table.ts';

// Property tests of the simulator over many seeds, in memory: a day of the demo world's fixtures is
// planned and played to the end, and what a viewer relies on is checked at every step.

const companies = [1, 2, 3];
const dayStart = Date.parse('2026-11-22T00:00:00+08:00');
const seeds = Array.from({ length: 24 }, (_, i) => 1000 + i * 7919);

const { world, standings: emptyTables } = catalogueWorld(dayStart);

/** A planned fixture as the database would hand it back. */
function stored(fixture: Insertable<MatchesTable>, id: number): Match {
  return {
    id,
    sport: fixture.sport,
    league_id: fixture.league_id,
    season: fixture.season,
    round: fixture.round ?? '',
    round_en: fixture.round_en ?? '',
    home_team_id: fixture.home_team_id,
    away_team_id: fixture.away_team_id,
    start_time: new Date(fixture.start_time),
    status: 'not_started',
    phase: 'not_started',
    minute: 0,
    added_minute: 0,
    best_of: fixture.best_of ?? null,
    home_score: 0,
    away_score: 0,
    home_half_score: null,
    away_half_score: null,
    home_red: 0,
    away_red: 0,
    home_yellow: 0,
    away_yellow: 0,
    home_corner: 0,
    away_corner: 0,
    period_scores: [],
    stats: {},
    venue: fixture.venue ?? '',
    is_hot: fixture.is_hot ?? false,
    seq: 0,
    updated_at: new Date(fixture.updated_at ?? dayStart),
  };
}

interface PlayedDay {
  matches: LiveMatch[];
  setups: Map<number, MatchSetup>;
  odds: Map<number, OddsRow[]>;
  /** Every odds row as it was after each move. */
  oddsHistory: Array<{ match: Match; row: OddsRow }>;
  /** Each match's clock position after every step. */
  clocks: Map<number, number[][]>;
}

/** Plans the day of `seed` and plays it to `until`, in steps of `stepMs` (one go when absent). */
function playDay(seed: number, until: number, stepMs?: number): PlayedDay {
  const plan = planDay(world, siteDayOf(dayStart), seed, new Map(), { lastKickOff: null, busy: new Set() }, new Date(dayStart));
  const matches = plan.fixtures.map((fixture, i) => liveMatch(stored(fixture, i + 1), []));
  const setups = new Map(matches.map((match) => [match.row.id, world.setupFor(match.row, seed)]));
  const odds = new Map(
    matches.map((match) => [
      match.row.id,
      companies.flatMap((company) => openingOddsRows(match, setups.get(match.row.id)!, company, dayStart)),
    ]),
  );
  const oddsHistory: PlayedDay['oddsHistory'] = [];
  const clocks = new Map<number, number[][]>();
  for (const match of matches) {
    const setup = setups.get(match.row.id)!;
    const rows = odds.get(match.row.id)!;
    const positions: number[][] = [];
    const afterStep = (step: StepResult) => {
      positions.push(clockOrder(match.row));
      for (const company of companies) {
        for (const row of moveOdds(
          match,
          setup,
          step,
          rows.filter((held) => held.company_id === company),
          company,
        )) {
          rows[rows.findIndex((held) => held.company_id === row.company_id && held.market === row.market)] = row;
          oddsHistory.push({ match: { ...match.row }, row });
        }
      }
    };
    if (stepMs === undefined) playUntil(match, setup, until, afterStep);
    else for (let at = dayStart; at <= until; at += stepMs) playUntil(match, setup, at, afterStep);
    clocks.set(match.row.id, positions);
  }
  return { matches, setups, odds, oddsHistory, clocks };
}

const end = dayStart + 30 * 60 * 60_000;
const days = new Map(seeds.map((seed) => [seed, playDay(seed, end)]));

const goalKinds = new Set(['goal', 'own_goal', 'penalty_goal']);
const isQuarterLine = (line: number) => Number.isInteger(line * 4);

/** The rules every odds row keeps (openapi.yaml AsianHandicapPrices, OverUnderPrices, OneXTwoPrices). */
function oddsProblems(match: Match, row: OddsRow): string[] {
  const problems: string[] = [];
  // Prices are stored with two decimals (numeric(8,2)).
  const price = (value: number | null, min: number) =>
    value !== null && Number.isFinite(value) && value >= min && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
  if (row.market === 'europe') {
    if (!price(row.home, 1.01) || !price(row.away, 1.01)) problems.push('1X2 price under 1.01');
    if ((row.draw === null) !== (match.sport !== 'football')) problems.push('draw priced where there is none, or missing');
    if (row.draw !== null && !price(row.draw, 1.01)) problems.push('draw under 1.01');
    if (row.line !== null) problems.push('1X2 with a line');
  } else {
    if (!price(row.home, 0.01) || !price(row.away, 0.01)) problems.push(`${row.market} price not positive`);
    if (row.line === null || !isQuarterLine(row.line)) problems.push(`${row.market} line ${row.line} not a quarter`);
    if (row.market === 'over_under' && row.line !== null && !row.is_closed && row.line <= match.home_score + match.away_score) {
      problems.push(`total line ${row.line} already passed at ${match.home_score}-${match.away_score}`);
    }
  }
  return problems;
}

describe('simulator over many seeds', { timeout: 60_000 }, () => {
  it('plays every fixture of the day to the end', () => {
    for (const day of days.values()) {
      expect(day.matches.length).toBeGreaterThan(50);
      for (const match of day.matches) expect(match.row.status, `match ${match.row.id}`).toBe('over');
    }
  });

  it('gives the same day for the same seed, whether the clock moves a minute or a day at a time', () => {
    for (const seed of seeds.slice(0, 4)) {
      const again = playDay(seed, end, 60_000);
      const first = days.get(seed)!;
      expect(again.matches.map((m) => m.row)).toEqual(first.matches.map((m) => m.row));
      expect(again.matches.map((m) => m.incidents)).toEqual(first.matches.map((m) => m.incidents));
      expect([...again.odds.values()]).toEqual([...first.odds.values()]);
    }
  });

  it('gives different days for different seeds', () => {
    const scores = [...days.values()].map((day) => day.matches.map((m) => `${m.row.home_score}-${m.row.away_score}`).join());
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('keeps every score equal to what was scored', () => {
    for (const day of days.values()) {
      for (const { row, incidents } of day.matches) {
        const count = (side: 'home' | 'away', kinds: Set<string>) => incidents.filter((i) => i.side === side && kinds.has(i.kind)).length;
        if (row.sport === 'football') {
          expect([row.home_score, row.away_score]).toEqual([count('home', goalKinds), count('away', goalKinds)]);
          expect([row.home_red, row.away_red]).toEqual([
            count('home', new Set(['red_card', 'second_yellow'])),
            count('away', new Set(['red_card', 'second_yellow'])),
          ]);
          expect([row.home_yellow, row.away_yellow]).toEqual([
            count('home', new Set(['yellow_card', 'second_yellow'])),
            count('away', new Set(['yellow_card', 'second_yellow'])),
          ]);
          expect([row.home_corner, row.away_corner]).toEqual([count('home', new Set(['corner'])), count('away', new Set(['corner']))]);
          expect(row.home_half_score! + row.away_half_score!).toBeLessThanOrEqual(row.home_score + row.away_score);
        } else if (row.sport === 'basketball') {
          const quarters = quarterScores(row);
          expect(quarters.length).toBeGreaterThanOrEqual(4);
          expect([row.home_score, row.away_score]).toEqual([
            quarters.reduce((s, q) => s + q[0], 0),
            quarters.reduce((s, q) => s + q[1], 0),
          ]);
          expect(row.home_score).not.toBe(row.away_score);
        } else {
          const won = gameWinners(row);
          expect([row.home_score, row.away_score]).toEqual([count('home', new Set(['game_won'])), count('away', new Set(['game_won']))]);
          expect([row.home_score, row.away_score]).toEqual([
            won.filter((w) => w === 'home').length,
            won.filter((w) => w === 'away').length,
          ]);
          expect(Math.max(row.home_score, row.away_score)).toBe(Math.ceil(row.best_of! / 2));
        }
        // Each incident carries the score after it, counted up from the start.
        let home = 0;
        let away = 0;
        for (const incident of incidents) {
          if (row.sport === 'football' && goalKinds.has(incident.kind)) {
            if (incident.side === 'home') home += 1;
            else away += 1;
            expect([incident.home_score, incident.away_score]).toEqual([home, away]);
          }
        }
      }
    }
  });

  it('names every player of an incident in English too, as the squads name them', () => {
    for (const day of days.values()) {
      for (const { incidents } of day.matches) {
        for (const incident of incidents) {
          expect(incident.player_en === '', `${incident.kind} ${incident.player}`).toBe(incident.player === '');
          expect(incident.player2_en === '', `${incident.kind} ${incident.player2}`).toBe(incident.player2 === '');
          expect(`${incident.player_en}${incident.player2_en}`).not.toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
  });

  it('gives a player the same English name in every flavour of names, as a match keys both squads by the Chinese one', () => {
    const english = new Map<string, Set<string>>();
    for (const [zh, en] of Object.values(playerNames).flat()) english.set(zh, (english.get(zh) ?? new Set()).add(en));
    expect([...english].filter(([, names]) => names.size > 1)).toEqual([]);
  });

  it('counts the round on in both languages', () => {
    expect(nextRound(undefined, 'football')).toEqual({ round: '第1轮', round_en: 'Round 1' });
    expect(nextRound({ round: '第13轮', round_en: 'Round 13' }, 'football')).toEqual({ round: '第14轮', round_en: 'Round 14' });
    expect(nextRound({ round: '常规赛第7周', round_en: 'Regular Season Week 7' }, 'esports')).toEqual({
      round: '常规赛第8周',
      round_en: 'Regular Season Week 8',
    });
    expect(nextRound({ round: '常规赛', round_en: 'Regular Season' }, 'basketball')).toEqual({ round: '常规赛', round_en: 'Regular Season' });
  });

  it('never moves a clock back', () => {
    const backwards: string[] = [];
    for (const day of days.values()) {
      for (const [id, positions] of day.clocks) {
        for (let i = 1; i < positions.length; i++) {
          const [a, b] = [positions[i - 1]!, positions[i]!];
          const later = b[0]! > a[0]! || (b[0] === a[0] && (b[1]! > a[1]! || (b[1] === a[1] && b[2]! > a[2]!)));
          if (!later) backwards.push(`match ${id}: ${a.join(':')} then ${b.join(':')}`);
        }
      }
    }
    expect(backwards).toEqual([]);
  });

  it('keeps every odds row valid at every move', () => {
    const problems: string[] = [];
    let rows = 0;
    for (const day of days.values()) {
      for (const { match, row } of day.oddsHistory) {
        rows += 1;
        for (const problem of oddsProblems(match, row)) problems.push(`match ${match.id} company ${row.company_id}: ${problem}`);
      }
      for (const match of day.matches) {
        for (const row of day.odds.get(match.row.id)!)
          if (!row.is_closed) problems.push(`match ${match.row.id}: ${row.market} open after the end`);
      }
    }
    expect(rows).toBeGreaterThan(10_000);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('moves the odds with the match: the side that leads late is the favourite', () => {
    let checked = 0;
    for (const day of days.values()) {
      for (const { match, row } of day.oddsHistory) {
        if (match.sport !== 'football' || row.market !== 'europe' || row.is_closed || match.phase !== 'second_half' || match.minute < 80)
          continue;
        const lead = match.home_score - match.away_score;
        if (Math.abs(lead) < 2) continue;
        expect(lead > 0 ? row.home : row.away).toBeLessThan(1.2);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('scores like the sports it plays', () => {
    const all = [...days.values()].flatMap((day) => day.matches.map((m) => m.row));
    const mean = (rows: Match[], f: (row: Match) => number) => rows.reduce((s, row) => s + f(row), 0) / rows.length;
    const football = all.filter((row) => row.sport === 'football');
    const nba = all.filter((row) => row.sport === 'basketball' && row.league_id === leagueDefs.findIndex((def) => def.key === 'NBA') + 1);
    expect(mean(football, (row) => row.home_score + row.away_score)).toBeGreaterThan(2);
    expect(mean(football, (row) => row.home_score + row.away_score)).toBeLessThan(3.4);
    expect(mean(football, (row) => row.home_corner + row.away_corner)).toBeGreaterThan(7);
    expect(mean(nba, (row) => row.home_score + row.away_score)).toBeGreaterThan(190);
    expect(mean(nba, (row) => row.home_score + row.away_score)).toBeLessThan(250);
  });

  it('keeps standings equal to the results', () => {
    for (const day of days.values()) {
      const tables = new Map<number, StandingRow[]>();
      for (const match of [...day.matches].sort((a, b) => a.row.updated_at.getTime() - b.row.updated_at.getTime())) {
        const table = tables.get(match.row.league_id) ?? emptyTables.filter((row) => row.league_id === match.row.league_id);
        tables.set(match.row.league_id, applyResult(table, match.row, match.row.updated_at));
      }
      for (const [leagueId, table] of tables) {
        const results = day.matches.filter((m) => m.row.league_id === leagueId).map((m) => m.row);
        for (const row of table) {
          const mine = results.filter((m) => m.home_team_id === row.team_id || m.away_team_id === row.team_id);
          const scored = (m: Match) =>
            (m.home_team_id === row.team_id ? [m.home_score, m.away_score] : [m.away_score, m.home_score]) as [number, number];
          const won = mine.filter((m) => scored(m)[0] > scored(m)[1]).length;
          const lost = mine.filter((m) => scored(m)[0] < scored(m)[1]).length;
          expect(row).toMatchObject({
            played: mine.length,
            won,
            lost,
            drawn: mine.length - won - lost,
            goals_for: mine.reduce((s, m) => s + scored(m)[0], 0),
            goals_against: mine.reduce((s, m) => s + scored(m)[1], 0),
          });
          expect(row.points).toBe(pointsOf(results[0]!.sport, row));
        }
        for (const group of new Set(table.map((row) => row.group_name))) {
          const members = table.filter((row) => row.group_name === group).sort((a, b) => a.position - b.position);
          expect(members.map((row) => row.position)).toEqual(members.map((_, i) => i + 1));
          // Basketball tables rank by win rate (teams have played different numbers of games), the others by points.
          const rank = (row: StandingRow) => (results[0]!.sport === 'basketball' ? (row.played ? row.won / row.played : 0) : row.points);
          for (let i = 1; i < members.length; i++) expect(rank(members[i - 1]!)).toBeGreaterThanOrEqual(rank(members[i]!));
        }
      }
    }
  });

  it('plays a match only after its kick-off time and ends it', () => {
    for (const day of days.values()) {
      for (const match of day.matches) {
        const first = match.incidents[0]!;
        expect(first.kind).toBe('period_start');
        expect(first.at).toBeGreaterThanOrEqual(match.row.start_time.getTime());
        expect(engineFor(match.row.sport).nextAt(match, day.setups.get(match.row.id)!)).toBeNull();
      }
    }
  });
});
