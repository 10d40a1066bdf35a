import type { components } from '../../../src/api/schema.d.ts';
import type { Match, MatchStats } from '../../db/tables/scores-tables.ts';
import type { LeagueRow, TeamRow } from '../../feed/feed-world.ts';
import { gameWinners, quarterScores } from '../../feed/period-scores.ts';
import type { BoardData, IncidentRow, OddsCompanyRow, OddsRow } from '../../ports/score-board.ts';

// Rows of the database (and of the board) as the contract shows them (openapi.yaml Match, MatchOdds,
// MatchIncident, MatchStatistics).

type Schemas = components['schemas'];
export type MatchView = Schemas['Match'];
export type MatchOddsView = Schemas['MatchOdds'];
export type IncidentView = Schemas['MatchIncident'];
export type StatisticsView = Schemas['MatchStatistics'];
type PhaseView = Schemas['MatchPhase'];
type StatisticKey = StatisticsView['items'][number]['key'];

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toLeague(league: LeagueRow): Schemas['League'] {
  return {
    id: league.id,
    name: league.name,
    name_en: league.name_en,
    short_name_zh: league.short_name_zh,
    logo: league.logo,
    sport: league.sport,
    country: league.country,
  };
}

export function toTeam(team: TeamRow): Schemas['Team'] {
  return { id: team.id, name: team.name, name_en: team.name_en, short_name_zh: team.short_name_zh, short_name_en: team.short_name_en, logo: team.logo };
}

/** The contract's phase of a stored one (the database keeps basketball and e-sports breaks as one). */
export function phaseOf(match: Pick<Match, 'sport' | 'phase' | 'period_scores'>): PhaseView {
  const { phase } = match;
  if (phase === 'full_time') return 'finished';
  if (phase === 'ot') return 'overtime';
  if (phase === 'break') {
    if (match.sport === 'esports') return 'map_break';
    return match.period_scores.length === 2 ? 'half_time' : 'quarter_break';
  }
  const game = /^game_([1-7])$/.exec(phase);
  if (game) return `map_${game[1]}` as PhaseView;
  return phase as Exclude<typeof phase, `game_${number}`>;
}

function basketballQuarterMinutes(league: LeagueRow | undefined): number {
  return league && /\bNBA\b/.test(league.name_en) ? 12 : 10;
}

/** SPEC §3 match_str: 67', 45+2', HT, Q3 05:00, OT 02:00, Map 2, FT; empty before the start. */
export function matchClock(match: Match, league: LeagueRow | undefined): string {
  if (match.status === 'not_started') return '';
  if (match.status === 'over') return 'FT';
  const phase = phaseOf(match);
  switch (phase) {
    case 'half_time':
      return 'HT';
    case 'first_half':
    case 'second_half':
      return match.added_minute > 0 ? `${match.minute}+${match.added_minute}'` : `${match.minute}'`;
    case 'extra_time':
      return `ET ${match.minute}'`;
    case 'penalties':
      return 'PEN';
    case 'quarter_break':
    case 'map_break':
      return 'Break';
    case 'overtime':
      return `OT ${String(Math.max(0, 5 - match.minute)).padStart(2, '0')}:00`;
    default:
      if (/^q[1-4]$/.test(phase)) {
        const left = Math.max(0, basketballQuarterMinutes(league) - match.minute);
        return `${phase.toUpperCase()} ${String(left).padStart(2, '0')}:00`;
      }
      if (phase.startsWith('map_')) return `Map ${phase.slice(4)}`;
      return '';
  }
}

