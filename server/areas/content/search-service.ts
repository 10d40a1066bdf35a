import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { cachedRooms, liveRooms, matchBriefs, type RoomRow } from '../live/live-public.ts';
import { foldQuery, searchKeys } from './search-keys.ts';

// Search (SPEC §2 /search, §7 Search/index, Search/anchor, Search/live). Every kind is found through a GIN
// index over search_grams() of its text (migration 220) and checked with strpos, never by a LIKE over the
// table; each kind is ranked by relevance (the whole name, then a name that starts with the query, then
// the rest) and then by heat: on air, in progress, kicking off soonest.

type SearchIndexResult = DataOf<'searchIndex'>;
type AnchorHit = SearchIndexResult['anchors'][number];
type TeamHit = SearchIndexResult['teams'][number];

/** openapi.yaml SearchIndexResult: up to 20 of each kind. */
const perKind = 20;
/** How many candidates of one kind are ranked; a one-character query may match thousands of rows. */
const candidateLimit = 200;
/** Matches are listed for this many of the best teams and leagues found. */
const matchTeams = 20;

export interface Query {
  /** The folded query, as strpos compares it with the folded text. */
  text: string;
  /** The index keys it asks for. */
  keys: string[];
}

export function queryOf(name: string): Query | null {
  const text = foldQuery(name);
  const keys = searchKeys(text);
  return keys.length === 0 ? null : { text, keys };
}

/** Whether an indexed text holds the query: the index condition (the same expression as the index's) and its check. */
function holds(indexed: RawBuilder<string> | Expression<string>, query: Query) {
  return sql<boolean>`search_grams(${indexed}) @> ${sql.val(query.keys)}::text[] and strpos(search_fold(${indexed}), ${query.text}) > 0`;
}

/** 0 when one of the names is the query, 1 when one starts with it, 2 otherwise. */
function relevance(names: readonly (RawBuilder<string> | Expression<string>)[], query: Query) {
  const folded = sql.join(names.map((name) => sql`search_fold(${name})`));
  return sql<number>`case when ${query.text} = any(array[${folded}]) then 0
    when exists (select 1 from unnest(array[${folded}]) as name where strpos(name, ${query.text}) = 1) then 1 else 2 end`;
}

// The indexed texts: each the very expression of its index in migration 220, so the planner can use it.
const teamText = sql<string>`(teams.name || ' ' || teams.name_en || ' ' || teams.short_name_zh || ' ' || teams.short_name_en)`;
const leagueText = sql<string>`(leagues.name || ' ' || leagues.name_en || ' ' || leagues.short_name_zh || ' ' || leagues.short_name_en)`;

/** Aliases of one kind that hold the query: target id to its best rank and the alias. */
export function aliasQuery(db: Kysely<Database>, kind: 'team' | 'league' | 'anchor', query: Query) {
  return db
    .selectFrom('search_aliases')
    .select(['target_id', 'alias', relevance([sql.ref('alias')], query).as('rank')])
    .where('target_kind', '=', kind)
    .where(holds(sql.ref('alias'), query))
    .orderBy('rank')
    .limit(candidateLimit);
}

async function aliasHits(server: ServerContext, kind: 'team' | 'league' | 'anchor', query: Query) {
  const rows = await aliasQuery(server.database.db, kind, query).execute();
  const best = new Map<number, { rank: number; alias: string }>();
  for (const row of rows) {
    const seen = best.get(row.target_id);
    if (!seen || row.rank < seen.rank) best.set(row.target_id, { rank: row.rank, alias: row.alias });
  }
  return best;
}

function anchorBase(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
    .select([
      'users.id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'live_rooms.id as room_id',
      'live_rooms.status',
      'live_rooms.heat',
    ])
    .where('users.is_anchor', '=', 1)
    .where('users.disabled_at', 'is', null);
}

