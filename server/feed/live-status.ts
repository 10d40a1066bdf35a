import { initialTransition, transition } from 'xstate';
import {
  liveStatusMachine,
  type LiveStatusEvent,
  type LiveStatusInput,
  type LiveStatusSnapshot,
} from '../../src/machines/live-status-machine.ts';
import type { Match } from '../db/tables/scores-tables.ts';

// The server side of the live status machine (src/machines/live-status-machine.ts): a stored match is
// restored into it, and every change the feed makes is checked against it before it is written.

/** The periods of a match's format. Football here is played as league matches: no extra time. */
export function formatOf(match: Pick<Match, 'sport' | 'best_of'>): LiveStatusInput {
  if (match.sport === 'football') return { regulationPeriods: 2, maxPeriods: 2 };
  if (match.sport === 'basketball') return { regulationPeriods: 4, maxPeriods: null };
  const bestOf = match.best_of ?? 1;
  return { regulationPeriods: Math.ceil(bestOf / 2), maxPeriods: bestOf };
}

/** The period a stored match is in (or last played), counted from 1. */
function periodOf(match: Pick<Match, 'sport' | 'phase' | 'period_scores'>): number {
  const { phase } = match;
  if (match.sport === 'football') {
    if (phase === 'first_half' || phase === 'half_time') return 1;
    if (phase === 'extra_time') return 3;
    if (phase === 'penalties') return 5;
    return 2;
  }
  const quarter = /^q([1-4])$/.exec(phase);
  if (quarter) return Number(quarter[1]);
  const game = /^game_([1-7])$/.exec(phase);
  if (game) return Number(game[1]);
  return Math.max(1, match.period_scores.length);
}

/** The machine's snapshot for a match as stored. */
export function restoreLiveStatus(match: Pick<Match, 'sport' | 'best_of' | 'status' | 'phase' | 'period_scores'>): LiveStatusSnapshot {
  const input = formatOf(match);
  if (match.status === 'not_started') return initialTransition(liveStatusMachine, input)[0];
  const period = Math.max(periodOf(match), match.status === 'over' ? input.regulationPeriods : 1);
  const interval = match.phase === 'half_time' || match.phase === 'break';
  return liveStatusMachine.resolveState({
    value: match.status === 'over' ? 'over' : { in_progress: interval ? 'interval' : 'playing' },
    context: { ...input, period },
  });
}

export class LiveStatusError extends Error {
  constructor(matchId: number, from: LiveStatusSnapshot, event: LiveStatusEvent) {
    super(`match ${matchId}: ${event.type} may not follow ${JSON.stringify(from.value)} (period ${from.context.period})`);
    this.name = 'LiveStatusError';
  }
}

/** The snapshot after `event`; throws when the machine does not allow it there. */
export function nextLiveStatus(matchId: number, snapshot: LiveStatusSnapshot, event: LiveStatusEvent): LiveStatusSnapshot {
  if (!snapshot.can(event)) throw new LiveStatusError(matchId, snapshot, event);
  return transition(liveStatusMachine, snapshot, event)[0];
}
