import type { Insertable, Selectable } from 'kysely';
import type { Match, MatchIncidentsTable, MatchOddsTable, StandingsTable } from '../db/schema.ts';
import type { MatchesTable } from '../db/tables/scores-tables.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { IncidentRow, OddsCompanyRow, OddsRow, StandingRow } from './score-board.ts';
import type { ServerContext } from './server-context.ts';

// The feed port (DESIGN.md, Live scores): what plays the matches. The default is the simulator
// (server/feed/simulated-feed.ts); a real data provider plugs in behind the same interface. A feed speaks in
// events: a day planned, and each pass's matches changed, incidents, odds moved and momentum; the scores area
// (areas/scores/feed-sink.ts) turns them into writes, the score board and the site socket's pushes. Listeners
// hear each change once it is stored.

/** A day's fixtures the feed planned, to be stored with their opening odds. */
export interface DayPlanned {
  /** The site's day (YYYY-MM-DD) and its bounds in epoch milliseconds. */
  day: { key: string; start: number; end: number };
  fixtures: Array<Insertable<MatchesTable>>;
  /** When the day became due: the stamp of the plan and of the opening odds. */
  at: number;
  /** The opening odds of the fixtures once stored (they are priced by the ids the database gives). */
  openingOdds(stored: Match[]): OddsRow[];
}

/** What one pass of the feed played, to be stored (in one transaction) and pushed. */
export interface PassPlayed {
  at: number;
  /** Matches changed, as they are now. */
  matches: Match[];
  /** Incidents, in the order they happened. */
  incidents: Array<Insertable<MatchIncidentsTable>>;
  /** Odds moved: each company's market as it is now (the last change of the pass, or an adopted match's opening). */
  odds: OddsRow[];
  /** Every change of the odds in the pass, in the order made: what the odds history keeps. */
  oddsChanges: OddsRow[];
  /** The minutes of momentum each match played in the pass, in order. */
  momentum: Array<{ match_id: number; sport: Match['sport']; points: MomentumPoint[] }>;
  /** Matches that ended in the pass, in the order they ended. */
  finished: Match[];
  /** The whole new table of each league season whose standings changed. */
  standings: Array<{ leagueId: number; season: string; rows: StandingRow[] }>;
  /** Each match whose odds moved, as the feed holds it after the pass (none once over): read when the board has not. */
  held: Map<number, { match: Match | undefined; odds: OddsRow[] }>;
  /** The odds companies the feed prices for. */
  companies: OddsCompanyRow[];
  /** Incidents older than this make no pop-up: a feed catching up after a restart tells no old goals. */
  popUpSince: number;
}

/** What takes a feed's events: the scores area. */
export interface FeedSink {
  /** The feed of this process keeps the score board current from now on. */
  feeding(): Promise<void>;
  /** Stores a planned day; answers its matches as stored, with their opening odds. */
  dayPlanned(event: DayPlanned): Promise<{ matches: Match[]; odds: OddsRow[] }>;
  /** Stores a pass, updates the score board and pushes it; answers the incidents as stored. */
  passPlayed(event: PassPlayed): Promise<IncidentRow[]>;
}

/** What a feed is made with: it reads the database, and hands what it plays to the sink. */
export interface FeedHost {
  readonly database: DatabaseHandle;
  readonly log: ServerContext['log'];
  readonly sink: FeedSink;
}

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