/** Anchors whose nickname holds the query. */
export function anchorNameQuery(db: Kysely<Database>, query: Query) {
  return anchorBase(db)
    .select(relevance([sql.ref('users.user_nickname')], query).as('rank'))
    .where(holds(sql.ref('users.user_nickname'), query))
    .orderBy('rank')
    .orderBy(sql`live_rooms.status = 'in_progress'`, 'desc')
    .orderBy('live_rooms.heat', 'desc')
    .limit(candidateLimit);
}

/** Anchors whose nickname (or alias) holds the query: on air first within a rank, then by heat. */
async function anchorCandidates(server: ServerContext, query: Query) {
  const { db } = server.database;
  const base = anchorBase(db);
  const [own, aliases] = await Promise.all([anchorNameQuery(db, query).execute(), aliasHits(server, 'anchor', query)]);
  const found = new Map(own.map((row) => [row.id, row]));
  const byAlias = [...aliases.keys()].filter((id) => !found.has(id));
  if (byAlias.length > 0) {
    for (const row of await base.select(sql<number>`2`.as('rank')).where('users.id', 'in', byAlias).execute()) {
      found.set(row.id, { ...row, rank: aliases.get(row.id)!.rank });
    }
  }
  return [...found.values()].sort(
    (a, b) => a.rank - b.rank || Number(b.status === 'in_progress') - Number(a.status === 'in_progress') || b.heat - a.heat || a.id - b.id,
  );
}

type AnchorCandidate = Awaited<ReturnType<typeof anchorCandidates>>[number];

/** The page's anchors as the contract writes them: followers counted, the viewer's follow marked. */
async function anchorHits(server: ServerContext, rows: AnchorCandidate[], viewerId: number | null): Promise<AnchorHit[]> {
  if (rows.length === 0) return [];
  const { db } = server.database;
  const ids = rows.map((row) => row.id);
  const [fans, followed] = await Promise.all([
    db.selectFrom('follows').select(['target_id', (eb) => eb.fn.countAll<string>().as('n')]).where('target_id', 'in', ids).groupBy('target_id').execute(),
    viewerId === null
      ? Promise.resolve([])
      : db.selectFrom('follows').select('target_id').where('user_id', '=', viewerId).where('target_id', 'in', ids).execute(),
  ]);
  const fanCount = new Map(fans.map((row) => [row.target_id, Number(row.n)]));
  const follows = new Set(followed.map((row) => row.target_id));
  return rows.map((row) => ({
    anchor: { id: row.id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: 1 },
    fans: fanCount.get(row.id) ?? 0,
    is_attention: follows.has(row.id) ? 1 : 0,
    room_id: row.room_id,
    live_status: row.status,
  }));
}

/** Rooms whose title holds the query. */
export function roomTitleQuery(db: Kysely<Database>, query: Query) {
  return db
    .selectFrom('live_rooms')
    .select(['id', relevance([sql.ref('title')], query).as('rank')])
    .where(holds(sql.ref('title'), query))
    .orderBy('rank')
    .orderBy('heat', 'desc')
    .limit(candidateLimit);
}

/** Rooms whose title or anchor holds the query: on air first, then by relevance and heat. */
async function roomCandidates(server: ServerContext, query: Query): Promise<RoomRow[]> {
  const { db } = server.database;
  const [byTitle, anchors, rooms] = await Promise.all([
    roomTitleQuery(db, query).execute(),
    anchorCandidates(server, query),
    cachedRooms(server, 0),
  ]);
  const rank = new Map<number, number>();
  for (const row of byTitle) rank.set(row.id, row.rank);
  for (const anchor of anchors) rank.set(anchor.room_id, Math.min(rank.get(anchor.room_id) ?? 2, anchor.rank));
  const statusOrder = { in_progress: 0, not_started: 1, over: 2 } as const;
  return rooms
    .filter((room) => rank.has(room.id))
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || rank.get(a.id)! - rank.get(b.id)! || b.heat - a.heat || a.id - b.id);
}

