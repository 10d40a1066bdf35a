import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../api/schema';
import { useSiteSocket, useSocketEvent } from '../../realtime/site-socket.tsx';

type LiveMatchBrief = components['schemas']['LiveMatchBrief'];

/** The site socket's classify for a room's sport (LiveType 1 football, 2 basketball, 3 e-sports; 0, all, hears football). */
const classifyOfType = { 0: 0, 1: 0, 2: 1, 3: 2 } as const;

/**
 * Asks the site socket for the match pushes of a sport (one sport a socket, SPEC §4): the room page asks for
 * its match's, the streamer list for its type's. Rooms of other sports keep the score of the list's refresh.
 */
export function useLiveMatchSport(liveType: number): void {
  const socket = useSiteSocket();
  useEffect(() => {
    socket.send({ type: 'sport.classified', classifyType: classifyOfType[liveType as 0 | 1 | 2 | 3] ?? 0 });
  }, [socket, liveType]);
}

/** A room's match with its score, clock and status kept live by the site socket's match pushes. */
export function useLiveMatch(given: LiveMatchBrief | undefined): LiveMatchBrief | undefined {
  const [pushed, setPushed] = useState<Partial<LiveMatchBrief> & { at: LiveMatchBrief | undefined }>({ at: given });
  useSocketEvent(
    'match.pushed',
    useCallback(
      (event) => {
        const data = event.push.data;
        if (given === undefined || data.id !== given.id) return;
        // A push names only what changed: the rest stays as the list or an earlier push of this answer had it.
        setPushed((previous) => ({
          ...(previous.at === given ? previous : {}),
          at: given,
          ...(data.status === undefined ? {} : { status: data.status }),
          ...(data.home_score === undefined ? {} : { home_score: data.home_score }),
          ...(data.away_score === undefined ? {} : { away_score: data.away_score }),
          ...(data.match_str === undefined ? {} : { match_str: data.match_str }),
        }));
      },
      [given],
    ),
  );
  // A newer answer of the list or the room replaces what the socket pushed about an older one.
  const { at, ...live } = pushed;
  if (given === undefined) return undefined;
  return at === given ? { ...given, ...live } : given;
}
