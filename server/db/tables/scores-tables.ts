import type { Selectable } from 'kysely';
import type { Default, Id, JsonDefault, LiveStatus, Nullable, NullableNumeric, Numeric, Sport, Timestamp, TimestampDefault } from './column-types.ts';

export interface LeaguesTable {
  id: Id;
  sport: Sport;
  name: string;
  name_en: string;
  short_name_zh: string;
  short_name_en: string;
  logo: string;
  country: Default<string>;
  country_en: Default<string>;
  current_season: string;
  is_hot: Default<boolean>;
  sort: Default<number>;
  /** 012: a short name that stays the same across seasons and languages (WC, NBA); null where none is set. */
  key: Nullable<string>;
  season_style: Default<SeasonStyle>;
  /** 012: matches the simulated feed plans for it a day; null, the sport's usual number; 0, none. */
  daily_fixtures: Nullable<number>;
  /** 012: whose surnames the simulated feed gives its players (server/feed/player-names.ts); null, a mix. */
  player_pool: Nullable<string>;
}

/** 012: how a competition's seasons are named: '2025-2026' (August to May), '2026', or a World Cup's year. */
export type SeasonStyle = 'two_year' | 'calendar_year' | 'world_cup';

/** openapi.yaml WorldCupRound key. */
export type KnockoutRoundKey = 'round_of_32' | 'round_of_16' | 'quarter_final' | 'semi_final' | 'third_place' | 'final';

/** 012: a knockout competition's rounds in the order they are played. */
export interface KnockoutRoundsTable {
  league_id: number;
  key: KnockoutRoundKey;
  /** As matches.round holds it. */
  name: string;
  name_en: string;
  sort: number;
}

export interface TeamsTable {
  id: Id;
  /** The home competition; the members of a competition are the teams of its standings. */
  league_id: number;
  name: string;
  name_en: string;
  short_name_zh: string;
  short_name_en: string;
  logo: string;
  country: Default<string>;
  venue: Default<string>;
}

export type MatchPhase =
  | 'not_started'
  | 'first_half'
  | 'half_time'
  | 'second_half'
  | 'extra_time'
  | 'penalties'
  | 'q1'
  | 'q2'
  | 'q3'
  | 'q4'
  | 'ot'
  | 'break'
  | `game_${1 | 2 | 3 | 4 | 5 | 6 | 7}`
  | 'full_time';

export interface MatchStats {
  possession?: [number, number];
  shots?: [number, number];
  shots_on_target?: [number, number];
  attacks?: [number, number];
  dangerous_attacks?: [number, number];
  fouls?: [number, number];
  /** esports: kills per side. */
  kills?: [number, number];
  /** basketball: rebounds, assists, three-pointers made. */
  rebounds?: [number, number];
  assists?: [number, number];
  threes?: [number, number];
  // Kept by the live feed (server/feed) beside the ones above.
  /** football */
  offsides?: [number, number];
  saves?: [number, number];
  /** basketball: shots made and attempted, for the percentages. */
  field_goals?: [number, number];
  field_goal_attempts?: [number, number];
  three_attempts?: [number, number];
  free_throws?: [number, number];
  free_throw_attempts?: [number, number];
  steals?: [number, number];
  blocks?: [number, number];
  turnovers?: [number, number];
  timeouts_left?: [number, number];
  /** esports: kills of each game so far, the current one last; kills is their sum. */
  game_kills?: Array<[number, number]>;
  towers?: [number, number];
  dragons?: [number, number];
  barons?: [number, number];
  /** esports: gold in thousands. */
  gold?: [number, number];
  /** esports: 1 for the side that drew first blood in the first game. */
  first_blood?: [number, number];
}

/** Basketball: a quarter's (or an overtime's) points, home first. */
export type QuarterScore = [home: number, away: number];

/** E-sports: the side that won a game. */
export type GameWinner = 'home' | 'away';

export interface MatchesTable {
  id: Id;
  sport: Sport;
  league_id: number;
  season: string;
  round: Default<string>;
  /** 010: the round in English; empty in rows stored before it that it could not name. */
  round_en: Default<string>;
  home_team_id: number;
  away_team_id: number;
  start_time: Timestamp;
  status: Default<LiveStatus>;
  phase: Default<MatchPhase>;
  /** Football: match minute; basketball: minutes played in the quarter; esports: minutes into the game. */
  minute: Default<number>;
  added_minute: Default<number>;
  /** Esports only (1, 3, 5, 7); home_score/away_score are then maps won. */
  best_of: Nullable<number>;
  home_score: Default<number>;
  away_score: Default<number>;
  home_half_score: Nullable<number>;
  away_half_score: Nullable<number>;
  home_red: Default<number>;
  away_red: Default<number>;
  home_yellow: Default<number>;
  away_yellow: Default<number>;
  home_corner: Default<number>;
  away_corner: Default<number>;
  /**
   * Basketball: each quarter's points, the one being played last; esports: each finished game's winner;
   * football: empty. Read through server/feed/period-scores.ts.
   */
  period_scores: JsonDefault<Array<QuarterScore | GameWinner>>;
  stats: JsonDefault<MatchStats>;
  venue: Default<string>;
  is_hot: Default<boolean>;
  seq: Default<number>;
  updated_at: TimestampDefault;
}

