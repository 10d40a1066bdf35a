import type { Selectable } from 'kysely';
import type { Match, MatchOddsTable, OddsMarket } from '../db/tables/scores-tables.ts';
import { basketballPointRates } from './basketball-engine.ts';
import { gameWinChance } from './esports-engine.ts';
import { FeedRandom } from './feed-random.ts';
import { footballGoalRates, stoppageOf } from './football-engine.ts';
import type { LiveMatch, MatchSetup, StepResult } from './match-engine.ts';

// Odds ("exponent") of each company on each match: Asian handicap, over/under and 1X2, priced from the
// chances of the rest of the match given the score, the time left and the cards, with the company's
// margin and lean. Hong Kong prices for the handicap and totals, decimal prices for 1X2.

export type OddsRow = Selectable<MatchOddsTable>;

export interface Quote {
  asia: { home: number; line: number; away: number } | null;
  over_under: { over: number; line: number; under: number } | null;
  europe: { home: number; draw: number | null; away: number };
}

/** How one company prices: its margin, how far it leans to the home side, how often it moves. */
export interface CompanyStyle {
  margin: number;
  lean: number;
  moveChance: number;
}

export function companyStyle(companyId: number): CompanyStyle {
  const random = new FeedRandom('odds-company', companyId);
  return { margin: random.float(0.045, 0.075), lean: random.float(-0.04, 0.04), moveChance: random.float(0.35, 0.75) };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
/** Hong Kong price (winnings per stake) from the chances of winning and losing (pushes return the stake). */
const hongKong = (win: number, lose: number, margin: number) => round2(clamp((lose / Math.max(win, 1e-6)) * (1 - margin), 0.05, 9.99));
const decimal = (chance: number, margin: number) => round2(clamp(1 / (Math.max(chance, 1e-6) * (1 + margin)), 1.01, 99));

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p *= lambda / (k + 1);
  }
  return out;
}