function periodScores(match: Match): MatchView['period_scores'] {
  if (match.status === 'not_started') return [];
  if (match.sport === 'football') {
    const firstHalf =
      match.home_half_score !== null && match.away_half_score !== null
        ? { phase: 'first_half' as const, home_score: match.home_half_score, away_score: match.away_half_score }
        : { phase: 'first_half' as const, home_score: match.home_score, away_score: match.away_score };
    if (match.phase === 'first_half' || match.home_half_score === null || match.away_half_score === null) return [firstHalf];
    if (match.phase === 'half_time') return [firstHalf];
    return [
      firstHalf,
      { phase: 'second_half', home_score: match.home_score - match.home_half_score, away_score: match.away_score - match.away_half_score },
    ];
  }
  if (match.sport === 'basketball') {
    return quarterScores(match).map(([home, away], i) => ({
      phase: i < 4 ? (`q${i + 1}` as PhaseView) : 'overtime',
      home_score: home,
      away_score: away,
    }));
  }
  // E-sports: the kills of each game where the feed kept them, else the game's winner as 1-0.
  const winners = gameWinners(match);
  const kills = match.stats.game_kills;
  const games = Math.max(winners.length, kills?.length ?? 0);
  return Array.from({ length: games }, (_, i) => {
    const gameKills = kills?.[i];
    const [home, away] = gameKills ?? (winners[i] === 'home' ? [1, 0] : [0, 1]);
    return { phase: `map_${i + 1}` as PhaseView, home_score: home, away_score: away };
  });
}

/** One company's odds on a match from its market rows; null when it prices none. */
export function toMatchOdds(matchId: number, company: OddsCompanyRow, rows: OddsRow[]): MatchOddsView | null {
  const mine = rows.filter((row) => row.company_id === company.id);
  if (mine.length === 0) return null;
  const market = (name: OddsRow['market']) => mine.find((row) => row.market === name);
  const asia = market('asia');
  const overUnder = market('over_under');
  const europe = market('europe');
  return {
    match_id: matchId,
    company_id: company.id,
    company_name: company.name,
    company_name_en: company.name_en,
    asian_handicap: {
      initial: asia && asia.initial_line !== null ? { home: asia.initial_home, line: asia.initial_line, away: asia.initial_away } : null,
      current: asia && asia.line !== null ? { home: asia.home, line: asia.line, away: asia.away } : null,
    },
    over_under: {
      initial:
        overUnder && overUnder.initial_line !== null
          ? { over: overUnder.initial_home, line: overUnder.initial_line, under: overUnder.initial_away }
          : null,
      current: overUnder && overUnder.line !== null ? { over: overUnder.home, line: overUnder.line, under: overUnder.away } : null,
    },
    one_x_two: {
      initial: europe ? { home: europe.initial_home, draw: europe.initial_draw, away: europe.initial_away } : null,
      current: europe ? { home: europe.home, draw: europe.draw, away: europe.away } : null,
    },
    suspended: mine.some((row) => row.is_closed),
    updated_at: Math.max(...mine.map((row) => seconds(row.updated_at))),
  };
}

export interface ViewerContext {
  /** The odds company asked for; the board's first company when absent or unknown. */
  companyId?: number | undefined;
  /** Matches the viewer collected. */
  collected: ReadonlySet<number>;
  /** Live rooms showing each match now. */
  anchorCount(matchId: number): number;
}

export function companyFor(board: BoardData, companyId: number | undefined): OddsCompanyRow | undefined {
  return board.companies.find((company) => company.id === companyId) ?? board.companies[0];
}

const liveTypes = { football: 1, basketball: 2, esports: 3 } as const;

/** A match as the search box and a live room card show it (LiveMatchBrief): names, crests, score, clock. */
export function toMatchBrief(board: BoardData, match: Match): Schemas['LiveMatchBrief'] {
  const league = board.leagues.get(match.league_id);
  const home = board.teams.get(match.home_team_id);
  const away = board.teams.get(match.away_team_id);
  if (!league || !home || !away) throw new Error(`match ${match.id} refers to a league or team that does not exist`);
  return {
    id: match.id,
    type: liveTypes[match.sport],
    short_name_zh: league.short_name_zh,
    league_name_en: league.short_name_en,
    home_team_name_zh: home.short_name_zh,
    home_team_name_en: home.short_name_en,
    home_team_logo: home.logo,
    away_team_name_zh: away.short_name_zh,
    away_team_name_en: away.short_name_en,
    away_team_logo: away.logo,
    home_score: match.home_score,
    away_score: match.away_score,
    status: match.status,
    ...(match.status === 'in_progress' ? { match_str: matchClock(match, league) } : {}),
    match_time: seconds(match.start_time),
  };
}

