import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import type { MatchOddsTable, StandingsTable } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';
import type { SeededOdds } from './context.ts';

// Odds and standings are computed here from the teams' strengths and the day's results; the scores
// seed writes them.

const round2 = (x: number) => Math.round(x * 100) / 100;
const quarter = (x: number) => Math.round(x * 4) / 4;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function poissonPmf(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}

/** Home win, draw and away win chances of two Poisson scores. */
function footballChances(home: number, away: number): [number, number, number] {
  let win = 0;
  let draw = 0;
  let loss = 0;
  for (let h = 0; h <= 10; h++)
    for (let a = 0; a <= 10; a++) {
      const p = poissonPmf(home, h) * poissonPmf(away, a);
      if (h > a) win += p;
      else if (h === a) draw += p;
      else loss += p;
    }
  const total = win + draw + loss;
  return [win / total, draw / total, loss / total];
}

const decimal = (chance: number, margin: number) => Math.max(1.01, round2(1 / (chance * (1 + margin))));

/** A pair of Hong Kong prices around a line, summing to about 1.84. */
function waters(random: Random): [number, number] {
  const home = round2(0.9 + random.float(-0.12, 0.12));
  return [home, round2(1.84 - home + random.float(-0.02, 0.02))];
}

export interface OddsInput {
  sport: Sport;
  /** Expected goals, points or maps won of each side. */
  expected: [number, number];
  bestOf: number | null;
  status: 'not_started' | 'in_progress' | 'over';
  /** The score now, and how much of the match is left (0..1), for in-play lines. */
  score: [number, number];
  remaining: number;
}

/** The opening odds of one company: margins differ a little between companies. */
export function openingOdds(random: Random, input: OddsInput, margin: number): SeededOdds {
  const [eh, ea] = input.expected;
  if (input.sport === 'football') {
    const [win, draw, loss] = footballChances(eh, ea);
    const [h, a] = waters(random);
    const [o, u] = waters(random);
    return {
      asia: { line: clamp(-quarter(eh - ea), -3, 3), home: h, away: a },
      overUnder: { line: clamp(quarter(eh + ea), 1.5, 4.5), over: o, under: u },
      europe: { home: decimal(win, margin), draw: decimal(draw, margin), away: decimal(loss, margin) },
    };
  }
  if (input.sport === 'basketball') {
    const diff = eh - ea;
    const chance = clamp(1 / (1 + Math.exp(-diff / 7)), 0.08, 0.92);
    const [h, a] = waters(random);
    const [o, u] = waters(random);
    return {
      asia: { line: -(Math.floor(diff) + 0.5), home: h, away: a },
      overUnder: { line: Math.floor(eh + ea) + 0.5, over: o, under: u },
      europe: { home: decimal(chance, margin), draw: null, away: decimal(1 - chance, margin) },
    };
  }
  const chance = clamp(eh / (eh + ea), 0.15, 0.85);
  const [h, a] = waters(random);
  const [o, u] = waters(random);
  const bestOf = input.bestOf ?? 3;
  return {
    asia: { line: bestOf === 1 ? 0 : chance >= 0.5 ? -1.5 : 1.5, home: h, away: a },
    overUnder: bestOf === 1 ? null : { line: bestOf === 3 ? 2.5 : 3.5, over: o, under: u },
    europe: { home: decimal(chance, margin), draw: null, away: decimal(1 - chance, margin) },
  };
}

/** Rows of match_odds for one match and company: the opening odds and where they stand now. */
export function oddsRows(
  random: Random,
  matchId: number,
  companyId: number,
  input: OddsInput,
  opening: SeededOdds,
  updatedAt: Date,
): Array<Insertable<MatchOddsTable>> {
  const drift = (x: number) => Math.max(0.5, round2(x + random.float(-0.06, 0.06)));
  const inPlay = input.status === 'in_progress';
  const [home, away] = input.score;
  let asiaLine = opening.asia.line;
  let totalLine = opening.overUnder?.line ?? null;
  if (inPlay && input.sport === 'football') {
    // in play the handicap covers the goals still to come, and the total counts those scored
    asiaLine = quarter(opening.asia.line * input.remaining);
    if (totalLine !== null) totalLine = Math.max(home + away + 0.5, quarter(home + away + totalLine * input.remaining));
  } else if (inPlay && input.sport === 'basketball' && totalLine !== null) {
    totalLine = Math.floor(home + away + totalLine * input.remaining) + 0.5;
  } else if (!inPlay && random.chance(0.2) && input.sport === 'football') {
    asiaLine += random.chance(0.5) ? 0.25 : -0.25;
  }
  const rows: Array<Insertable<MatchOddsTable>> = [
    {
      match_id: matchId,
      company_id: companyId,
      market: 'asia',
      initial_home: opening.asia.home,
      initial_line: opening.asia.line,
      initial_away: opening.asia.away,
      home: drift(opening.asia.home),
      line: asiaLine,
      away: drift(opening.asia.away),
      updated_at: updatedAt,
    },
  ];
  if (opening.overUnder && totalLine !== null)
    rows.push({
      match_id: matchId,
      company_id: companyId,
      market: 'over_under',
      initial_home: opening.overUnder.over,
      initial_line: opening.overUnder.line,
      initial_away: opening.overUnder.under,
      home: drift(opening.overUnder.over),
      line: totalLine,
      away: drift(opening.overUnder.under),
      updated_at: updatedAt,
    });
  const e = opening.europe;
  rows.push({
    match_id: matchId,
    company_id: companyId,
    market: 'europe',
    initial_home: e.home,
    initial_draw: e.draw,
    initial_away: e.away,
    home: Math.max(1.01, drift(e.home)),
    draw: e.draw === null ? null : Math.max(1.01, drift(e.draw)),
    away: Math.max(1.01, drift(e.away)),
    updated_at: updatedAt,
  });
  return rows;
}