function normalCdf(x: number): number {
  // Abramowitz and Stegun 7.1.26, good to 1e-7.
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * A line's chances of winning and losing for a side whose margin over the line is a distribution
 * (`chances[i]` the chance of margin `offset + i`). Quarter lines split the stake over the two lines next to it.
 */
function lineOutcome(chances: number[], offset: number, line: number): { win: number; lose: number } {
  const halves = (line * 4) % 2 === 0 ? [line] : [line - 0.25, line + 0.25];
  let win = 0;
  let lose = 0;
  for (const half of halves) {
    chances.forEach((p, i) => {
      const result = offset + i + half;
      if (result > 0) win += p / halves.length;
      else if (result < 0) lose += p / halves.length;
    });
  }
  return { win, lose };
}

/** The quarter line between `from` and `to` where the two sides are nearest even. */
function balancedLine(chances: number[], offset: number, from: number, to: number): { line: number; win: number; lose: number } {
  let best = { line: from, ...lineOutcome(chances, offset, from) };
  for (let line = from + 0.25; line <= to + 1e-9; line += 0.25) {
    const outcome = lineOutcome(chances, offset, line);
    if (Math.abs(outcome.win - outcome.lose) < Math.abs(best.win - best.lose)) best = { line, ...outcome };
  }
  return best;
}

/** Football minutes of play still to come, stoppage time included. */
function footballMinutesLeft(row: Match, seed: number): number {
  const [first, second] = stoppageOf(seed, row.id);
  const total = 90 + first + second;
  switch (row.phase) {
    case 'not_started':
      return total;
    case 'first_half':
      return total - Math.min(row.minute, 45) - row.added_minute;
    case 'half_time':
      return 45 + second;
    case 'second_half':
      return Math.max(0, 45 + second - (Math.min(row.minute, 90) - 45) - row.added_minute);
    default:
      return 0;
  }
}

function quoteFootball(row: Match, setup: MatchSetup, style: CompanyStyle, random: FeedRandom): Quote {
  const [homeRate, awayRate] = footballGoalRates(setup.edge);
  const left = footballMinutesLeft(row, setup.seed) / 94;
  const cards = (reds: number, theirs: number) => Math.pow(0.8, reds) * Math.pow(1.15, theirs);
  const noise = () => 1 + random.float(-0.03, 0.03);
  const home = Math.max(0.005, homeRate * left * cards(row.home_red, row.away_red) * (1 + style.lean) * noise());
  const away = Math.max(0.005, awayRate * left * cards(row.away_red, row.home_red) * (1 - style.lean) * noise());
  const max = 12;
  const homeGoals = poissonPmf(home, max);
  const awayGoals = poissonPmf(away, max);
  // Goals still to come: their difference (home minus away, from -max) and their total.
  const difference = new Array<number>(2 * max + 1).fill(0);
  const total = new Array<number>(2 * max + 1).fill(0);
  homeGoals.forEach((ph, h) =>
    awayGoals.forEach((pa, a) => {
      difference[h - a + max]! += ph * pa;
      total[h + a]! += ph * pa;
    }),
  );
  const lead = row.home_score - row.away_score;
  let win = 0;
  let draw = 0;
  difference.forEach((p, i) => {
    const final = lead + i - max;
    if (final > 0) win += p;
    else if (final === 0) draw += p;
  });
  const loss = Math.max(0, 1 - win - draw);
  // In play the handicap covers the goals still to come; the total counts those already scored.
  const asia = balancedLine(difference, -max, -3.5, 3.5);
  // The over wins when the final total less the line is above 0, so its lines are searched negated.
  const scored = row.home_score + row.away_score;
  const over = balancedLine(total, scored, -(scored + 6), -(scored + 0.5));
  return {
    asia: { line: asia.line, home: hongKong(asia.win, asia.lose, style.margin), away: hongKong(asia.lose, asia.win, style.margin) },
    over_under: { line: -over.line, over: hongKong(over.win, over.lose, style.margin), under: hongKong(over.lose, over.win, style.margin) },
    europe: { home: decimal(win, style.margin), draw: decimal(draw, style.margin), away: decimal(loss, style.margin) },
  };
}

function basketballMinutesLeft(row: Match, setup: MatchSetup): { left: number; full: number } {
  const full = setup.quarterMinutes * 4;
  if (row.status === 'not_started') return { left: full, full };
  const periods = row.period_scores.length;
  if (row.phase === 'ot' || periods > 4) return { left: row.phase === 'break' ? 5 : Math.max(0, 5 - row.minute), full };
  if (row.phase === 'break') return { left: Math.max(0, full - periods * setup.quarterMinutes), full };
  return { left: Math.max(0, full - (periods - 1) * setup.quarterMinutes - row.minute), full };
}

function quoteBasketball(row: Match, setup: MatchSetup, style: CompanyStyle, random: FeedRandom): Quote {
  const [homeRate, awayRate] = basketballPointRates(setup);
  const { left, full } = basketballMinutesLeft(row, setup);
  const share = left / full;
  const lean = style.lean * 40 * share;
  const meanMargin = row.home_score - row.away_score + (homeRate - awayRate) * share + lean + random.float(-0.8, 0.8);
  const meanTotal = row.home_score + row.away_score + (homeRate + awayRate) * share + random.float(-1.5, 1.5);
  const marginSpread = Math.max(0.6, 12 * Math.sqrt(share));
  const totalSpread = Math.max(0.6, 16 * Math.sqrt(share));
  const homeWins = clamp(normalCdf(meanMargin / marginSpread), 0.005, 0.995);
  // Half-point lines: no pushes. The home side covers when margin + line > 0.
  const line = Math.floor(-meanMargin) + 0.5;
  const covers = clamp(1 - normalCdf((-line - meanMargin) / marginSpread), 0.01, 0.99);
  const totalLine = Math.max(row.home_score + row.away_score + 0.5, Math.floor(meanTotal) + 0.5);
  const overChance = clamp(1 - normalCdf((totalLine - meanTotal) / totalSpread), 0.01, 0.99);
  return {
    asia: { line, home: hongKong(covers, 1 - covers, style.margin), away: hongKong(1 - covers, covers, style.margin) },
    over_under: {
      line: totalLine,
      over: hongKong(overChance, 1 - overChance, style.margin),
      under: hongKong(1 - overChance, overChance, style.margin),
    },
    europe: { home: decimal(homeWins, style.margin), draw: null, away: decimal(1 - homeWins, style.margin) },
  };
}

/** Chances of each final score of a best-of series from (home, away) games won, with `game` the chance of the current game. */
function seriesOutcomes(needed: number, home: number, away: number, current: number, game: number): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (h: number, a: number, p: number, chance: number) => {
    if (h >= needed || a >= needed) {
      const key = `${h}:${a}`;
      out.set(key, (out.get(key) ?? 0) + p);
      return;
    }
    walk(h + 1, a, p * chance, game);
    walk(h, a + 1, p * (1 - chance), game);
  };
  walk(home, away, 1, current);
  return out;
}

