import type { Insertable } from 'kysely';
import { pressureOf, pressureValue } from '../feed/momentum.ts';
import type { MomentumPoint } from '../ports/match-feed.ts';
import type { Random } from '../random.ts';
import type { MatchMomentumTable } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';
import type { MatchScript, MatchSnapshot } from './match-play.ts';

// The momentum of the minutes a seeded match played before the site started, so a match already in progress
// shows its graph from kick-off. The feed counts on from the last of these points (server/feed/momentum.ts).

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function pressureAt(snapshot: MatchSnapshot): [number, number] {
  return pressureOf({ stats: snapshot.stats, home_corner: snapshot.homeCorner, away_corner: snapshot.awayCorner });
}

const cornerWeight = (snapshot: MatchSnapshot): [number, number] => {
  const [home, away] = pressureOf({ stats: {}, home_corner: snapshot.homeCorner, away_corner: snapshot.awayCorner });
  return [home, away];
};

/**
 * Football: each played minute's pressure. The script's statistics grow evenly, so the pressure between corners is
 * shared out over the minutes by a drifting tilt (stronger before a side's goals); the sums over the minutes are the
 * statistics' own, as the feed's are.
 */
function footballMomentum(random: Random, script: MatchScript, played: number): MomentumPoint[] {
  const minutes: Array<{ snapshot: MatchSnapshot; label: MatchSnapshot; period: number }> = [];
  for (let e = 1; e <= played; e++) {
    const label = script.at(e - 0.5);
    if (label.phase !== 'first_half' && label.phase !== 'second_half') continue;
    minutes.push({ snapshot: script.at(e), label, period: label.phase === 'second_half' ? 2 : 1 });
  }
  if (minutes.length === 0) return [];
  const last = minutes.at(-1)!.snapshot;
  const goalMinutes = { home: new Set<number>(), away: new Set<number>() };
  let before: MatchSnapshot | null = null;
  minutes.forEach(({ snapshot }, i) => {
    if (before && snapshot.homeScore > before.homeScore) goalMinutes.home.add(i);
    if (before && snapshot.awayScore > before.awayScore) goalMinutes.away.add(i);
    before = snapshot;
  });
  // Per minute: the weights of each side's open play, a random walk leaning towards the side about to score.
  let tilt = 0;
  const weights = minutes.map((_, i) => {
    tilt = clamp(tilt * 0.85 + random.float(-0.45, 0.45), -1.4, 1.4);
    const soon = (goals: Set<number>) => [0, 1, 2].some((ahead) => goals.has(i + ahead));
    const lean = tilt + (soon(goalMinutes.home) ? 0.9 : 0) - (soon(goalMinutes.away) ? 0.9 : 0);
    return [Math.exp(lean) * random.float(0.5, 1.5), Math.exp(-lean) * random.float(0.5, 1.5)] as const;
  });
  const share = (side: 0 | 1) => {
    const total = pressureAt(last)[side] - cornerWeight(last)[side];
    const sum = weights.reduce((acc, weight) => acc + weight[side], 0);
    let running = 0;
    let given = 0;
    return weights.map((weight) => {
      running += weight[side];
      const upTo = Math.round((total * running) / sum);
      const now = upTo - given;
      given = upTo;
      return now;
    });
  };
  const open = [share(0), share(1)] as const;
  let cornersBefore: [number, number] = [0, 0];
  return minutes.map(({ snapshot, label, period }, i) => {
    const corners = cornerWeight(snapshot);
    let home = open[0][i]! + corners[0] - cornersBefore[0];
    let away = open[1][i]! + corners[1] - cornersBefore[1];
    cornersBefore = corners;
    // A minute is never empty: the ball was with someone.
    if (home + away === 0) {
      if (weights[i]![0] >= weights[i]![1]) home = 1;
      else away = 1;
    }
    return { t: i + 1, minute: label.minute, added_minute: label.addedMinute, period, home, away, value: pressureValue(home, away) };
  });
}

/** Basketball: the score after each minute of each quarter played (5 and on: overtimes of five minutes). */
function basketballMomentum(script: MatchScript, played: number, quarterMinutes: number): MomentumPoint[] {
  const lengthOf = (period: number) => (period <= 4 ? quarterMinutes : 5);
  const points: MomentumPoint[] = [];
  let at = { period: 1, minute: 0 };
  for (let e = 1; e <= played; e++) {
    const snapshot = script.at(e);
    const period = snapshot.periodScores.length;
    if (period === 0) continue;
    const inPlay = /^(q[1-4]|ot)$/.test(snapshot.phase);
    const reached = inPlay ? { period, minute: snapshot.minute } : { period, minute: lengthOf(period) };
    while (at.period < reached.period || (at.period === reached.period && at.minute < reached.minute)) {
      at = at.minute >= lengthOf(at.period) ? { period: at.period + 1, minute: 1 } : { period: at.period, minute: at.minute + 1 };
      const home = snapshot.homeScore;
      const away = snapshot.awayScore;
      points.push({ t: points.length + 1, minute: at.minute, added_minute: 0, period: at.period, home, away, value: home - away });
    }
  }
  return points;
}

/** The momentum rows of a seeded match `elapsed` real minutes after kick-off (none for e-sports or before kick-off). */
export function seededMomentumRows(
  random: Random,
  matchId: number,
  sport: Sport,
  script: MatchScript,
  elapsed: number,
  quarterMinutes: number,
): Array<Insertable<MatchMomentumTable>> {
  const played = Math.floor(Math.min(elapsed, script.duration));
  if (played < 1 || sport === 'esports') return [];
  const points = sport === 'football' ? footballMomentum(random, script, played) : basketballMomentum(script, played, quarterMinutes);
  return points.map((point) => ({ match_id: matchId, ...point }));
}
