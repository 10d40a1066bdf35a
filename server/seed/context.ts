import { sql, type Insertable, type Kysely } from 'kysely';
import type { Random } from '../random.ts';
import type { Database } from '../db/schema';
import type { LiveStatus, Sport } from '../db/tables/column-types.ts';

export type SeedDb = Kysely<Database>;

export interface SeedContext {
  db: SeedDb;
  now: Date;
  random: Random;
}

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** The moment `offsetMs` from the seed's now (negative: before). */
export function at(ctx: SeedContext, offsetMs: number): Date {
  return new Date(ctx.now.getTime() + offsetMs);
}

// PGlite runs one statement at a time, so rows go in many to a statement, as one JSON parameter that
// json_populate_recordset turns into rows of the table: parsing and binding a VALUES list's thousands of
// parameters cost PGlite more than storing the rows (the scores' 12,000 rows took about a third less time
// this way). The size keeps a statement that falls back to VALUES under PostgreSQL's 65535 parameters;
// larger ones were no faster.
const chunkSize = 500;

/** What a JSON row cannot say by leaving a key out or giving a value as it is. */
interface TableShape {
  /** jsonb columns, whose values the seed gives as JSON text. */
  json: ReadonlySet<string>;
  /** Columns with a default (serial ids, flags, timestamps): a row without the key gets the default, not null. */
  defaulted: ReadonlySet<string>;
}

// A generic table name defeats Kysely's row typing, so the helpers take typed rows and hand them on
// untyped.
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

const plainTable: TableShape = { json: new Set(), defaulted: new Set() };
const shapesOf = new WeakMap<SeedDb, Promise<Map<string, TableShape>>>();

/** The shapes of the tables `db` sees, read from the catalogue once a seed (its transaction). */
function tableShapes(db: SeedDb): Promise<Map<string, TableShape>> {
  let shapes = shapesOf.get(db);
  if (!shapes) {
    shapes = sql<{ table: string; column: string; is_json: boolean; has_default: boolean }>`
      select * from (
        select c.relname as table, a.attname as column,
          a.atttypid in ('json'::regtype, 'jsonb'::regtype) as is_json, a.atthasdef or a.attidentity <> '' as has_default
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relkind = 'r' and pg_table_is_visible(c.oid) and a.attnum > 0 and not a.attisdropped
      ) columns where is_json or has_default`
      .execute(db)
      .then(({ rows }) => {
        const byTable = new Map<string, { json: Set<string>; defaulted: Set<string> }>();
        for (const { table, column, is_json, has_default } of rows) {
          const shape = byTable.get(table) ?? { json: new Set<string>(), defaulted: new Set<string>() };
          byTable.set(table, shape);
          if (is_json) shape.json.add(column);
          if (has_default) shape.defaulted.add(column);
        }
        return byTable;
      });
    shapesOf.set(db, shapes);
  }
  return shapes;
}

export async function insertRows<T extends keyof Database & string>(
  db: SeedDb,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) await insertStatement(db, table, rows.slice(i, i + chunkSize));
}

/**
 * The rows in one statement, however many: as JSON when every row names the same defaulted columns
 * (json_populate_recordset gives a missing key null, where Kysely's VALUES give the column's default),
 * else as VALUES.
 */
async function insertStatement<T extends keyof Database & string>(
  db: SeedDb,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  returning?: 'id',
): Promise<Row[]> {
  const shape = (await tableShapes(db)).get(table) ?? plainTable;
  const columns = new Set<string>();
  for (const row of rows as ReadonlyArray<Row>) for (const column in row) if (row[column] !== undefined) columns.add(column);
  const defaulted = [...columns].filter((column) => shape.defaulted.has(column));
  const mixed = defaulted.some((column) => (rows as ReadonlyArray<Row>).some((row) => row[column] === undefined));
  if (mixed) {
    const insert = (db as unknown as AnyDb).insertInto(table).values(rows as Row[]);
    return returning ? await insert.returning(returning).execute() : (await insert.execute(), []);
  }
  const json = [...columns].filter((column) => shape.json.has(column));
  const payload = JSON.stringify(
    json.length === 0
      ? rows
      : (rows as ReadonlyArray<Row>).map((row) => {
          const copy = { ...row };
          for (const column of json) if (typeof copy[column] === 'string') copy[column] = JSON.parse(copy[column]);
          return copy;
        }),
  );
  const list = sql.join([...columns].map((column) => sql.ref(column)));
  const result = await sql<Row>`insert into ${sql.table(table)} (${list})
    select ${list} from json_populate_recordset(null::${sql.table(table)}, ${payload}::json)
    ${returning ? sql`returning ${sql.ref(returning)}` : sql``}`.execute(db);
  return result.rows;
}

/**
 * Inserts groups of rows, each group whole in one statement (a ledger transaction's entries must balance
 * after every statement, migration 110): as many groups to a statement as fit in the usual size, and a
 * larger group alone in its own.
 */
export async function insertGroupedRows<T extends keyof Database & string>(
  db: SeedDb,
  table: T,
  groups: ReadonlyArray<ReadonlyArray<Insertable<Database[T]>>>,
): Promise<void> {
  let chunk: Array<Insertable<Database[T]>> = [];
  for (const group of groups) {
    if (chunk.length > 0 && chunk.length + group.length > chunkSize) {
      await insertStatement(db, table, chunk);
      chunk = [];
    }
    chunk.push(...group);
  }
  if (chunk.length > 0) await insertStatement(db, table, chunk);
}

