import type { LiveStatusEvent, LiveStatusSnapshot } from '../../src/machines/live-status-machine.ts';
import type { IncidentKind, Match, MatchPhase } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import { restoreLiveStatus } from './live-status.ts';

// What the sport engines share: a match being played, its incidents, one step of play.

export type Side = 'home' | 'away';

export const minuteMs = 60_000;

/** An incident as the feed keeps it; `at` is when it happened on the feed's clock. */
export interface FeedIncident {
  kind: IncidentKind;
  side: Side | null;
  minute: number;
  added_minute: number;
  player: string;
  player2: string;
  player_en: string;
  player2_en: string;
  home_score: number;
  away_score: number;
  seq: number;
  at: number;
}

/** What stays the same through a match. */
export interface MatchSetup {
  seed: number;
  /** Home strength minus away strength, halved: -1 (away far stronger) to 1. */
  edge: number;
  /** Squads, the starters first. */
  homePlayers: readonly string[];
  awayPlayers: readonly string[];
  /** The English name of each player of both squads, by the Chinese name the incidents are keyed by. */
  playerNamesEn: ReadonlyMap<string, string>;
  /** Basketball: 12 (NBA) or 10 (FIBA). */
  quarterMinutes: number;
  /** E-sports: which game, for game lengths and kill rates. */
  title: EsportsTitle;
}

export type EsportsTitle = 'lol' | 'dota' | 'cs';

/** A match being played: its row as stored, its incidents so far and its status machine. */
export interface LiveMatch {
  row: Match;
  incidents: FeedIncident[];
  status: LiveStatusSnapshot;
}

export interface StepResult {
  at: number;
  event: LiveStatusEvent | null;
  incidents: FeedIncident[];
  /** A goal, a red card or a penalty: odds companies close their markets for a moment. */
  shaken: boolean;
}

export interface SportEngine {
  /** When the current position ends (the match changes next), or null when it is over. */
  nextAt(match: LiveMatch, setup: MatchSetup): number | null;
  /** Moves the match to its next position at `at`. */
  step(match: LiveMatch, setup: MatchSetup, at: number, step: StepContext): LiveStatusEvent | null;
}

/** What a step may use: the position's draws and a way to record incidents. */
export interface StepContext {
  random: FeedRandom;
  incident(
    kind: IncidentKind,
    side: Side | null,
    detail?: { player?: string; player2?: string; minute?: number; added?: number },
  ): FeedIncident;
  shake(): void;
}

/** A match as loaded: the machine restored from its stored status. */
export function liveMatch(row: Match, incidents: FeedIncident[]): LiveMatch {
  return { row, incidents, status: restoreLiveStatus(row) };
}

/** A copy the feed can move on without touching the original until its writes succeed. */
export function cloneLiveMatch(match: LiveMatch): LiveMatch {
  return {
    row: {
      ...match.row,
      start_time: new Date(match.row.start_time),
      updated_at: new Date(match.row.updated_at),
      period_scores: structuredClone(match.row.period_scores),
      stats: structuredClone(match.row.stats),
    },
    incidents: [...match.incidents],
    status: match.status,
  };
}

/** The kick-off is a little after the scheduled time, differently for each match. */
export function kickOffAt(row: Pick<Match, 'id' | 'start_time'>, seed: number): number {
  return row.start_time.getTime() + new FeedRandom(seed, row.id, 'kick-off').int(0, 45) * 1000;
}

/** Orders the positions of a match, so a test can check that its clock never goes back. */
export function clockOrder(row: Pick<Match, 'sport' | 'phase' | 'minute' | 'added_minute' | 'period_scores'>): number[] {
  const phaseRank: Partial<Record<MatchPhase, number>> = {
    not_started: 0,
    first_half: 1,
    half_time: 2,
    second_half: 3,
    extra_time: 4,
    penalties: 5,
    full_time: 99,
  };
  if (row.sport === 'football') return [phaseRank[row.phase] ?? 0, row.minute, row.added_minute];
  if (row.phase === 'not_started') return [0, 0, 0];
  if (row.phase === 'full_time') return [99, 0, 0];
  // Basketball and e-sports: the periods played, then inside a period its minute, an interval after it.
  const periods = row.period_scores.length;
  const playing = /^(q[1-4]|ot|game_[1-7])$/.test(row.phase);
  // E-sports period_scores hold the games won so far; basketball's hold the quarter being played too.
  if (row.sport === 'esports') return playing ? [1 + 2 * periods, row.minute, 0] : [2 * periods, 0, 0];
  return playing ? [2 * periods, row.minute, 0] : [2 * periods + 1, 0, 0];
}