// ---------------------------------------------------------------- standings

export interface TableTeam {
  id: number;
  /** 1 strongest .. -1 weakest. */
  strength: number;
  group: string;
}

export interface Result {
  homeId: number;
  awayId: number;
  home: number;
  away: number;
}

/** A result of a match played before the seeded day. */
function pastResult(random: Random, sport: Sport, home: TableTeam, away: TableTeam): [number, number] {
  const d = (home.strength - away.strength) / 2;
  if (sport === 'football')
    return [random.poisson(clamp(1.45 + 0.8 * d, 0.25, 3.2), 7), random.poisson(clamp(1.15 - 0.8 * d, 0.2, 3), 7)];
  if (sport === 'basketball') {
    const base = random.int(95, 120);
    let h = Math.round(base + 3 + 10 * d + random.float(-12, 12));
    const a = Math.round(base - 10 * d + random.float(-12, 12));
    if (h === a) h += random.chance(0.5) ? 3 : -3;
    return [h, a];
  }
  const homeWins = random.chance(clamp(0.5 + 0.25 * d, 0.15, 0.85));
  const loser = random.chance(0.45) ? 1 : 0;
  return homeWins ? [2, loser] : [loser, 2];
}

export interface RoundResult extends Result {
  /** From 0, the first round played. */
  round: number;
}

/**
 * `rounds` rounds of a round robin (the circle method; with `secondLapSwapped` the second lap swaps home and away), each result drawn from
 * the teams' strengths. The same random stream gives the same results, so the seed can store as matches the
 * very rounds a table counts.
 */
export function roundRobinResults(
  random: Random,
  sport: Sport,
  teams: readonly TableTeam[],
  rounds: number,
  options: { secondLapSwapped?: boolean } = {},
): RoundResult[] {
  const results: RoundResult[] = [];
  const ring = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  for (let round = 0; round < rounds; round++) {
    const r = round % (ring.length - 1);
    const rotated = [ring[0], ...ring.slice(1).map((_, i) => ring[1 + ((i + r) % (ring.length - 1))])];
    for (let i = 0; i < rotated.length / 2; i++) {
      const a = rotated[i];
      const b = rotated[rotated.length - 1 - i];
      if (!a || !b) continue;
      // The second lap swaps each pairing's home and away (tables without it keep the rounds they always had).
      const secondLap = Math.floor(round / (ring.length - 1)) % 2 === 1;
      const homeFirst = options.secondLapSwapped ? ((r + i) % 2 === 0) !== secondLap : (round + i) % 2 === 0;
      const [home, away] = homeFirst ? [a, b] : [b, a];
      const [hs, as] = pastResult(random, sport, home, away);
      results.push({ round, homeId: home.id, awayId: away.id, home: hs, away: as });
    }
  }
  return results;
}

/** The rounds before today (a round robin, as far as it goes) and today's finished matches. */
export function standingsRows(
  random: Random,
  sport: Sport,
  leagueId: number,
  season: string,
  teams: TableTeam[],
  roundsBefore: number,
  today: Result[],
  updatedAt: Date,
): Array<Insertable<StandingsTable>> {
  const results: Result[] = [...roundRobinResults(random, sport, teams, roundsBefore), ...today];

  const rows = new Map(
    teams.map((t) => [t.id, { team: t, won: 0, drawn: 0, lost: 0, for: 0, against: 0, form: [] as string[] }]),
  );
  for (const r of results) {
    const home = rows.get(r.homeId);
    const away = rows.get(r.awayId);
    if (!home || !away) continue;
    for (const [row, mine, theirs] of [
      [home, r.home, r.away],
      [away, r.away, r.home],
    ] as const) {
      row.for += mine;
      row.against += theirs;
      const outcome = mine > theirs ? 'W' : mine === theirs ? 'D' : 'L';
      if (outcome === 'W') row.won++;
      else if (outcome === 'D') row.drawn++;
      else row.lost++;
      row.form.push(outcome);
    }
  }
  const points = (row: { won: number; drawn: number; lost: number }) =>
    sport === 'football' ? 3 * row.won + row.drawn : sport === 'basketball' ? 2 * row.won + row.lost : row.won;
  // Basketball ranks by win rate, as the live feed does (server/feed/standings-table.ts rankTable).
  const rate = (row: { won: number; drawn: number; lost: number }) => {
    const played = row.won + row.drawn + row.lost;
    return played ? row.won / played : 0;
  };
  const first = (a: { won: number; drawn: number; lost: number }, b: { won: number; drawn: number; lost: number }) =>
    sport === 'basketball' ? rate(b) - rate(a) || b.won - a.won : points(b) - points(a);
  const all = [...rows.values()];
  const out: Array<Insertable<StandingsTable>> = [];
  for (const group of [...new Set(teams.map((t) => t.group))]) {
    const members = all
      .filter((row) => row.team.group === group)
      .sort(
        (a, b) =>
          first(a, b) || b.for - b.against - (a.for - a.against) || b.for - a.for || a.team.id - b.team.id,
      );
    members.forEach((row, i) =>
      out.push({
        league_id: leagueId,
        season,
        team_id: row.team.id,
        group_name: group,
        position: i + 1,
        played: row.won + row.drawn + row.lost,
        won: row.won,
        drawn: row.drawn,
        lost: row.lost,
        goals_for: row.for,
        goals_against: row.against,
        points: points(row),
        form: row.form.slice(-5).reverse().join(''),
        updated_at: updatedAt,
      }),
    );
  }
  return out;
}