/** Inserts and answers the new ids in the order of `rows` (PostgreSQL returns inserted rows in order). */
export async function insertReturningIds<T extends keyof Database & string>(
  db: SeedDb,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    for (const row of await insertStatement(db, table, rows.slice(i, i + chunkSize), 'id')) ids.push(Number(row.id));
  }
  if (ids.length !== rows.length) throw new Error(`${table}: ${ids.length} ids for ${rows.length} rows`);
  return ids;
}

// Image paths: exactly the names server/media/media-routes.ts draws.
export const media = {
  avatar: (seed: number) => `/media/avatars/${seed}.svg`,
  crest: (initials: string, seed: number) => `/media/crests/${initials}-${seed}.svg`,
  league: (sport: Sport, code: string) => `/media/leagues/${sport}-${code}.svg`,
  cover: (motif: 'football' | 'basketball' | 'esports' | 'news' | 'video' | 'banner' | 'circle', seed: number) =>
    `/media/covers/${motif}-${seed}.svg`,
  gift: (kind: string) => `/media/gifts/${kind}.svg`,
  icon: (kind: string) => `/media/icons/${kind}.svg`,
  level: (level: number, kind: 'wealth' | 'anchor' | 'noble' | 'guard' = 'wealth') =>
    `/media/levels/${kind === 'wealth' ? '' : `${kind}-`}${level}.svg`,
};

/**
 * Demo clips: the short videos the server plays as live playlists in demo rooms, and as the files
 * of seeded videos and playbacks (named `<sport>-<n>`).
 */
export const demoClips: Record<Sport, string[]> = {
  football: ['football-1', 'football-2', 'football-3'],
  basketball: ['basketball-1', 'basketball-2'],
  esports: ['esports-1', 'esports-2'],
};
export const clipPath = (clip: string) => `/media/videos/${clip}/index.m3u8`;

export const sportOfType = { 1: 'football', 2: 'basketball', 3: 'esports' } as const satisfies Record<1 | 2 | 3, Sport>;

// ---------------------------------------------------------------- what each part hands on

export interface SeededUser {
  id: number;
  mobile: string;
  nickname: string;
  avatar: string;
  createdAt: Date;
}

export interface SeededAnchor extends SeededUser {
  type: 1 | 2 | 3;
}

export interface SeededAccounts {
  viewer: SeededUser;
  anchor: SeededAnchor;
  expert: SeededUser;
  admin: SeededUser;
  /** Every anchor, the demo anchor first. */
  anchors: SeededAnchor[];
  /** Every expert user, the demo expert first, in the order of expertDefs (seed/catalogue/expert-catalogue.ts). */
  experts: SeededUser[];
  /** Ordinary users (not demo, not anchors, not experts). */
  regulars: SeededUser[];
}

export interface SeededOdds {
  asia: { line: number; home: number; away: number };
  overUnder: { line: number; over: number; under: number } | null;
  europe: { home: number; draw: number | null; away: number };
}

export interface SeededMatch {
  id: number;
  sport: Sport;
  leagueKey: string;
  leagueId: number;
  leagueShort: string;
  round: string;
  /** The round's English name ('Round 14', 'Regular Season'), for the English articles. */
  roundEn: string;
  homeId: number;
  awayId: number;
  homeName: string;
  awayName: string;
  homeShort: string;
  awayShort: string;
  /** The league's and the teams' English names, for the English articles. */
  leagueShortEn: string;
  homeNameEn: string;
  awayNameEn: string;
  start: Date;
  /** When it ended (over) or will end if it runs as scripted. */
  end: Date;
  status: LiveStatus;
  homeScore: number;
  awayScore: number;
  isHot: boolean;
  /** The first company's opening odds. */
  odds: SeededOdds;
}

export interface SeededScores {
  matches: SeededMatch[];
  leagueIds: Map<string, number>;
}

export interface SeededCatalogue {
  gifts: Array<{ id: number; kind: string; name: string; price: number }>;
  guardTiers: Array<{ id: number; kind: 'guard' | 'nobility'; level: number; price: number; days: number; freeHorns: number }>;
}

export interface SeededRoom {
  id: number;
  anchorId: number;
  type: 1 | 2 | 3;
  status: LiveStatus;
  matchId: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

/** A gift sent in a room during the seeded broadcasts; the ledger seed books it. */
export interface PlannedGift {
  senderId: number;
  anchorId: number;
  roomId: number;
  giftId: number;
  quantity: number;
  /** Tenths of a diamond, to keep sums exact. */
  totalTenths: number;
  at: Date;
}

export interface SeededLive {
  rooms: SeededRoom[];
  gifts: PlannedGift[];
}

/**
 * The anchor's part of a gift or guard, in tenths: half, rounded down to a tenth; the platform's
 * revenue account keeps the rest.
 */
export function anchorShareTenths(totalTenths: number): number {
  return Math.floor(totalTenths / 2);
}

export const tenthsToAmount = (tenths: number) => (tenths / 10).toFixed(1);