/** A match as score lists and the socket show it, with one company's odds. */
export function toMatchView(
  board: Pick<BoardData, 'leagues' | 'teams' | 'companies'>,
  match: Match,
  odds: OddsRow[],
  viewer: ViewerContext,
): MatchView {
  const league = board.leagues.get(match.league_id);
  const home = board.teams.get(match.home_team_id);
  const away = board.teams.get(match.away_team_id);
  const company = board.companies.find((candidate) => candidate.id === viewer.companyId) ?? board.companies[0];
  if (!league || !home || !away) throw new Error(`match ${match.id} refers to a league or team that does not exist`);
  const inPlay =
    match.sport === 'football' && (match.phase === 'first_half' || match.phase === 'second_half' || match.phase === 'extra_time');
  return {
    id: match.id,
    sport: match.sport,
    league: toLeague(league),
    round: match.round,
    round_en: match.round_en,
    best_of: match.best_of,
    home_team: toTeam(home),
    away_team: toTeam(away),
    home_team_name_zh: home.name,
    away_team_name_zh: away.name,
    home_score: match.home_score,
    away_score: match.away_score,
    home_half_score: match.sport === 'esports' ? null : match.home_half_score,
    away_half_score: match.sport === 'esports' ? null : match.away_half_score,
    period_scores: periodScores(match),
    status: match.status,
    phase: phaseOf(match),
    minute: inPlay ? match.minute : null,
    match_str: matchClock(match, league),
    start_time: seconds(match.start_time),
    home_red_cards: match.home_red,
    away_red_cards: match.away_red,
    home_yellow_cards: match.home_yellow,
    away_yellow_cards: match.away_yellow,
    home_corners: match.home_corner,
    away_corners: match.away_corner,
    anchor_count: viewer.anchorCount(match.id),
    is_collect: viewer.collected.has(match.id) ? 1 : 0,
    odds: company ? toMatchOdds(match.id, company, odds) : null,
  };
}

const incidentTypes: Partial<Record<IncidentRow['kind'], IncidentView['type']>> = {
  goal: 'goal',
  own_goal: 'own_goal',
  penalty_goal: 'penalty',
  penalty_missed: 'missed_penalty',
  yellow_card: 'yellow_card',
  red_card: 'red_card',
  second_yellow: 'red_card',
  corner: 'corner',
  substitution: 'substitution',
  period_start: 'period_start',
  period_end: 'period_end',
};

function periodPhase(match: Match, periods: number, minute: number): PhaseView {
  if (match.sport === 'football') {
    // Incidents stored without period marks (none yet) are placed by their minute.
    if (periods === 0) return minute > 45 ? 'second_half' : 'first_half';
    return (['first_half', 'second_half', 'extra_time', 'extra_time', 'penalties'] as const)[periods - 1] ?? 'penalties';
  }
  if (match.sport === 'basketball') return periods > 4 ? 'overtime' : (`q${Math.max(1, periods)}` as PhaseView);
  return `map_${Math.min(7, Math.max(1, periods))}` as PhaseView;
}

function intervalPhase(match: Match, periods: number): PhaseView {
  if (match.sport === 'football') return 'half_time';
  if (match.sport === 'basketball') return periods === 2 ? 'half_time' : 'quarter_break';
  return 'map_break';
}

// The English name is null exactly when the Chinese one is (openapi.yaml MatchIncident); a row stored
// before migration 010 has none, so it shows the Chinese one.
const playerFields = (zh: string, en: string) => ({ player_name: zh || null, player_name_en: zh ? en || zh : null });
const relatedPlayerFields = (zh: string, en: string) => ({
  related_player_name: zh || null,
  related_player_name_en: zh ? en || zh : null,
});

