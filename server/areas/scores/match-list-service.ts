import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Match } from '../../db/tables/scores-tables.ts';
import { DomainError, ResultCode, sessionMessages } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { toLeague, toMatchView, type MatchView, type ViewerContext } from './match-shapes.ts';
import { collectedMatchIds, liveRoomsByMatch, readFarDay, readMatches, viewerContext, type MatchRoom, type MatchRows } from './match-viewer.ts';
import type { BoardData } from '../../ports/score-board.ts';
import { scoresMessages } from './scores-messages.ts';

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;
/** openapi.yaml: hot matches at most 20, recommended at most 10. */
const hotLimit = 20;
const recommendLimit = 10;
/** "Starting soon" for the home page's hot matches. */
const hotHorizonMs = 12 * hourMs;

function byStartThenLeague(board: BoardData) {
  const leagueSort = (match: Match) => board.leagues.get(match.league_id)?.sort ?? 0;
  return (a: Match, b: Match) =>
    a.start_time.getTime() - b.start_time.getTime() || leagueSort(a) - leagueSort(b) || a.league_id - b.league_id || a.id - b.id;
}

function views(board: BoardData, rows: MatchRows, viewer: ViewerContext): MatchView[] {
  return rows.matches.map((match) => toMatchView(board, match, rows.odds.get(match.id) ?? [], viewer));
}

/** The calendar day `date` (today when absent) in a viewer's time zone, as instants. */
export function dayRange(now: Date, date: string | undefined, utcOffsetMinutes: number): { from: Date; to: Date } {
  const offsetMs = utcOffsetMinutes * 60_000;
  const day = date ?? new Date(now.getTime() + offsetMs).toISOString().slice(0, 10);
  const from = Date.parse(`${day}T00:00:00Z`) - offsetMs;
  if (Number.isNaN(from)) throw new DomainError(scoresMessages.badDate);
  return { from: new Date(from), to: new Date(from + dayMs) };
}

async function selection(
  server: ServerContext,
  board: BoardData,
  input: InputOf<'hotMatchAllMatch'>,
  userId: number | null,
): Promise<MatchRows> {
  const status = input.status ?? 'all';
  const fromBoard = (keep: (match: Match) => boolean): MatchRows => {
    const matches = [...board.matches.values()].filter((match) => match.sport === input.sport && keep(match));
    return { matches, odds: board.odds };
  };
  if (status === 'collected') {
    if (userId === null) throw new DomainError(sessionMessages.gone, ResultCode.sessionGone);
    const ids = [...(await collectedMatchIds(server, userId))];
    const held = fromBoard((match) => ids.includes(match.id));
    const elsewhere = await readMatches(server, { ids: ids.filter((id) => !board.matches.has(id)), sport: input.sport });
    return { matches: [...held.matches, ...elsewhere.matches], odds: new Map([...board.odds, ...elsewhere.odds]) };
  }
  if (status === 'in_progress') return fromBoard((match) => match.status === 'in_progress');
  const { from, to } = dayRange(server.clock.now(), input.date, input.utc_offset ?? 480);
  const wanted = (match: Match) => status === 'all' || match.status === status;
  if (from.getTime() >= board.from && to.getTime() <= board.to) {
    return fromBoard((match) => match.start_time >= from && match.start_time < to && wanted(match));
  }
  const far = await readFarDay(server, input.sport, from, to);
  return { matches: far.matches.filter(wanted), odds: far.odds };
}

/** The score pages' and the schedule's lists (hot_match/all_match). */
export async function matchListPage(
  server: ServerContext,
  input: InputOf<'hotMatchAllMatch'>,
  userId: number | null,
): Promise<DataOf<'hotMatchAllMatch'>> {
  const board = await server.scoreBoard.read();
  const [selected, viewer] = await Promise.all([selection(server, board, input, userId), viewerContext(server, userId, input.company_id)]);
  const counts = new Map<number, number>();
  for (const match of selected.matches) counts.set(match.league_id, (counts.get(match.league_id) ?? 0) + 1);
  const leagues = [...counts]
    .map(([id, count]) => ({ league: board.leagues.get(id), count }))
    .filter((entry) => entry.league !== undefined)
    .sort((a, b) => a.league!.sort - b.league!.sort || a.league!.id - b.league!.id)
    .map(({ league, count }) => ({ league: toLeague(league!), match_count: count }));
  const leagueFilter = input.league_ids?.length ? new Set(input.league_ids) : null;
  const matches = selected.matches.filter((match) => !leagueFilter || leagueFilter.has(match.league_id)).sort(byStartThenLeague(board));
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const slice = matches.slice((page - 1) * limit, page * limit);
  return {
    total: matches.length,
    page,
    limit,
    list: views(board, { matches: slice, odds: selected.odds }, viewer),
    leagues,
    companies: board.companies.map((company) => ({ id: company.id, name: company.name, name_en: company.name_en })),
  };
}

/**
 * Matches in progress or starting within `hotHorizonMs`, most watched first (viewers of the rooms showing
 * them), then the hot leagues' and those in progress.
 */
export function rankHotMatches(board: BoardData, rooms: ReadonlyMap<number, readonly MatchRoom[]>, now: number, sport?: Match['sport']): Match[] {
  const watching = (match: Match) => (rooms.get(match.id) ?? []).reduce((sum, room) => sum + room.viewer_count, 0);
  const candidates = [...board.matches.values()].filter(
    (match) =>
      (!sport || match.sport === sport) &&
      (match.status === 'in_progress' || (match.status === 'not_started' && match.start_time.getTime() <= now + hotHorizonMs)),
  );
  const order = byStartThenLeague(board);
  return candidates.sort(
    (a, b) =>
      watching(b) - watching(a) ||
      Number(b.is_hot) - Number(a.is_hot) ||
      Number(b.status === 'in_progress') - Number(a.status === 'in_progress') ||
      order(a, b),
  );
}

/** The home page's hot matches. */
export async function hotMatches(
  server: ServerContext,
  input: InputOf<'hotMatchInitialList'>,
  userId: number | null,
): Promise<DataOf<'hotMatchInitialList'>> {
  const board = await server.scoreBoard.read();
  const [viewer, rooms] = await Promise.all([viewerContext(server, userId, input.company_id), liveRoomsByMatch(server)]);
  const matches = rankHotMatches(board, rooms, server.clock.now().getTime(), input.sport).slice(0, hotLimit);
  return views(board, { matches, odds: board.odds }, viewer);
}

/** Matches beside a score detail or a live room: those with rooms first, then those in progress. */
export async function recommendedMatches(
  server: ServerContext,
  input: InputOf<'hotMatchRecommend'>,
  userId: number | null,
): Promise<DataOf<'hotMatchRecommend'>> {
  const board = await server.scoreBoard.read();
  const viewer = await viewerContext(server, userId, input.company_id);
  const now = server.clock.now().getTime();
  const candidates = [...board.matches.values()].filter(
    (match) =>
      match.id !== input.exclude_id &&
      (!input.sport || match.sport === input.sport) &&
      (match.status === 'in_progress' || (match.status === 'not_started' && match.start_time.getTime() <= now + dayMs)),
  );
  const order = byStartThenLeague(board);
  candidates.sort(
    (a, b) =>
      Number(viewer.anchorCount(b.id) > 0) - Number(viewer.anchorCount(a.id) > 0) ||
      Number(b.status === 'in_progress') - Number(a.status === 'in_progress') ||
      Number(b.is_hot) - Number(a.is_hot) ||
      order(a, b),
  );
  return views(board, { matches: candidates.slice(0, recommendLimit), odds: board.odds }, viewer);
}
