import type { LiveStatusEvent } from '../../src/machines/live-status-machine.ts';
import type { Match, MatchStats } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import { kickOffAt, minuteMs, type LiveMatch, type MatchSetup, type Side, type SportEngine, type StepContext } from './match-engine.ts';

// Football, minute by minute: 45 minutes and stoppage time, 15 minutes of half time, 45 minutes and
// stoppage time. Goals (own goals and penalties among them), missed penalties, yellow and red cards,
// corners and substitutions are drawn each minute from the teams' strengths and the state of play.

const halfTimeMs = 15 * minuteMs;
const maxSubstitutions = 5;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Expected goals of each side over a match, from the strength edge (the seed's model, server/seed). */
export function footballGoalRates(edge: number): [number, number] {
  return [clamp(1.45 + 0.8 * edge, 0.25, 3.2), clamp(1.15 - 0.8 * edge, 0.2, 3)];
}

/** Stoppage minutes of each half: decided before the match, so they never depend on the clock. */
export function stoppageOf(seed: number, matchId: number): [number, number] {
  const random = new FeedRandom(seed, matchId, 'stoppage');
  return [random.int(1, 4), random.int(2, 6)];
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

function bump(stats: MatchStats, key: keyof Omit<MatchStats, 'game_kills'>, side: Side, by = 1): void {
  const pair = stats[key] ?? [0, 0];
  stats[key] = side === 'home' ? [pair[0] + by, pair[1]] : [pair[0], pair[1] + by];
}

/** Who is on the pitch for a side now: the starters, changed by substitutions and sendings-off. */
function onPitch(match: LiveMatch, side: Side, squad: readonly string[]): string[] {
  const players = new Set(squad.slice(0, 11));
  for (const incident of match.incidents) {
    if (incident.side !== side) continue;
    if (incident.kind === 'substitution') {
      players.delete(incident.player);
      players.add(incident.player2);
    } else if (incident.kind === 'red_card' || incident.kind === 'second_yellow') {
      players.delete(incident.player);
    }
  }
  return [...players];
}

function benchOf(match: LiveMatch, side: Side, squad: readonly string[]): string[] {
  const used = new Set(match.incidents.filter((i) => i.side === side && i.kind === 'substitution').map((i) => i.player2));
  return squad.slice(11).filter((player) => !used.has(player));
}

function countOf(match: LiveMatch, side: Side, kind: string): number {
  return match.incidents.filter((i) => i.side === side && i.kind === kind).length;
}

export const footballEngine: SportEngine = {
  nextAt(match, setup) {
    const { row } = match;
    if (row.status === 'over') return null;
    if (row.status === 'not_started') return kickOffAt(row, setup.seed);
    return row.updated_at.getTime() + (row.phase === 'half_time' ? halfTimeMs : minuteMs);
  },

  step(match, setup, _at, context): LiveStatusEvent | null {
    const { row } = match;
    const [firstStoppage, secondStoppage] = stoppageOf(setup.seed, row.id);
    switch (row.phase) {
      case 'not_started':
        Object.assign(row, { status: 'in_progress', phase: 'first_half', minute: 1, added_minute: 0 } satisfies Partial<Match>);
        row.stats = {
          possession: [50, 50],
          shots: [0, 0],
          shots_on_target: [0, 0],
          attacks: [0, 0],
          dangerous_attacks: [0, 0],
          fouls: [0, 0],
          offsides: [0, 0],
          saves: [0, 0],
        };
        context.incident('period_start', null, { minute: 0, added: 0 });
        playMinute(match, setup, context);
        return { type: 'match.kicked_off' };
      case 'half_time':
        Object.assign(row, { phase: 'second_half', minute: 46, added_minute: 0 } satisfies Partial<Match>);
        context.incident('period_start', null, { minute: 46, added: 0 });
        playMinute(match, setup, context);
        return { type: 'period.started' };
      case 'first_half':
      case 'second_half': {
        const last = row.phase === 'first_half' ? 45 : 90;
        const stoppage = row.phase === 'first_half' ? firstStoppage : secondStoppage;
        if (row.minute < last) {
          row.minute += 1;
        } else if (row.added_minute < stoppage) {
          row.added_minute += 1;
        } else if (row.phase === 'first_half') {
          context.incident('period_end', null);
          Object.assign(row, {
            phase: 'half_time',
            home_half_score: row.home_score,
            away_half_score: row.away_score,
          } satisfies Partial<Match>);
          return { type: 'period.ended' };
        } else {
          context.incident('period_end', null);
          Object.assign(row, { status: 'over', phase: 'full_time' } satisfies Partial<Match>);
          return { type: 'match.ended' };
        }
        playMinute(match, setup, context);
        return null;
      }
      default:
        // extra_time and penalties are not played by this feed (league matches only).
        throw new Error(`football match ${row.id} in phase ${row.phase}`);
    }
  },
};

/** What happens in the minute the clock has just moved to. */
function playMinute(match: LiveMatch, setup: MatchSetup, context: StepContext): void {
  const { row } = match;
  const { random } = context;
  const stats = row.stats;
  const rates = footballGoalRates(setup.edge);
  // Goals come a little more often late in a match.
  const lateness = 0.8 + (0.4 * Math.min(row.minute, 90)) / 90;
  const homeShare = clamp(0.5 + 0.12 * setup.edge + random.float(-0.12, 0.12), 0.2, 0.8);

  for (const side of ['home', 'away'] as const) {
    const squad = side === 'home' ? setup.homePlayers : setup.awayPlayers;
    const edge = side === 'home' ? setup.edge : -setup.edge;
    const ownReds = side === 'home' ? row.home_red : row.away_red;
    const theirReds = side === 'home' ? row.away_red : row.home_red;
    const strength = Math.pow(0.8, ownReds) * Math.pow(1.15, theirReds);
    const players = onPitch(match, side, squad);
    const opponentSquad = side === 'home' ? setup.awayPlayers : setup.homePlayers;
    const opponents = onPitch(match, other(side), opponentSquad);
    // The goalkeeper (first of the squad) neither scores nor is booked here.
    const outfield = players.filter((player) => player !== squad[0]);
    const opponentOutfield = opponents.filter((player) => player !== opponentSquad[0]);
    const attackers = outfield.slice(-4);

    bump(stats, 'attacks', side, 1 + (random.chance(0.1 + 0.05 * edge) ? 1 : 0));
    if (random.chance(0.5 + 0.15 * edge)) bump(stats, 'dangerous_attacks', side);

    const goalChance = ((side === 'home' ? rates[0] : rates[1]) / 94) * lateness * strength;
    if (random.chance(goalChance)) {
      const kind = random.weighted([
        ['goal', 87],
        ['penalty_goal', 8],
        ['own_goal', 5],
      ] as const);
      const scorer =
        kind === 'own_goal'
          ? random.pick(opponentOutfield.length ? opponentOutfield : opponents)
          : random.chance(0.6) && attackers.length
            ? random.pick(attackers)
            : random.pick(outfield.length ? outfield : players);
      const assist = kind === 'goal' && random.chance(0.65) ? outfield.filter((p) => p !== scorer) : [];
      if (side === 'home') row.home_score += 1;
      else row.away_score += 1;
      if (kind !== 'own_goal') {
        bump(stats, 'shots', side);
        bump(stats, 'shots_on_target', side);
      }
      context.incident(kind, side, { player: scorer, player2: assist.length ? random.pick(assist) : '' });
      context.shake();
    } else if (random.chance(0.05 / 94)) {
      context.incident('penalty_missed', side, { player: random.pick(outfield.length ? outfield : players) });
      bump(stats, 'shots', side);
      context.shake();
    }

    if (random.chance((11 + 5 * edge) / 94)) {
      bump(stats, 'shots', side);
      if (random.chance(0.36)) {
        bump(stats, 'shots_on_target', side);
        bump(stats, 'saves', other(side));
      }
    }
    if (random.chance(clamp(5 + 2 * edge, 1, 10) / 94)) {
      if (side === 'home') row.home_corner += 1;
      else row.away_corner += 1;
      context.incident('corner', side);
    }
    if (random.chance(12 / 94)) bump(stats, 'fouls', side);
    if (random.chance(2 / 94)) bump(stats, 'offsides', side);

    if (random.chance(clamp(1.7 - 0.4 * edge, 0.6, 3) / 94) && outfield.length) {
      const isBooked = (player: string) => match.incidents.some((i) => i.side === side && i.kind === 'yellow_card' && i.player === player);
      // A booked player tackles with care: a second yellow is rarer than a random pick would make it.
      const first = random.pick(outfield);
      const player = isBooked(first) && random.chance(0.7) ? random.pick(outfield) : first;
      const booked = isBooked(player);
      bump(stats, 'fouls', side);
      if (side === 'home') row.home_yellow += 1;
      else row.away_yellow += 1;
      if (booked) {
        if (side === 'home') row.home_red += 1;
        else row.away_red += 1;
        context.incident('second_yellow', side, { player });
        context.shake();
      } else {
        context.incident('yellow_card', side, { player });
      }
    } else if (random.chance(0.03 / 94) && outfield.length) {
      if (side === 'home') row.home_red += 1;
      else row.away_red += 1;
      bump(stats, 'fouls', side);
      context.incident('red_card', side, { player: random.pick(outfield) });
      context.shake();
    }

    const subsMade = countOf(match, side, 'substitution');
    const window = row.phase === 'second_half' && row.added_minute === 0 && row.minute >= 46 && row.minute <= 89;
    const subChance = row.minute === 46 ? 0.3 : row.minute >= 55 ? 0.1 : 0.02;
    if (window && subsMade < maxSubstitutions && random.chance(subChance)) {
      const bench = benchOf(match, side, squad);
      if (bench.length && outfield.length) {
        context.incident('substitution', side, { player: random.pick(outfield), player2: random.pick(bench) });
      }
    }
  }

  const played = Math.max(1, row.minute);
  const possession = stats.possession ?? [50, 50];
  const home = clamp(Math.round(possession[0] + (homeShare * 100 - possession[0]) / played), 20, 80);
  stats.possession = [home, 100 - home];
}
