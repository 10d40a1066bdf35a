import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Match } from '../../db/tables/scores-tables.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { FeedWorld } from '../../feed/feed-world.ts';
import { lineupsOf } from '../../feed/lineups.ts';
import { toIncidentViews, toMatchOdds, toMatchView, toStatistics, toTeam } from './match-shapes.ts';
import { liveRoomsByMatch, readMatches, readOdds, viewerContext } from './match-viewer.ts';
import type { BoardData, OddsRow } from '../../ports/score-board.ts';
import { scoresMessages } from './scores-messages.ts';

/** Past meetings and form change only when a match ends. */
const battleTtlMs = 30_000;
const battleLimit = 10;

type BattleInfo = DataOf<'hotMatchBattleInfo'>;
type BattleResult = BattleInfo['list'][number]['result'];

async function findMatch(
  server: ServerContext,
  board: BoardData,
  matchId: number,
): Promise<{ match: Match; odds: OddsRow[]; held: boolean }> {
  const held = board.matches.get(matchId);
  if (held) return { match: held, odds: board.odds.get(matchId) ?? [], held: true };
  const read = await readMatches(server, { ids: [matchId] });
  const match = read.matches[0];
  if (!match) throw new DomainError(scoresMessages.matchNotFound);
  return { match, odds: read.odds.get(matchId) ?? [], held: false };
}

/** The score detail: the match, its timeline, statistics, every company's odds and the rooms showing it. */
export async function matchDetail(server: ServerContext, matchId: number, userId: number | null): Promise<DataOf<'hotMatchMsgGetSimple'>> {
  const boardHolder = server.scoreBoard;
  const board = await boardHolder.read();
  const { match, odds, held } = await findMatch(server, board, matchId);
  const [viewer, rooms, incidents, momentum] = await Promise.all([
    viewerContext(server, userId, undefined),
    liveRoomsByMatch(server),
    held
      ? boardHolder.incidentsOf(match)
      : server.database.db.selectFrom('match_incidents').selectAll().where('match_id', '=', matchId).orderBy('seq').orderBy('id').execute(),
    match.sport === 'esports'
      ? []
      : server.database.db
          .selectFrom('match_momentum')
          .select(['t', 'minute', 'added_minute', 'period', 'home', 'away', 'value'])
          .where('match_id', '=', matchId)
          .orderBy('t')
          .execute(),
  ]);
  return {
    match: toMatchView(board, match, odds, viewer),
    lineups: lineupsOf(worldOf(board), match, incidents),
    momentum: match.sport === 'esports' ? null : { match_id: match.id, kind: match.sport === 'football' ? 'pressure' : 'lead', points: momentum },
    incidents: toIncidentViews(match, incidents),
    statistics: toStatistics(match),
    odds: board.companies.flatMap((company) => {
      const view = toMatchOdds(match.id, company, odds);
      return view ? [view] : [];
    }),
    live_rooms: rooms.get(match.id) ?? [],
  };
}

/** The feed's world (its squads) over the board's leagues and teams, made once per reading of them. */
const worlds = new WeakMap<BoardData['teams'], FeedWorld>();
function worldOf(board: BoardData): FeedWorld {
  let world = worlds.get(board.teams);
  if (!world) {
    world = new FeedWorld([...board.leagues.values()], [...board.teams.values()]);
    worlds.set(board.teams, world);
  }
  return world;
}

type OddsHistory = DataOf<'hotMatchOddsHistory'>;
const historyMarkets = { asia: 'asian_handicap', over_under: 'over_under', europe: 'one_x_two' } as const;

/**
 * Every change of one company's odds on a match, oldest first. A match priced before the history was kept
 * starts from its opening line (and its current one when that differs), so the chart always has both.
 */