function teamBase(db: Kysely<Database>) {
  return db
    .selectFrom('teams')
    .innerJoin('leagues', 'leagues.id', 'teams.league_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.name_en',
      'teams.short_name_zh',
      'teams.logo',
      'leagues.sport',
      'leagues.id as league_id',
      'leagues.name as league_name',
      'leagues.name_en as league_name_en',
      'leagues.is_hot',
      'leagues.sort',
    ]);
}

/** Teams one of whose names holds the query. */
export function teamNameQuery(db: Kysely<Database>, query: Query) {
  const names = [sql.ref<string>('teams.name'), sql.ref<string>('teams.name_en'), sql.ref<string>('teams.short_name_zh'), sql.ref<string>('teams.short_name_en')];
  return teamBase(db).select(relevance(names, query).as('rank')).where(holds(teamText, query)).orderBy('rank').limit(candidateLimit);
}

/** Teams whose names or aliases hold the query, best first; each with the alias it was found by when its names were not. */
async function teamHits(server: ServerContext, query: Query): Promise<TeamHit[]> {
  const { db } = server.database;
  const select = teamBase(db);
  const [own, aliases] = await Promise.all([teamNameQuery(db, query).execute(), aliasHits(server, 'team', query)]);
  const found = new Map(own.map((row) => [row.id, { ...row, alias: undefined as string | undefined }]));
  const byAlias = [...aliases.keys()].filter((id) => !found.has(id));
  if (byAlias.length > 0) {
    for (const row of await select.select(sql<number>`2`.as('rank')).where('teams.id', 'in', byAlias).execute()) {
      const alias = aliases.get(row.id)!;
      found.set(row.id, { ...row, rank: alias.rank, alias: alias.alias });
    }
  }
  return [...found.values()]
    .sort((a, b) => a.rank - b.rank || Number(b.is_hot) - Number(a.is_hot) || a.sort - b.sort || a.id - b.id)
    .slice(0, perKind)
    .map((row) => ({
      id: row.id,
      sport: row.sport,
      name: row.name,
      name_en: row.name_en,
      short_name_zh: row.short_name_zh,
      logo: row.logo,
      league: { id: row.league_id, name: row.league_name, name_en: row.league_name_en },
      ...(row.alias === undefined ? {} : { alias: row.alias }),
    }));
}

/** Leagues one of whose names holds the query. */
export function leagueNameQuery(db: Kysely<Database>, query: Query) {
  return db
    .selectFrom('leagues')
    .select(['id', relevance([sql.ref('name'), sql.ref('name_en'), sql.ref('short_name_zh'), sql.ref('short_name_en')], query).as('rank')])
    .where(holds(leagueText, query))
    .orderBy('rank')
    .orderBy('sort')
    .limit(matchTeams);
}

/** Leagues whose names or aliases hold the query. */
async function leagueIds(server: ServerContext, query: Query): Promise<number[]> {
  const [own, aliases] = await Promise.all([leagueNameQuery(server.database.db, query).execute(), aliasHits(server, 'league', query)]);
  return [...new Set([...own.map((row) => row.id), ...aliases.keys()])].slice(0, matchTeams);
}

/** The matches of the teams and leagues found: in progress, then kicking off soonest, then the latest played. */
async function matchHits(server: ServerContext, teams: readonly TeamHit[], leagues: readonly number[]) {
  const teamIds = teams.slice(0, matchTeams).map((team) => team.id);
  if (teamIds.length === 0 && leagues.length === 0) return [];
  const now = server.clock.now();
  const rows = await server.database.db
    .selectFrom('matches')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(teamIds.length > 0 ? [eb('home_team_id', 'in', teamIds), eb('away_team_id', 'in', teamIds)] : []),
        ...(leagues.length > 0 ? [eb('league_id', 'in', [...leagues])] : []),
      ]),
    )
    .orderBy(sql`case status when 'in_progress' then 0 when 'not_started' then 1 else 2 end`)
    .orderBy(sql`abs(extract(epoch from (start_time - ${now}::timestamptz)))`)
    .limit(perKind)
    .execute();
  const briefs = await matchBriefs(
    server,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => briefs.get(row.id) ?? []);
}

