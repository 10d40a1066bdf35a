import { useCallback } from 'react';
import { useMatchListCache } from '../../api/queries/scores.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';
import type { components } from '../../api/schema';
import type { Match } from './match-display.ts';
import { applyOddsChange, type OddsChange } from './odds-change.ts';

type MatchChange = components['schemas']['MatchChange'];

/** Patches every cached match list with a pushed match or pushed odds, so rows change in place. */
export function usePatchMatchLists(): void {
  const { patch, refresh } = useMatchListCache();
  useSocketEvent(
    'match.pushed',
    useCallback((event) => patch((list) => withPushedMatch(list, event.push.data)), [patch]),
  );
  useSocketEvent(
    'exponent.pushed',
    useCallback((event) => patch((list) => withPushedOdds(list, event.push.data)), [patch]),
  );
  useSocketEvent(
    'streams.resync',
    useCallback(() => refresh(), [refresh]),
  );
}

/** Patches the pushed match's changed fields in a list, keeping the odds of the company the list asked for. */
function withPushedMatch(list: Match[], pushed: MatchChange): Match[] {
  return list.map((match) => (match.id === pushed.id ? { ...match, ...pushed, odds: match.odds, is_collect: match.is_collect } : match));
}

/** Applies pushed odds to a match's when the push is of the company the list shows (or the match shows none yet). */
function withPushedOdds(list: Match[], change: OddsChange): Match[] {
  return list.map((match) => {
    if (match.id !== change.match_id || (match.odds !== null && match.odds.company_id !== change.company_id)) return match;
    const odds = applyOddsChange(match.odds, change);
    return odds ? { ...match, odds } : match;
  });
}