export async function oddsHistory(server: ServerContext, input: InputOf<'hotMatchOddsHistory'>): Promise<OddsHistory> {
  const board = await server.scoreBoard.read();
  const { match, odds } = await findMatch(server, board, input.match_id);
  const rows = await server.database.db
    .selectFrom('match_odds_history')
    .select(['market', 'home', 'line', 'draw', 'away', 'is_closed', 'changed_at'])
    .where('match_id', '=', match.id)
    .where('company_id', '=', input.company_id)
    .orderBy('id')
    .execute();
  const out: OddsHistory = { match_id: match.id, company_id: input.company_id, asian_handicap: [], over_under: [], one_x_two: [] };
  const entry = (at: Date, home: number, line: number | null, draw: number | null, away: number, closed: boolean) => ({
    at: Math.floor(at.getTime() / 1000),
    home: Number(home),
    line: line === null ? null : Number(line),
    draw: draw === null ? null : Number(draw),
    away: Number(away),
    closed,
  });
  const sameAs = (a: { home: number; line: number | null; away: number }, b: { home: number; line: number | null; away: number }) =>
    Number(a.home) === Number(b.home) && Number(a.away) === Number(b.away) && Number(a.line) === Number(b.line);
  for (const row of odds.filter((held) => held.company_id === input.company_id)) {
    const list = out[historyMarkets[row.market]];
    const kept = rows.filter((history) => history.market === row.market);
    const opening = { home: row.initial_home, line: row.initial_line, draw: row.initial_draw, away: row.initial_away };
    const first = kept[0];
    // The opening line first, unless the history starts with it.
    if (!first || !sameAs(first, opening)) {
      const at = first && first.changed_at < match.start_time ? first.changed_at : match.start_time < row.updated_at ? match.start_time : row.updated_at;
      list.push(entry(at, opening.home, opening.line, opening.draw, opening.away, false));
    }
    list.push(...kept.map((history) => entry(history.changed_at, history.home, history.line, history.draw, history.away, history.is_closed)));
    // And the current line last, should the history not have reached it.
    const last = kept.at(-1) ?? { ...opening, is_closed: false };
    if (!sameAs(last, row) || last.is_closed !== row.is_closed) list.push(entry(row.updated_at, row.home, row.line, row.draw, row.away, row.is_closed));
  }
  return out;
}

function resultFor(match: Match, teamId: number): BattleResult {
  if (match.status !== 'over') return null;
  const mine = match.home_team_id === teamId ? match.home_score : match.away_score;
  const theirs = match.home_team_id === teamId ? match.away_score : match.home_score;
  return mine > theirs ? 'won' : mine === theirs ? 'drawn' : 'lost';
}

async function battleMatches(server: ServerContext, type: BattleInfo['type'], source: Match): Promise<Match[]> {
  const { db } = server.database;
  const home = source.home_team_id;
  const away = source.away_team_id;
  let query = db.selectFrom('matches').selectAll().where('id', '<>', source.id);
  if (type === 4) {
    query = query
      .where('status', '=', 'not_started')
      .where('start_time', '>', server.clock.now())
      .where((eb) => eb.or([eb('home_team_id', 'in', [home, away]), eb('away_team_id', 'in', [home, away])]))
      .orderBy('start_time')
      .orderBy('id');
  } else {
    query = query.where('status', '=', 'over').where('start_time', '<', server.clock.now());
    if (type === 1) {
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('home_team_id', '=', home), eb('away_team_id', '=', away)]),
          eb.and([eb('home_team_id', '=', away), eb('away_team_id', '=', home)]),
        ]),
      );
    } else {
      const team = type === 2 ? home : away;
      query = query.where((eb) => eb.or([eb('home_team_id', '=', team), eb('away_team_id', '=', team)]));
    }
    query = query.orderBy('start_time', 'desc').orderBy('id', 'desc');
  }
  return query.limit(battleLimit).execute();
}

/** Head-to-head (1), recent form of the home (2) or away team (3), upcoming matches of both (4). */
export async function battleInfo(server: ServerContext, input: InputOf<'hotMatchBattleInfo'>, userId: number | null): Promise<BattleInfo> {
  const board = await server.scoreBoard.read();
  const { match: source } = await findMatch(server, board, input.sourceid);
  const type = input.type;
  const [matches, viewer] = await Promise.all([
    server.cache.get(`scores:battle:${type}:${source.id}`, battleTtlMs, () => battleMatches(server, type, source)),
    viewerContext(server, userId, undefined),
  ]);
  const missing = matches.filter((match) => !board.odds.has(match.id)).map((match) => match.id);
  const odds = new Map([...(await readOdds(server, missing)), ...board.odds]);
  const teamId = type === 3 ? source.away_team_id : source.home_team_id;
  const team = type === 4 ? null : board.teams.get(teamId);
  const list = matches.map((match) => ({
    match: toMatchView(board, board.matches.get(match.id) ?? match, odds.get(match.id) ?? [], viewer),
    result: type === 4 ? null : resultFor(match, teamId),
  }));
  if (type === 4 || !team) return { type, team: null, summary: null, list };
  const summary = { played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, win_rate: 0 };
  for (const match of matches) {
    const result = resultFor(match, teamId);
    if (!result) continue;
    summary.played += 1;
    summary[result] += 1;
    summary.goals_for += match.home_team_id === teamId ? match.home_score : match.away_score;
    summary.goals_against += match.home_team_id === teamId ? match.away_score : match.home_score;
  }
  summary.win_rate = summary.played ? Math.round((summary.won / summary.played) * 1000) / 1000 : 0;
  return { type, team: toTeam(team), summary, list };
}