/**
 * The timeline of the score detail. The phase of each incident follows from the period starts and ends
 * before it; a game won in e-sports is carried by the period scores, not the timeline.
 */
export function toIncidentViews(match: Match, incidents: IncidentRow[]): IncidentView[] {
  const out: IncidentView[] = [];
  let periods = 0;
  let between = false;
  for (const incident of incidents) {
    if (incident.kind === 'period_start') {
      periods += 1;
      between = false;
    }
    const type = incidentTypes[incident.kind];
    if (type) {
      const substitution = incident.kind === 'substitution';
      out.push({
        id: incident.id,
        minute: incident.minute,
        added_minute: incident.added_minute > 0 ? incident.added_minute : null,
        phase: between ? intervalPhase(match, periods) : periodPhase(match, periods, incident.minute),
        type,
        side: type === 'period_start' || type === 'period_end' ? null : incident.side,
        // The contract names the player coming on first; the database keeps the player going off first.
        ...playerFields(substitution ? incident.player2 : incident.player, substitution ? incident.player2_en : incident.player_en),
        ...relatedPlayerFields(substitution ? incident.player : incident.player2, substitution ? incident.player_en : incident.player2_en),
        home_score: incident.home_score,
        away_score: incident.away_score,
      });
    }
    if (incident.kind === 'period_end') between = true;
  }
  return out;
}

const percent = (made: number, attempts: number) => (attempts > 0 ? Math.round((made / attempts) * 1000) / 10 : 0);

/** The head-to-head numbers of a match so far. */
export function toStatistics(match: Match): StatisticsView {
  if (match.status === 'not_started') return { match_id: match.id, items: [] };
  const stats: MatchStats = match.stats;
  const items: StatisticsView['items'] = [];
  const add = (key: StatisticKey, pair: [number, number] | undefined) => {
    if (pair) items.push({ key, home: Math.max(0, pair[0]), away: Math.max(0, pair[1]) });
  };
  if (match.sport === 'football') {
    add('possession', stats.possession);
    add('shots', stats.shots);
    add('shots_on_target', stats.shots_on_target);
    if (stats.shots && stats.shots_on_target) {
      add('shots_off_target', [stats.shots[0] - stats.shots_on_target[0], stats.shots[1] - stats.shots_on_target[1]]);
    }
    add('attacks', stats.attacks);
    add('dangerous_attacks', stats.dangerous_attacks);
    add('corners', [match.home_corner, match.away_corner]);
    add('fouls', stats.fouls);
    add('offsides', stats.offsides);
    add('saves', stats.saves);
    add('yellow_cards', [match.home_yellow, match.away_yellow]);
    add('red_cards', [match.home_red, match.away_red]);
  } else if (match.sport === 'basketball') {
    const pct = (made?: [number, number], attempts?: [number, number]): [number, number] | undefined =>
      made && attempts ? [percent(made[0], attempts[0]), percent(made[1], attempts[1])] : undefined;
    add('field_goal_pct', pct(stats.field_goals, stats.field_goal_attempts));
    add('three_point_pct', pct(stats.threes, stats.three_attempts));
    add('free_throw_pct', pct(stats.free_throws, stats.free_throw_attempts));
    add('rebounds', stats.rebounds);
    add('assists', stats.assists);
    add('steals', stats.steals);
    add('blocks', stats.blocks);
    add('turnovers', stats.turnovers);
    add('fouls', stats.fouls);
    add('timeouts_left', stats.timeouts_left);
  } else {
    add('kills', stats.kills);
    add('towers', stats.towers);
    add('dragons', stats.dragons);
    add('barons', stats.barons);
    add('gold', stats.gold);
    add('first_blood', stats.first_blood);
  }
  return { match_id: match.id, items };
}
