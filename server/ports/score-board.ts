import type { Selectable } from 'kysely';
import type { Match, MatchIncidentsTable, MatchOddsTable, OddsCompaniesTable, StandingsTable } from '../db/schema.ts';
import type { LeaguesTable, TeamsTable } from '../db/tables/scores-tables.ts';

// The score board port: what the score pages read, held in memory (server/memory-cache.ts explains why reads stay
// off the database). The scores area holds it (areas/scores/memory-score-board.ts) and keeps it current from the
// feed's events; other areas only read it.

export type OddsRow = Selectable<MatchOddsTable>;
export type IncidentRow = Selectable<MatchIncidentsTable>;
export type StandingRow = Selectable<StandingsTable>;
export type OddsCompanyRow = Selectable<OddsCompaniesTable>;

export const standingsKey = (leagueId: number, season: string) => `${leagueId}:${season}`;

/** Everything the score pages read, held in memory. */
export interface BoardData {
  /** Matches starting in [from, to) are all here. */
  from: number;
  to: number;
  leagues: Map<number, Selectable<LeaguesTable>>;
  teams: Map<number, Selectable<TeamsTable>>;
  /** By sort, then id; the first is the default company. */
  companies: OddsCompanyRow[];
  matches: Map<number, Match>;
  /** Each match's odds rows, every company and market. */
  odds: Map<number, OddsRow[]>;
  /** By standingsKey. */
  standings: Map<string, StandingRow[]>;
  /** Incidents of the matches someone has opened, with the match seq they were read at. */
  incidents: Map<number, { seq: number; rows: IncidentRow[] }>;
}

export interface ScoreBoard {
  /** The board, loaded on first read and read again when it is stale. */
  read(): Promise<BoardData>;
  /** A match's incidents in order, read once and then kept current by the feed. */
  incidentsOf(match: Match): Promise<IncidentRow[]>;
  /** The feed of this process keeps the board current from now on. */
  fedByFeed(): void;
  putMatches(matches: Match[]): void;
  /** Every match of [start, end), newly scheduled: the reach grows to cover them when it reaches their day. */
  putDay(start: number, end: number, matches: Match[]): void;
  putOdds(rows: OddsRow[]): void;
  addIncidents(matchId: number, seq: number, rows: IncidentRow[]): void;
  putStandings(leagueId: number, season: string, rows: StandingRow[]): void;
  /** Lets go of matches that have left the reach behind. */
  forgetBefore(ms: number): void;
}
