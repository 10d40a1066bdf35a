import type { LiveStatusEvent } from '../../src/machines/live-status-machine.ts';
import type { Match, MatchStats } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import { kickOffAt, minuteMs, type EsportsTitle, type MatchSetup, type Side, type SportEngine, type StepContext } from './match-engine.ts';
import { gameWinners } from './period-scores.ts';

// E-sports, game (map) by game, minute by minute: kills, towers, dragons and barons, gold; a game's
// winner is drawn at its end from the strengths and the kills, and the series ends when a side has won
// more than half of its best-of.

const breakMs = 10 * 60_000;

/** Game lengths in minutes (the seed's, server/seed) and kills a side makes a minute. */
const titles: Record<EsportsTitle, { minutes: [number, number]; kills: number; objectives: boolean }> = {
  lol: { minutes: [26, 40], kills: 0.42, objectives: true },
  dota: { minutes: [30, 52], kills: 0.55, objectives: true },
  cs: { minutes: [35, 55], kills: 1.9, objectives: false },
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The chance the home side wins a game before it starts. */
export function gameWinChance(edge: number): number {
  return clamp(0.5 + 0.25 * edge, 0.15, 0.85);
}

export function gameMinutesOf(seed: number, matchId: number, game: number, title: EsportsTitle): number {
  const [lo, hi] = titles[title].minutes;
  return new FeedRandom(seed, matchId, 'game', game).int(lo, hi);
}

type PairKey = Exclude<keyof MatchStats, 'game_kills'>;

function bump(stats: MatchStats, key: PairKey, side: Side, by = 1): void {
  const pair = stats[key] ?? [0, 0];
  stats[key] = side === 'home' ? [pair[0] + by, pair[1]] : [pair[0], pair[1] + by];
}

/** Kills of each game; a match stored without them (seeded mid-game) starts from its kills so far. */
function gameKills(row: Match): Array<[number, number]> {
  if (!row.stats.game_kills) {
    const before = gameWinners(row).map((): [number, number] => [0, 0]);
    row.stats.game_kills = row.phase === 'break' ? before : [...before, row.stats.kills ?? [0, 0]];
  }
  return row.stats.game_kills;
}

export const esportsEngine: SportEngine = {
  nextAt(match, setup) {
    const { row } = match;
    if (row.status === 'over') return null;
    if (row.status === 'not_started') return kickOffAt(row, setup.seed);
    return row.updated_at.getTime() + (row.phase === 'break' ? breakMs : minuteMs);
  },

  step(match, setup, _at, context): LiveStatusEvent | null {
    const { row } = match;
    if (row.status === 'not_started' || row.phase === 'break') {
      const first = row.status === 'not_started';
      const game = gameWinners(row).length + 1;
      Object.assign(row, {
        status: 'in_progress',
        phase: `game_${game}` as Match['phase'],
        minute: 0,
        added_minute: 0,
      } satisfies Partial<Match>);
      if (first)
        row.stats = {
          kills: [0, 0],
          game_kills: [],
          ...(titles[setup.title].objectives ? { towers: [0, 0], dragons: [0, 0], barons: [0, 0], gold: [0, 0] } : {}),
        };
      gameKills(row).push([0, 0]);
      context.incident('period_start', null, { minute: 0 });
      return first ? { type: 'match.kicked_off' } : { type: 'period.started' };
    }

    playMinute(row, setup, context);
    row.minute += 1;
    const game = gameWinners(row).length + 1;
    if (row.minute < gameMinutesOf(setup.seed, row.id, game, setup.title)) return null;

    const kills = gameKills(row).at(-1) ?? [0, 0];
    const lean = Math.log(gameWinChance(setup.edge) / (1 - gameWinChance(setup.edge)));
    const perKill = setup.title === 'cs' ? 0.04 : 0.15;
    const homeChance = 1 / (1 + Math.exp(-(lean + perKill * (kills[0] - kills[1]))));
    const winner: Side = context.random.chance(homeChance) ? 'home' : 'away';
    if (winner === 'home') row.home_score += 1;
    else row.away_score += 1;
    row.period_scores.push(winner);
    context.incident('game_won', winner);
    context.incident('period_end', null);
    context.shake();
    const needed = Math.ceil((row.best_of ?? 1) / 2);
    if (Math.max(row.home_score, row.away_score) >= needed) {
      Object.assign(row, { status: 'over', phase: 'full_time' } satisfies Partial<Match>);
      return { type: 'match.ended' };
    }
    row.phase = 'break';
    return { type: 'period.ended' };
  },
};

function playMinute(row: Match, setup: MatchSetup, { random }: StepContext): void {
  const stats = row.stats;
  const title = titles[setup.title];
  const current = gameKills(row).at(-1)!;
  const firstGame = gameWinners(row).length === 0;
  for (const side of ['home', 'away'] as const) {
    const edge = side === 'home' ? setup.edge : -setup.edge;
    const kills = random.poisson(title.kills * (1 + 0.25 * edge));
    if (kills > 0) {
      if (firstGame && !stats.first_blood) {
        stats.first_blood = side === 'home' ? [1, 0] : [0, 1];
      }
      bump(stats, 'kills', side, kills);
      if (side === 'home') current[0] += kills;
      else current[1] += kills;
    }
    if (!title.objectives) continue;
    if (row.minute >= 12 && random.chance(0.09 + 0.03 * edge)) bump(stats, 'towers', side);
    if (setup.title === 'lol' && row.minute >= 5 && random.chance(0.05)) bump(stats, 'dragons', side);
    if (row.minute >= 20 && random.chance(0.02)) bump(stats, 'barons', side);
    const gold = stats.gold ?? [0, 0];
    const earned = Math.round((random.float(1.6, 2.2) + 0.3 * kills) * 10) / 10;
    stats.gold =
      side === 'home' ? [Math.round((gold[0] + earned) * 10) / 10, gold[1]] : [gold[0], Math.round((gold[1] + earned) * 10) / 10];
  }
}