function quoteEsports(row: Match, setup: MatchSetup, style: CompanyStyle, random: FeedRandom): Quote {
  const bestOf = row.best_of ?? 1;
  const needed = Math.ceil(bestOf / 2);
  const game = clamp(gameWinChance(setup.edge) + style.lean + random.float(-0.02, 0.02), 0.05, 0.95);
  const kills = row.stats.game_kills?.at(-1) ?? row.stats.kills ?? [0, 0];
  const inGame = /^game_/.test(row.phase);
  const perKill = setup.title === 'cs' ? 0.04 : 0.15;
  const current = inGame ? 1 / (1 + Math.exp(-(Math.log(game / (1 - game)) + perKill * (kills[0] - kills[1])))) : game;
  const outcomes = seriesOutcomes(needed, row.home_score, row.away_score, current, game);
  let homeSeries = 0;
  const margins = new Map<number, number>();
  const totals = new Map<number, number>();
  for (const [key, p] of outcomes) {
    const [h, a] = key.split(':').map(Number) as [number, number];
    if (h > a) homeSeries += p;
    margins.set(h - a, (margins.get(h - a) ?? 0) + p);
    totals.set(h + a, (totals.get(h + a) ?? 0) + p);
  }
  homeSeries = clamp(homeSeries, 0.005, 0.995);
  const chanceOf = (map: Map<number, number>, test: (value: number) => boolean) =>
    clamp(
      [...map].filter(([value]) => test(value)).reduce((sum, [, p]) => sum + p, 0),
      0.01,
      0.99,
    );

  const handicap = (line: number): Quote['asia'] => {
    const covers = line === 0 ? homeSeries : chanceOf(margins, (m) => m + line > 0);
    return { line, home: hongKong(covers, 1 - covers, style.margin), away: hongKong(1 - covers, covers, style.margin) };
  };
  // A single game has no handicap but the winner; longer series give or take a game and a half or more.
  const lines = [-3.5, -2.5, -1.5, 1.5, 2.5, 3.5].filter((line) => Math.abs(line) < needed);
  const asia =
    bestOf === 1
      ? handicap(0)
      : handicap(
          lines.reduce((best, candidate) =>
            Math.abs(chanceOf(margins, (m) => m + candidate > 0) - 0.5) < Math.abs(chanceOf(margins, (m) => m + best > 0) - 0.5)
              ? candidate
              : best,
          ),
        );
  let overUnder: Quote['over_under'] = null;
  const played = row.home_score + row.away_score;
  const totalLines = Array.from({ length: bestOf }, (_, i) => i + 0.5).filter((line) => line >= needed && line > played && line < bestOf);
  if (totalLines.length) {
    const line = totalLines.reduce((best, candidate) =>
      Math.abs(chanceOf(totals, (t) => t > candidate) - 0.5) < Math.abs(chanceOf(totals, (t) => t > best) - 0.5) ? candidate : best,
    );
    const over = chanceOf(totals, (t) => t > line);
    overUnder = { line, over: hongKong(over, 1 - over, style.margin), under: hongKong(1 - over, over, style.margin) };
  }
  return {
    asia,
    over_under: overUnder,
    europe: { home: decimal(homeSeries, style.margin), draw: null, away: decimal(1 - homeSeries, style.margin) },
  };
}

