import { useCallback } from 'react';
import { useMatchListCache } from '../../api/queries/scores.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';
import type { components } from '../../api/schema';
import type { Match, MatchOdds } from './match-display.ts';

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

/** Replaces a match's odds when the push is of the company the list shows. */
function withPushedOdds(list: Match[], odds: MatchOdds): Match[] {
  return list.map((match) =>
    match.id === odds.match_id && (match.odds === null || match.odds.company_id === odds.company_id) ? { ...match, odds } : match,
  );
}
