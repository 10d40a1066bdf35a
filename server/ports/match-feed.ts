import type { Selectable } from 'kysely';
import type { Match, MatchIncidentsTable, MatchOddsTable, StandingsTable } from '../db/schema.ts';

// The feed port (DESIGN.md, Live scores): what plays the matches. The default is the simulator
// (simulated-feed.ts); a real data provider plugs in behind the same interface.

/** What one pass of the feed changed, after it was written to the database. */
export interface FeedPlayed {
  type: 'played';
  at: number;
  /** Matches that changed, as stored now. */
  matches: Match[];
  incidents: Array<Selectable<MatchIncidentsTable>>;
  /** Odds rows that changed. */
  odds: Array<Selectable<MatchOddsTable>>;
  /** Every change of the odds in this pass, in order (several of one market when the pass played several steps). */
  oddsChanges: Array<Selectable<MatchOddsTable>>;
  /** The minutes of momentum each match played in this pass, in order. */
  momentum: Array<{ match_id: number; sport: Match['sport']; points: MomentumPoint[] }>;
  /** Matches that ended in this pass. */
  finished: Match[];
  /** The whole tables of the leagues whose standings changed. */
  standings: Array<Selectable<StandingsTable>>;
}

export interface FeedScheduled {
  type: 'scheduled';
  /** The site's day (YYYY-MM-DD). */
  day: string;
  matches: Match[];
}

export type FeedEvent = FeedPlayed | FeedScheduled;

export type FeedListener = (event: FeedEvent) => void;

export interface MatchFeed {
  /**
   * Loads what is in play, catches up to the clock and, on a real clock, keeps going. Called again, it answers the
   * first call's start, settled once the feed has started.
   */
  start(): Promise<void>;
  /** Stops and waits for a pass under way to finish. */
  stop(): Promise<void>;
  /** Tests and the development fast-forward: moves the feed's clock on by `ms` and plays everything due on the way. */
  advance(ms: number): Promise<void>;
  /**
   * Moves the clock on from one due moment to the next (at most an hour at a time, so no day goes
   * unplanned) until a pass satisfies `stop` or `limitMs` has gone by; answers the passes played.
   */
  advanceUntil(limitMs: number, stop: (event: FeedPlayed) => boolean): Promise<FeedPlayed[]>;
  /** Every change the feed makes, after it is stored; answers the unsubscribe. */
  subscribe(listener: FeedListener): () => void;
}

export interface MomentumPoint {
  /** The minutes played so far, 1 for the first. */
  t: number;
  minute: number;
  added_minute: number;
  /** Football: the half; basketball: the quarter (5 and on: overtime). */
  period: number;
  /** Football: the minute's pressure points; basketball: the score after the minute. */
  home: number;
  away: number;
  /** Football: -100 (all away) to 100 (all home); basketball: the home lead. */
  value: number;
}