/** One company's prices on a match as it stands. */
export function quoteMatch(row: Match, setup: MatchSetup, companyId: number, random: FeedRandom): Quote {
  const style = companyStyle(companyId);
  if (row.sport === 'football') return quoteFootball(row, setup, style, random);
  if (row.sport === 'basketball') return quoteBasketball(row, setup, style, random);
  return quoteEsports(row, setup, style, random);
}

function marketPrices(quote: Quote, market: OddsMarket): { home: number; line: number | null; draw: number | null; away: number } | null {
  if (market === 'asia') return quote.asia && { home: quote.asia.home, line: quote.asia.line, draw: null, away: quote.asia.away };
  if (market === 'over_under')
    return quote.over_under && { home: quote.over_under.over, line: quote.over_under.line, draw: null, away: quote.over_under.under };
  return { home: quote.europe.home, line: null, draw: quote.europe.draw, away: quote.europe.away };
}

const markets: OddsMarket[] = ['asia', 'over_under', 'europe'];

/** The rows of a company's opening odds on a match (opening and current prices the same). */
export function openingOddsRows(match: LiveMatch, setup: MatchSetup, companyId: number, at: number): OddsRow[] {
  const quote = quoteMatch(match.row, setup, companyId, new FeedRandom(setup.seed, match.row.id, 'odds', companyId, 'opening'));
  return markets.flatMap((market) => {
    const prices = marketPrices(quote, market);
    if (!prices) return [];
    return [
      {
        match_id: match.row.id,
        company_id: companyId,
        market,
        initial_home: prices.home,
        initial_line: prices.line,
        initial_draw: prices.draw,
        initial_away: prices.away,
        ...prices,
        is_closed: false,
        updated_at: new Date(at),
      },
    ];
  });
}

/**
 * How a company's odds on a match move with one step of play: closed at a goal, a red card or a penalty,
 * reopened at new prices on the next step, moved now and then in between, closed for good at the end.
 * Answers the rows that changed.
 */
export function moveOdds(match: LiveMatch, setup: MatchSetup, step: StepResult, rows: OddsRow[], companyId: number): OddsRow[] {
  if (rows.length === 0) return [];
  const at = new Date(step.at);
  if (match.row.status === 'over' || step.shaken) {
    return rows.filter((row) => !row.is_closed).map((row) => ({ ...row, is_closed: true, updated_at: at }));
  }
  const random = new FeedRandom(setup.seed, match.row.id, 'odds', companyId, step.at);
  const suspended = rows.some((row) => row.is_closed);
  // A total line the score has reached is no longer a market: it is re-priced at once, not now and then.
  const total = match.row.home_score + match.row.away_score;
  const linePassed = rows.some((row) => row.market === 'over_under' && !row.is_closed && row.line !== null && row.line <= total);
  if (!suspended && !step.event && !linePassed && !random.chance(companyStyle(companyId).moveChance)) return [];
  const quote = quoteMatch(match.row, setup, companyId, random);
  const changed: OddsRow[] = [];
  for (const row of rows) {
    const prices = marketPrices(quote, row.market);
    // A market that has no line any more (an e-sports total already passed) stays closed.
    const next: OddsRow = prices ? { ...row, ...prices, is_closed: false, updated_at: at } : { ...row, is_closed: true, updated_at: at };
    if (
      next.home !== row.home ||
      next.line !== row.line ||
      next.draw !== row.draw ||
      next.away !== row.away ||
      next.is_closed !== row.is_closed
    ) {
      changed.push(next);
    }
  }
  return changed;
}
