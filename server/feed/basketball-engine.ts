import type { LiveStatusEvent } from '../../src/machines/live-status-machine.ts';
import type { Match, MatchStats } from '../db/tables/scores-tables.ts';
import { kickOffAt, type MatchSetup, type Side, type SportEngine, type StepContext } from './match-engine.ts';
import { quarterScores } from './period-scores.ts';

// Basketball, one game minute at a time: four quarters (12 minutes in the NBA, 10 under FIBA rules),
// overtimes of 5 until someone leads. Each minute each side has two or three possessions ending in a
// turnover, free throws or a two or three-point shot; rebounds, assists, steals, blocks and fouls follow.

/** A game minute takes this long on the clock, stoppages included (an NBA quarter about 26 minutes). */
export const basketballMinuteMs = 130_000;
const shortBreakMs = 2 * 60_000;
const halfTimeMs = 15 * 60_000;
const overtimeMinutes = 5;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

type PairKey = Exclude<keyof MatchStats, 'game_kills'>;

function bump(stats: MatchStats, key: PairKey, side: Side, by = 1): void {
  const pair = stats[key] ?? [0, 0];
  stats[key] = side === 'home' ? [pair[0] + by, pair[1]] : [pair[0], pair[1] + by];
}

/** Points each side is expected to score over a game, for the odds. */
export function basketballPointRates(setup: Pick<MatchSetup, 'edge' | 'quarterMinutes'>): [number, number] {
  const minutes = setup.quarterMinutes * 4;
  const perMinute = pointsPerPossession * possessionsPerMinute(setup.quarterMinutes);
  return [minutes * perMinute * (1 + 0.06 * setup.edge) + 1.5, minutes * perMinute * (1 - 0.06 * setup.edge) - 1.5];
}

// A possession of the model below: 13% turnovers, 12% two free throws at 78%, else a shot, 38% of them threes.
const pointsPerPossession = 0.99;

function possessionsPerMinute(quarterMinutes: number): number {
  return quarterMinutes === 12 ? 2.3 : 2.2;
}

function periodLength(row: Match, setup: MatchSetup): number {
  return row.phase === 'ot' ? overtimeMinutes : setup.quarterMinutes;
}

export const basketballEngine: SportEngine = {
  nextAt(match, setup) {
    const { row } = match;
    if (row.status === 'over') return null;
    if (row.status === 'not_started') return kickOffAt(row, setup.seed);
    if (row.phase !== 'break') return row.updated_at.getTime() + basketballMinuteMs;
    return row.updated_at.getTime() + (quarterScores(row).length === 2 ? halfTimeMs : shortBreakMs);
  },

  step(match, setup, _at, context): LiveStatusEvent | null {
    const { row } = match;
    if (row.status === 'not_started') {
      const timeouts = setup.quarterMinutes === 12 ? 7 : 5;
      Object.assign(row, {
        status: 'in_progress',
        phase: 'q1',
        minute: 0,
        added_minute: 0,
        period_scores: [[0, 0]],
      } satisfies Partial<Match>);
      row.stats = {
        field_goals: [0, 0],
        field_goal_attempts: [0, 0],
        threes: [0, 0],
        three_attempts: [0, 0],
        free_throws: [0, 0],
        free_throw_attempts: [0, 0],
        rebounds: [0, 0],
        assists: [0, 0],
        steals: [0, 0],
        blocks: [0, 0],
        turnovers: [0, 0],
        fouls: [0, 0],
        timeouts_left: [timeouts, timeouts],
      };
      context.incident('period_start', null, { minute: 0 });
      return { type: 'match.kicked_off' };
    }
    if (row.phase === 'break') {
      const played = quarterScores(row).length;
      row.phase = played < 4 ? (`q${played + 1}` as Match['phase']) : 'ot';
      row.minute = 0;
      row.period_scores.push([0, 0]);
      context.incident('period_start', null, { minute: 0 });
      return { type: 'period.started' };
    }

    playMinute(row, setup, context);
    row.minute += 1;
    if (row.minute < periodLength(row, setup)) return null;
    context.incident('period_end', null);
    const played = quarterScores(row).length;
    if (played === 2) Object.assign(row, { home_half_score: row.home_score, away_half_score: row.away_score });
    if (played >= 4 && row.home_score !== row.away_score) {
      Object.assign(row, { status: 'over', phase: 'full_time' } satisfies Partial<Match>);
      return { type: 'match.ended' };
    }
    row.phase = 'break';
    return { type: 'period.ended' };
  },
};

function playMinute(row: Match, setup: MatchSetup, { random }: StepContext): void {
  const stats = row.stats;
  const current = quarterScores(row).at(-1)!;
  const score = (side: Side, points: number) => {
    if (side === 'home') {
      row.home_score += points;
      current[0] += points;
    } else {
      row.away_score += points;
      current[1] += points;
    }
  };
  const pace = possessionsPerMinute(setup.quarterMinutes);
  for (const side of ['home', 'away'] as const) {
    const edge = side === 'home' ? setup.edge : -setup.edge;
    const them: Side = side === 'home' ? 'away' : 'home';
    const possessions = Math.floor(pace) + (random.chance(pace - Math.floor(pace)) ? 1 : 0);
    for (let i = 0; i < possessions; i++) {
      if (random.chance(0.06)) bump(stats, 'fouls', them);
      if (random.chance(0.13 - 0.02 * edge)) {
        bump(stats, 'turnovers', side);
        if (random.chance(0.55)) bump(stats, 'steals', them);
        continue;
      }
      let missed = false;
      if (random.chance(0.12)) {
        bump(stats, 'fouls', them);
        for (let shot = 0; shot < 2; shot++) {
          bump(stats, 'free_throw_attempts', side);
          missed = !random.chance(0.78);
          if (!missed) {
            bump(stats, 'free_throws', side);
            score(side, 1);
          }
        }
      } else {
        const three = random.chance(0.38);
        bump(stats, 'field_goal_attempts', side);
        if (three) bump(stats, 'three_attempts', side);
        const made = random.chance(clamp((three ? 0.36 : 0.54) + 0.04 * edge, 0.2, 0.7));
        if (made) {
          bump(stats, 'field_goals', side);
          if (three) bump(stats, 'threes', side);
          if (random.chance(0.6)) bump(stats, 'assists', side);
          score(side, three ? 3 : 2);
        } else {
          missed = true;
          if (!three && random.chance(0.08)) bump(stats, 'blocks', them);
        }
      }
      if (missed) bump(stats, 'rebounds', random.chance(0.25) ? side : them);
    }
    const timeouts = stats.timeouts_left ?? [0, 0];
    if ((side === 'home' ? timeouts[0] : timeouts[1]) > 0 && random.chance(0.025)) bump(stats, 'timeouts_left', side, -1);
  }
}
