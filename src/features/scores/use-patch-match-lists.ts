import { useCallback } from 'react';
import { useMatchListCache } from '../../api/queries/scores.ts';
import { useSocketEvent } from '../../realtime/score-socket.tsx';
import { withPushedMatch, withPushedOdds } from './match-view.ts';

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
