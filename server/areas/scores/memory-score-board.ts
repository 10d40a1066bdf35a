import type { Match } from '../../db/schema.ts';
import { standingsKey, type BoardData, type IncidentRow, type OddsRow, type ScoreBoard, type StandingRow } from '../../ports/score-board.ts';
import type { ServerContext } from '../../ports/server-context.ts';

const dayMs = 24 * 60 * 60_000;
/** Matches this far either side of now are held in memory; other days are read from the database. */
export const boardReachMs = 3 * dayMs;
/** Without a feed in this process (another process plays the matches), the board is read again this often. */
const unfedTtlMs = 5_000;
/** Leagues, teams and odds companies are not the feed's: a fed board reads them again this often. */
const catalogueTtlMs = 60_000;

/**
 * The score pages' memory (server/memory-cache.ts explains why reads stay off the database). The feed
 * that plays the matches in this process writes every change here as it writes the database; without
 * one the board is simply read again every few seconds.
 */
export class MemoryScoreBoard implements ScoreBoard {
  #data: BoardData | null = null;
  #loading: Promise<BoardData> | null = null;
  #loadedAt = 0;
  #catalogueAt = 0;
  #fed = false;

  constructor(private readonly server: Pick<ServerContext, 'clock' | 'database'>) {}

  /** The feed of this process keeps the board current from now on. */
  fedByFeed(): void {
    this.#fed = true;
  }

  async read(): Promise<BoardData> {
    const now = this.server.clock.now().getTime();
    const data = this.#data;
    if (data && this.#fed) {
      if (now - this.#catalogueAt >= catalogueTtlMs) {
        this.#catalogueAt = now;
        await this.#readCatalogue(data);
      }
      return data;
    }
    if (data && now - this.#loadedAt < unfedTtlMs) return data;
    this.#loading ??= this.#load(now).finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #readCatalogue(data: BoardData): Promise<void> {
    const { db } = this.server.database;
    const [leagues, teams, companies] = await Promise.all([
      db.selectFrom('leagues').selectAll().orderBy('sort').orderBy('id').execute(),
      db.selectFrom('teams').selectAll().execute(),
      db.selectFrom('odds_companies').selectAll().orderBy('sort').orderBy('id').execute(),
    ]);
    data.leagues = new Map(leagues.map((league) => [league.id, league]));
    data.teams = new Map(teams.map((team) => [team.id, team]));
    data.companies = companies;
  }

  async #load(now: number): Promise<BoardData> {
    const { db } = this.server.database;
    const from = now - boardReachMs;
    const to = now + boardReachMs;
    const [leagues, teams, companies, matches, standings] = await Promise.all([
      db.selectFrom('leagues').selectAll().orderBy('sort').orderBy('id').execute(),
      db.selectFrom('teams').selectAll().execute(),
      db.selectFrom('odds_companies').selectAll().orderBy('sort').orderBy('id').execute(),
      db.selectFrom('matches').selectAll().where('start_time', '>=', new Date(from)).where('start_time', '<', new Date(to)).execute(),
      db.selectFrom('standings').selectAll().execute(),
    ]);
    const odds = matches.length
      ? await db
          .selectFrom('match_odds')
          .selectAll()
          .where(
            'match_id',
            'in',
            matches.map((match) => match.id),
          )
          .execute()
      : [];
    const data: BoardData = {
      from,
      to,
      leagues: new Map(leagues.map((league) => [league.id, league])),
      teams: new Map(teams.map((team) => [team.id, team])),
      companies,
      matches: new Map(matches.map((match) => [match.id, match])),
      odds: groupBy(odds, (row) => row.match_id),
      standings: groupBy(standings, (row) => standingsKey(row.league_id, row.season)),
      incidents: this.#data?.incidents ?? new Map(),
    };
    // A feed may have written while this load ran; its rows are the newer ones.
    if (this.#data && this.#fed) return this.#data;
    this.#data = data;
    this.#loadedAt = now;
    this.#catalogueAt = now;
    return data;
  }

  /** A match's incidents in order, read once and then kept current by the feed. */
  async incidentsOf(match: Match): Promise<IncidentRow[]> {
    const data = await this.read();
    const held = data.incidents.get(match.id);
    if (held && held.seq >= match.seq) return held.rows;
    const rows = await this.server.database.db
      .selectFrom('match_incidents')
      .selectAll()
      .where('match_id', '=', match.id)
      .orderBy('seq')
      .orderBy('id')
      .execute();
    data.incidents.set(match.id, { seq: match.seq, rows });
    return rows;
  }

  // ---------------------------------------------------------------- written by the feed

  putMatches(matches: Match[]): void {
    const data = this.#data;
    if (!data) return;
    for (const match of matches) {
      const start = match.start_time.getTime();
      if ((start >= data.from && start < data.to) || data.matches.has(match.id)) data.matches.set(match.id, match);
    }
  }

  /** Every match of [start, end), newly scheduled: the reach grows to cover them when it reaches their day. */
  putDay(start: number, end: number, matches: Match[]): void {
    const data = this.#data;
    if (!data) return;
    if (data.to >= start) data.to = Math.max(data.to, end);
    this.putMatches(matches);
  }

  putOdds(rows: OddsRow[]): void {
    const data = this.#data;
    if (!data) return;
    for (const row of rows) {
      if (!data.matches.has(row.match_id)) continue;
      const list = data.odds.get(row.match_id) ?? [];
      const index = list.findIndex((held) => held.company_id === row.company_id && held.market === row.market);
      if (index >= 0) list[index] = row;
      else list.push(row);
      data.odds.set(row.match_id, list);
    }
  }

  addIncidents(matchId: number, seq: number, rows: IncidentRow[]): void {
    const held = this.#data?.incidents.get(matchId);
    if (held) this.#data!.incidents.set(matchId, { seq, rows: [...held.rows, ...rows] });
  }

  putStandings(leagueId: number, season: string, rows: StandingRow[]): void {
    this.#data?.standings.set(standingsKey(leagueId, season), rows);
  }

  /** Lets go of matches that have left the reach behind. */
  forgetBefore(ms: number): void {
    const data = this.#data;
    if (!data || ms <= data.from) return;
    for (const [id, match] of data.matches) {
      if (match.start_time.getTime() >= ms) continue;
      data.matches.delete(id);
      data.odds.delete(id);
      data.incidents.delete(id);
    }
    data.from = ms;
  }
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