/** Published articles whose title holds the query, newest first within a rank. */
export function newsQuery(db: Kysely<Database>, query: Query) {
  return db
    .selectFrom('headlines')
    .select(['id', 'title', 'cover', 'published_at', relevance([sql.ref('title')], query).as('rank')])
    .where('status', '=', 'audit_successful')
    .where(holds(sql.ref('title'), query))
    .orderBy('rank')
    .orderBy('published_at', 'desc')
    .limit(perKind);
}

async function newsHits(server: ServerContext, query: Query): Promise<SearchIndexResult['news']> {
  const rows = await newsQuery(server.database.db, query).execute();
  return rows.map((row) => ({ id: row.id, title: row.title, cover: row.cover, create_time: timestampOf(row.published_at ?? new Date(0)) }));
}

/** Published videos whose title holds the query, most viewed first within a rank. */
export function videoQuery(db: Kysely<Database>, query: Query) {
  return db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.cover',
      'videos.duration_seconds',
      'videos.views',
      'videos.created_at',
      'users.id as user_id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      relevance([sql.ref('videos.title')], query).as('rank'),
    ])
    .where('videos.deleted_at', 'is', null)
    .where('videos.status', '=', 'audit_successful')
    .where(holds(sql.ref('videos.title'), query))
    .orderBy('rank')
    .orderBy('videos.views', 'desc')
    .limit(perKind);
}

async function videoHits(server: ServerContext, query: Query): Promise<SearchIndexResult['videos']> {
  const rows = await videoQuery(server.database.db, query).execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    cover: row.cover,
    duration: row.duration_seconds,
    views: row.views,
    author: { id: row.user_id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
    create_time: timestampOf(row.created_at),
  }));
}

const nothing: SearchIndexResult = { anchors: [], rooms: [], matches: [], videos: [], teams: [], news: [] };

/** Search/index: up to 20 of each kind. */
export async function searchEverything(server: ServerContext, input: InputOf<'searchIndex'>, viewerId: number | null): Promise<SearchIndexResult> {
  const query = queryOf(input.name);
  if (!query) return nothing;
  const [anchors, rooms, teams, leagues, news, videos] = await Promise.all([
    anchorCandidates(server, query),
    roomCandidates(server, query),
    teamHits(server, query),
    leagueIds(server, query),
    newsHits(server, query),
    videoHits(server, query),
  ]);
  const [anchorPage, roomPage, matches] = await Promise.all([
    anchorHits(server, anchors.slice(0, perKind), viewerId),
    liveRooms(server, rooms.slice(0, perKind), viewerId),
    matchHits(server, teams, leagues),
  ]);
  return { anchors: anchorPage, rooms: roomPage, matches, teams, news, videos };
}

/** Search/anchor: a page of anchors. */
export async function searchAnchors(server: ServerContext, input: InputOf<'searchAnchor'>, viewerId: number | null): Promise<DataOf<'searchAnchor'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const query = queryOf(input.name);
  const found = query ? await anchorCandidates(server, query) : [];
  const list = await anchorHits(server, found.slice((page - 1) * limit, page * limit), viewerId);
  return { total: found.length, page, limit, list };
}

/** Search/live: a page of rooms, those on air first. */
export async function searchRooms(server: ServerContext, input: InputOf<'searchLive'>, viewerId: number | null): Promise<DataOf<'searchLive'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const query = queryOf(input.name);
  const found = query ? await roomCandidates(server, query) : [];
  const list = await liveRooms(server, found.slice((page - 1) * limit, page * limit), viewerId);
  return { total: found.length, page, limit, list };
}
