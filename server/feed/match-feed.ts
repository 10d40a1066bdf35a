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
  /** Loads what is in play, catches up to the clock and, on a real clock, keeps going. */
  start(): Promise<void>;
  /** Stops and waits for a pass under way to finish. */
  stop(): Promise<void>;
  /** Tests: moves the feed's (manual) clock on by `ms` and plays everything due on the way. */
  advance(ms: number): Promise<void>;
  /** Every change the feed makes, after it is stored; answers the unsubscribe. */
  subscribe(listener: FeedListener): () => void;
}

/** The feed's clock: real time in the site, moved by hand in tests. */
export interface FeedClock {
  now(): number;
}

export const systemClock: FeedClock = { now: () => Date.now() };

export class ManualClock implements FeedClock {
  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  /** For a server that shares the clock (buildApp's `now`). */
  date = (): Date => new Date(this.ms);
}
