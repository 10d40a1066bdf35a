import { liveStatusOf } from '../../src/machines/live-status-machine.ts';
import type { Match } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';
import { basketballEngine } from './basketball-engine.ts';
import { esportsEngine } from './esports-engine.ts';
import { FeedRandom } from './feed-random.ts';
import { footballEngine } from './football-engine.ts';
import { nextLiveStatus } from './live-status.ts';
import type { FeedIncident, LiveMatch, MatchSetup, SportEngine, StepContext, StepResult } from './match-engine.ts';

// A match is played one position at a time: a minute of football, a game minute of basketball or
// e-sports, an interval. Each position's draws come from a stream keyed by the seed, the match and the
// position, and each position starts at a time fixed by the one before, so the result never depends on
// how often the feed looks.

const engines: Record<Sport, SportEngine> = {
  football: footballEngine,
  basketball: basketballEngine,
  esports: esportsEngine,
};

export function engineFor(sport: Sport): SportEngine {
  return engines[sport];
}

/**
 * Plays `match` forward to `until`, checking every status change against the live status machine;
 * `afterStep` sees the match as each step leaves it.
 */
export function playUntil(match: LiveMatch, setup: MatchSetup, until: number, afterStep?: (result: StepResult) => void): StepResult[] {
  const engine = engineFor(match.row.sport);
  const results: StepResult[] = [];
  for (let at = engine.nextAt(match, setup); at !== null && at <= until; at = engine.nextAt(match, setup)) {
    const result = playStep(match, setup, engine, at);
    results.push(result);
    afterStep?.(result);
  }
  return results;
}

function playStep(match: LiveMatch, setup: MatchSetup, engine: SportEngine, at: number): StepResult {
  const { row } = match;
  const result: StepResult = { at, event: null, incidents: [], shaken: false };
  const random = new FeedRandom(setup.seed, row.id, positionKey(row));
  const englishName = (player: string | undefined) => (player ? (setup.playerNamesEn.get(player) ?? '') : '');
  const context: StepContext = {
    random,
    incident(kind, side, detail = {}) {
      const incident: FeedIncident = {
        kind,
        side,
        minute: detail.minute ?? row.minute,
        added_minute: detail.added ?? row.added_minute,
        player: detail.player ?? '',
        player2: detail.player2 ?? '',
        player_en: englishName(detail.player),
        player2_en: englishName(detail.player2),
        home_score: row.home_score,
        away_score: row.away_score,
        seq: ++row.seq,
        at,
      };
      match.incidents.push(incident);
      result.incidents.push(incident);
      return incident;
    },
    shake() {
      result.shaken = true;
    },
  };
  const event = engine.step(match, setup, at, context);
  if (event) {
    match.status = nextLiveStatus(row.id, match.status, event);
    result.event = event;
  }
  // The row must say what the machine says, or the engine has moved outside the machine's rules.
  if (liveStatusOf(match.status) !== row.status) {
    throw new Error(`match ${row.id}: the feed made it ${row.status}, the live status machine says ${liveStatusOf(match.status)}`);
  }
  row.seq += 1;
  row.updated_at = new Date(at);
  return result;
}

/** Names the position a match is in, as the key of that position's draws. */
function positionKey(row: Match): string {
  return `${row.phase}:${row.minute}:${row.added_minute}:${row.period_scores.length}`;
}
