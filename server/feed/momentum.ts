import type { Match, MatchStats } from '../db/tables/scores-tables.ts';
import type { StepResult } from './match-engine.ts';
import { quarterScores } from './period-scores.ts';
import type { MomentumPoint } from '../ports/match-feed.ts';

// Attack momentum, as the feed plays: football's pressure of each team minute by minute, from its attacks,
// dangerous attacks, shots and corners; basketball's score after each minute, for the lead tracker.

/** What each counted event weighs in a minute's pressure. */
export const pressureWeights = { attacks: 1, dangerous_attacks: 2, shots: 3, corners: 3 } as const;

/** Keeps a quiet minute (one attack each way) from reading as complete dominance. */
const damping = 4;

/** A team's pressure so far: its weighted attacks, dangerous attacks, shots and corners. */
export function pressureOf(row: Pick<Match, 'stats' | 'home_corner' | 'away_corner'>): [number, number] {
  const stats: MatchStats = row.stats;
  const pair = (key: 'attacks' | 'dangerous_attacks' | 'shots') => stats[key] ?? [0, 0];
  const total = (index: 0 | 1) =>
    pair('attacks')[index] * pressureWeights.attacks +
    pair('dangerous_attacks')[index] * pressureWeights.dangerous_attacks +
    pair('shots')[index] * pressureWeights.shots +
    (index === 0 ? row.home_corner : row.away_corner) * pressureWeights.corners;
  return [total(0), total(1)];
}

/** A minute's share of the pressure: 100 all home, -100 all away, damped for quiet minutes. */
export function pressureValue(home: number, away: number): number {
  const share = (100 * (home - away)) / (home + away + damping);
  // Rounded away from zero alike on both sides, so swapping the teams only flips the sign.
  return Math.sign(share) * Math.round(Math.abs(share)) || 0;
}

/** Whether the step just taken played a minute (football: kicked off, restarted or went on; basketball: a minute ran). */
function playedMinute(sport: Match['sport'], before: Match, after: Match, step: StepResult): boolean {
  if (sport === 'football') {
    const event = step.event?.type;
    return event === undefined || event === 'match.kicked_off' || event === 'period.started';
  }
  if (sport === 'basketball') return before.status === 'in_progress' && before.phase !== 'break' && after.status !== 'not_started';
  return false;
}

/** What places a minute on the match's own axis: football's first-half stoppage, basketball's quarter length. */
export interface MomentumClock {
  firstStoppage: number;
  quarterMinutes: number;
}

/**
 * The place of a minute on the match's axis, 1 for the first minute played: football's second half follows the
 * first with its stoppage time; basketball's overtimes (5 minutes) follow the four quarters.
 */
export function minuteOrdinal(sport: Match['sport'], period: number, minute: number, added: number, clock: MomentumClock): number {
  if (sport === 'football') return period === 1 ? minute + added : 45 + clock.firstStoppage + (minute - 45) + added;
  return period <= 4 ? (period - 1) * clock.quarterMinutes + minute : 4 * clock.quarterMinutes + (period - 5) * 5 + minute;
}

/**
 * The point a step adds to the match's momentum, or null when it played no minute. `before` is the row as the
 * step found it (the feed keeps a copy), `previous` the last point so far: a point follows it by one, and the
 * first one the feed plays takes its place on the match's axis (a match picked up halfway starts halfway).
 */
export function momentumPoint(
  before: Match,
  after: Match,
  step: StepResult,
  previous: MomentumPoint | undefined,
  clock: MomentumClock,
): MomentumPoint | null {
  if (!playedMinute(after.sport, before, after, step)) return null;
  const placed = (period: number, minute: number, added: number) =>
    previous ? previous.t + 1 : Math.max(1, minuteOrdinal(after.sport, period, minute, added, clock));
  if (after.sport === 'football') {
    const [homeBefore, awayBefore] = before.status === 'not_started' ? [0, 0] : pressureOf(before);
    const [homeAfter, awayAfter] = pressureOf(after);
    const home = homeAfter - homeBefore;
    const away = awayAfter - awayBefore;
    const period = after.phase === 'second_half' ? 2 : 1;
    return {
      t: placed(period, after.minute, after.added_minute),
      minute: after.minute,
      added_minute: after.added_minute,
      period,
      home,
      away,
      value: pressureValue(home, away),
    };
  }
  // Basketball: the quarter the minute belonged to, and the minute of it that ended.
  const period = Math.max(1, quarterScores(before).length);
  return {
    t: placed(period, before.minute + 1, 0),
    minute: before.minute + 1,
    added_minute: 0,
    period,
    home: after.home_score,
    away: after.away_score,
    value: after.home_score - after.away_score,
  };
}

/** Tracks a match's momentum through one pass: call `step` after every step with the row as it was before. */
export class MomentumTracker {
  readonly added: MomentumPoint[] = [];
  #before: Match;

  constructor(
    start: Match,
    private last: MomentumPoint | undefined,
    private readonly clock: MomentumClock,
  ) {
    this.#before = snapshot(start);
  }

  step(after: Match, step: StepResult): void {
    const point = momentumPoint(this.#before, after, step, this.last, this.clock);
    if (point) {
      this.added.push(point);
      this.last = point;
    }
    this.#before = snapshot(after);
  }
}

function snapshot(row: Match): Match {
  return { ...row, stats: structuredClone(row.stats), period_scores: structuredClone(row.period_scores) };
}