export type IncidentKind =
  | 'goal'
  | 'own_goal'
  | 'penalty_goal'
  | 'penalty_missed'
  | 'yellow_card'
  | 'red_card'
  | 'second_yellow'
  | 'substitution'
  | 'var'
  | 'period_start'
  | 'period_end'
  | 'game_won'
  /** 008 */
  | 'corner';

export interface MatchIncidentsTable {
  id: Id;
  match_id: number;
  kind: IncidentKind;
  /** The side it counts for (an own goal counts for the side that gains it); null for period events. */
  side: 'home' | 'away' | null;
  minute: number;
  added_minute: Default<number>;
  player: Default<string>;
  player2: Default<string>;
  /** 010: player and player2 in English; empty in rows stored before it. */
  player_en: Default<string>;
  player2_en: Default<string>;
  /** The score after the incident. */
  home_score: number;
  away_score: number;
  seq: Default<number>;
  created_at: TimestampDefault;
}

export interface OddsCompaniesTable {
  id: Id;
  name: string;
  name_en: string;
  sort: Default<number>;
}

export type OddsMarket = 'asia' | 'over_under' | 'europe';

export interface MatchOddsTable {
  match_id: number;
  company_id: number;
  market: OddsMarket;
  /** asia: home water; over_under: over water; europe: home win. */
  initial_home: Numeric;
  /** asia: handicap for home (negative gives goals); over_under: total; europe: null. */
  initial_line: NullableNumeric;
  /** europe (football) only. */
  initial_draw: NullableNumeric;
  initial_away: Numeric;
  home: Numeric;
  line: NullableNumeric;
  draw: NullableNumeric;
  away: Numeric;
  is_closed: Default<boolean>;
  updated_at: TimestampDefault;
}

export interface StandingsTable {
  league_id: number;
  season: string;
  team_id: number;
  group_name: Default<string>;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  /** Football 3·won + drawn; basketball 2·won + lost; esports won. */
  points: number;
  /** Latest first, W/D/L. */
  form: Default<string>;
  updated_at: TimestampDefault;
}

export interface MatchCollectsTable {
  user_id: number;
  match_id: number;
  created_at: TimestampDefault;
}

/** 011: a site day the simulated feed has planned fixtures for. */
export interface FeedPlannedDaysTable {
  /** YYYY-MM-DD, the site day (UTC+8). */
  day: string;
  planned_at: Timestamp;
}

export type Match = Selectable<MatchesTable>;

/** The feed's attack momentum (migration 024): one row per minute played. */
export interface MatchMomentumTable {
  match_id: number;
  /** The minutes played so far, 1 for the first. */
  t: number;
  minute: number;
  added_minute: Default<number>;
  /** Football: the half; basketball: the quarter (5 and on: overtime). */
  period: number;
  /** Football: pressure points of the minute; basketball: the score after it. */
  home: number;
  away: number;
  /** Football: -100 (all away) to 100 (all home); basketball: the home lead. */
  value: number;
}

/** Every change of a company's odds on a market, in order (migration 024). */
export interface MatchOddsHistoryTable {
  id: Id;
  match_id: number;
  company_id: number;
  market: OddsMarket;
  home: Numeric;
  line: NullableNumeric;
  draw: NullableNumeric;
  away: Numeric;
  is_closed: Default<boolean>;
  changed_at: Timestamp;
}

/** The scores area's tables, by name: composed into Database (server/db/schema.ts). */
export interface ScoresTables {
  leagues: LeaguesTable;
  knockout_rounds: KnockoutRoundsTable;
  teams: TeamsTable;
  matches: MatchesTable;
  match_incidents: MatchIncidentsTable;
  feed_planned_days: FeedPlannedDaysTable;
  odds_companies: OddsCompaniesTable;
  match_odds: MatchOddsTable;
  standings: StandingsTable;
  match_collects: MatchCollectsTable;
  match_momentum: MatchMomentumTable;
  match_odds_history: MatchOddsHistoryTable;
}
