import type { Insertable, Kysely } from 'kysely';
import type { components } from '../../src/api/schema.d.ts';
import { toMatchOdds, toMatchView } from '../areas/scores/match-view.ts';
import { liveRoomsByMatch } from '../areas/scores/match-viewer.ts';
import { standingsKey, type IncidentRow, type OddsCompanyRow, type OddsRow, type StandingRow } from '../ports/score-board.ts';
import type { Database } from '../db/schema.ts';
import type { Match, MatchIncidentsTable, MatchesTable } from '../db/tables/scores-tables.ts';
import type { ServerContext } from '../ports/server-context.ts';
import { FeedWorld } from './feed-world.ts';
import { planDay, siteDayOf, type MatchRound } from './fixture-planner.ts';
import { stoppageOf } from './football-engine.ts';
import { ManualClock, ShiftedClock, isMovable, type FeedClock, type MovableClock } from './feed-clock.ts';
import type { FeedEvent, FeedListener, FeedPlayed, MatchFeed } from '../ports/match-feed.ts';
import { cloneLiveMatch, liveMatch, type FeedIncident, type LiveMatch, type MatchSetup, type StepResult } from './match-engine.ts';
import { engineFor, playUntil } from './match-player.ts';
import { MomentumTracker } from './momentum.ts';
import type { MomentumPoint } from '../ports/match-feed.ts';
import { moveOdds, openingOddsRows } from './odds-model.ts';
import { applyResult } from './standings-table.ts';

export interface SimulatedFeedOptions {
  /** Same seed, same day: every match plays out the same. */
  seed: number;
  /** Real time by default (which development may fast-forward); tests pass a ManualClock and call advance(). */
  clock?: FeedClock;
  /** How often the feed looks on a real clock. A football minute is 60 s, so 5 s keeps pushes within a few seconds. */
  tickMs?: number;
  /** advance() plays in passes of at most this long, as a running feed would. */
  advanceStepMs?: number;
  /** A goal or card older than this when the feed plays it (catching up after a restart) makes no pop-up. */
  popUpWithinMs?: number;
}

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;
/** Rows per statement: far under PostgreSQL's 65535 parameters for every table written here. */
const chunkRows = 500;

type GoalEvent = components['schemas']['GoalEvent'];
const popUpKinds: Partial<Record<FeedIncident['kind'], GoalEvent['kind']>> = {
  goal: 'goal',
  own_goal: 'goal',
  penalty_goal: 'goal',
  yellow_card: 'yellow_card',
  red_card: 'red_card',
  second_yellow: 'red_card',
};

/**
 * The default feed: simulates the day's fixtures in real time and schedules the days after. It
 * writes the server's score board and pushes through its score hub; buildApp makes it (AppOptions.feed).
 */
export function createSimulatedFeed(server: ServerContext, options: SimulatedFeedOptions): MatchFeed {
  return new SimulatedFeed(server, options);
}

interface PlayedMatch {
  match: LiveMatch;
  steps: StepResult[];
  /** The last change of each company's market in the pass: what is stored and pushed. */
  odds: OddsRow[];
  /** Every change in the pass, in order: what the odds history keeps. */
  oddsChanges: OddsRow[];
  /** The minutes of momentum the pass played. */
  momentum: MomentumPoint[];
}

class SimulatedFeed implements MatchFeed {
  readonly #clock: FeedClock;
  readonly #tickMs: number;
  readonly #advanceStepMs: number;
  readonly #popUpWithinMs: number;
  readonly #listeners = new Set<FeedListener>();
  #world = new FeedWorld([], []);
  #companies: OddsCompanyRow[] = [];
  readonly #live = new Map<number, LiveMatch>();
  readonly #setups = new Map<number, MatchSetup>();
  readonly #odds = new Map<number, OddsRow[]>();
  /** The last momentum point of each match in play: the next one counts on from it. */
  readonly #lastMomentum = new Map<number, MomentumPoint>();
  readonly #standings = new Map<string, StandingRow[]>();
  readonly #latestRound = new Map<number, MatchRound>();
  readonly #plannedDays = new Set<string>();
  /** Opening odds of matches loaded without them, written with the first pass. */
  #pendingOdds: OddsRow[] = [];
  #timer: NodeJS.Timeout | null = null;
  #previous: Promise<void> = Promise.resolve();
  #started = false;
  #starting: Promise<void> | undefined;
  #stopped = false;

  constructor(
    private readonly server: ServerContext,
    private readonly options: SimulatedFeedOptions,
  ) {
    this.#clock = options.clock ?? new ShiftedClock();
    this.#tickMs = options.tickMs ?? 5_000;
    this.#advanceStepMs = options.advanceStepMs ?? 60_000;
    this.#popUpWithinMs = options.popUpWithinMs ?? 120_000;
  }

  subscribe(listener: FeedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): Promise<void> {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async #start(): Promise<void> {
    this.#started = true;
    await this.#load();
    const board = this.server.scoreBoard;
    await board.read();
    board.fedByFeed();
    await this.#pass(this.#clock.now());
    if (!(this.#clock instanceof ManualClock)) this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#previous;
  }

  async advance(ms: number): Promise<void> {
    const clock = this.#movableClock();
    for (let left = ms; left > 0; left -= this.#advanceStepMs) {
      clock.advance(Math.min(left, this.#advanceStepMs));
      await this.#pass(clock.now());
    }
  }

  async advanceUntil(limitMs: number, stop: (event: FeedPlayed) => boolean): Promise<FeedPlayed[]> {
    const clock = this.#movableClock();
    const end = clock.now() + limitMs;
    const passes: FeedPlayed[] = [];
    const unsubscribe = this.subscribe((event) => {
      if (event.type === 'played') passes.push(event);
    });
    try {
      while (clock.now() < end && !passes.some(stop)) {
        const now = clock.now();
        const due = this.#nextDue();
        // At least a second on, so a clock that is already due still moves; at most an hour, so today and
        // tomorrow are always planned before their matches are played.
        const target = Math.max(now + 1_000, Math.min(end, now + hourMs, due ?? Number.POSITIVE_INFINITY));
        clock.advance(target - now);
        await this.#pass(clock.now());
      }
    } finally {
      unsubscribe();
    }
    return passes;
  }

  #movableClock(): MovableClock {
    if (!isMovable(this.#clock)) throw new Error('advance() needs a clock the feed can move');
    if (!this.#started) throw new Error('start() the feed first');
    return this.#clock;
  }

  /** When the next thing in play is due, or null when nothing is. */
  #nextDue(): number | null {
    let next: number | null = null;
    for (const live of this.#live.values()) {
      const at = engineFor(live.row.sport).nextAt(live, this.#setupOf(live.row));
      if (at !== null && (next === null || at < next)) next = at;
    }
    return next;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      void this.#pass(this.#clock.now())
        .catch((error: unknown) => this.server.log.error({ err: error }, 'live feed pass failed'))
        .finally(() => this.#schedule());
    }, this.#tickMs);
  }

  #emit(event: FeedEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  // ---------------------------------------------------------------- loading

  /** Competitions and teams as stored now: read at the start and before each day is planned. */
  async #readWorld(): Promise<void> {
    const { db } = this.server.database;
    const [leagues, teams, companies, members] = await Promise.all([
      db.selectFrom('leagues').selectAll().execute(),
      db.selectFrom('teams').selectAll().execute(),
      db.selectFrom('odds_companies').selectAll().orderBy('sort').orderBy('id').execute(),
      db.selectFrom('standings').select(['league_id', 'team_id']).execute(),
    ]);
    this.#world = new FeedWorld(leagues, teams, members);
    this.#companies = companies;
  }

  async #load(): Promise<void> {
    const { db } = this.server.database;
    await this.#readWorld();
    const [standings, open, rounds] = await Promise.all([
      db.selectFrom('standings').selectAll().execute(),
      db.selectFrom('matches').selectAll().where('status', '<>', 'over').orderBy('start_time').orderBy('id').execute(),
      db
        .selectFrom('matches')
        .select(['league_id', 'round', 'round_en'])
        .distinctOn('league_id')
        .orderBy('league_id')
        .orderBy('start_time', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ]);
    for (const row of standings) {
      const key = standingsKey(row.league_id, row.season);
      this.#standings.set(key, [...(this.#standings.get(key) ?? []), row]);
    }
    for (const { league_id, round, round_en } of rounds) this.#latestRound.set(league_id, { round, round_en });
    const ids = open.map((match) => match.id);
    // Who is booked or substituted already decides what may happen next; a match not started has nothing yet.
    const playing = open.filter((match) => match.status === 'in_progress').map((match) => match.id);
    const [incidents, odds, momentum] = await Promise.all([
      playing.length
        ? db.selectFrom('match_incidents').selectAll().where('match_id', 'in', playing).orderBy('seq').orderBy('id').execute()
        : [],
      ids.length ? db.selectFrom('match_odds').selectAll().where('match_id', 'in', ids).execute() : [],
      playing.length
        ? db
            .selectFrom('match_momentum')
            .select(['match_id', 't', 'minute', 'added_minute', 'period', 'home', 'away', 'value'])
            .distinctOn('match_id')
            .where('match_id', 'in', playing)
            .orderBy('match_id')
            .orderBy('t', 'desc')
            .execute()
        : [],
    ]);
    for (const { match_id, ...point } of momentum) this.#lastMomentum.set(match_id, point);
    for (const row of odds) this.#odds.set(row.match_id, [...(this.#odds.get(row.match_id) ?? []), row]);
    const byMatch = new Map<number, FeedIncident[]>();
    for (const row of incidents) {
      const { id: _id, match_id, created_at, ...rest } = row;
      byMatch.set(match_id, [...(byMatch.get(match_id) ?? []), { ...rest, at: created_at.getTime() }]);
    }
    for (const row of open) this.#adopt(liveMatch(row, byMatch.get(row.id) ?? []), this.#clock.now());
  }

  /** Takes a match into play, with opening odds from any company that has none on it yet. */
  #adopt(match: LiveMatch, at: number): void {
    this.#live.set(match.row.id, match);
    const setup = this.#setupOf(match.row);
    const held = this.#odds.get(match.row.id) ?? [];
    for (const company of this.#companies) {
      if (held.some((row) => row.company_id === company.id)) continue;
      this.#pendingOdds.push(...openingOddsRows(match, setup, company.id, at));
    }
  }

  #setupOf(row: Match): MatchSetup {
    let setup = this.#setups.get(row.id);
    if (!setup) {
      setup = this.#world.setupFor(row, this.options.seed);
      this.#setups.set(row.id, setup);
    }
    return setup;
  }

  // ---------------------------------------------------------------- one pass

  /** One pass at a time: a pass starts when the one before it has finished. */
  #pass(at: number): Promise<void> {
    const run = this.#previous.then(async () => {
      if (this.#stopped) return;
      await this.#planDays(at);
      await this.#play(at);
    });
    this.#previous = run.catch(() => {});
    return run;
  }

  /**
   * Keeps fixtures coming: today and tomorrow always have their matches. Each day is planned once, after
   * what it already holds (the seed's matches reach up to 18 hours ahead).
   */
  async #planDays(at: number): Promise<void> {
    for (const day of [siteDayOf(at), siteDayOf(at + dayMs)]) {
      if (this.#plannedDays.has(day.key)) continue;
      const { db } = this.server.database;
      const planned = await db.selectFrom('feed_planned_days').select('day').where('day', '=', day.key).executeTakeFirst();
      if (!planned) {
        const existing = await db
          .selectFrom('matches')
          .select(['start_time', 'home_team_id', 'away_team_id'])
          .where('start_time', '>=', new Date(day.start))
          .where('start_time', '<', new Date(day.end))
          .execute();
        const kickOffs = existing.map((row) => row.start_time.getTime());
        await this.#readWorld();
        // Stamped with the start of the day before, when the day becomes due, not when a pass happened to
        // look: the same seed gives the same rows however the clock moved.
        const due = day.start - dayMs;
        const plan = planDay(
          this.#world,
          day,
          this.options.seed,
          this.#latestRound,
          {
            lastKickOff: kickOffs.length ? Math.max(...kickOffs) : null,
            busy: new Set(existing.flatMap((row) => [row.home_team_id, row.away_team_id])),
          },
          new Date(due),
        );
        await this.#addFixtures(day, plan.fixtures, due);
      }
      this.#plannedDays.add(day.key);
    }
  }

  async #addFixtures(day: ReturnType<typeof siteDayOf>, fixtures: Array<Insertable<MatchesTable>>, at: number): Promise<void> {
    const { db } = this.server.database;
    const matches = await db.transaction().execute(async (trx) => {
      await trx.insertInto('feed_planned_days').values({ day: day.key, planned_at: new Date(at) }).execute();
      const rows: Match[] = [];
      for (const chunk of chunks(fixtures)) rows.push(...(await trx.insertInto('matches').values(chunk).returningAll().execute()));
      const odds = rows.flatMap((row) => {
        const match = liveMatch(row, []);
        const setup = this.#setupOf(row);
        return this.#companies.flatMap((company) => openingOddsRows(match, setup, company.id, at));
      });
      for (const chunk of chunks(odds)) await trx.insertInto('match_odds').values(chunk).execute();
      await insertOddsHistory(trx, odds);
      for (const row of odds) this.#odds.set(row.match_id, [...(this.#odds.get(row.match_id) ?? []), row]);
      return rows;
    });
    for (const row of matches) {
      this.#live.set(row.id, liveMatch(row, []));
      this.#latestRound.set(row.league_id, { round: row.round, round_en: row.round_en });
    }
    const board = this.server.scoreBoard;
    board.putDay(day.start, day.end, matches);
    board.putOdds(matches.flatMap((row) => this.#odds.get(row.id) ?? []));
    this.#emit({ type: 'scheduled', day: day.key, matches });
  }

  async #play(at: number): Promise<void> {
    const played: PlayedMatch[] = [];
    for (const live of this.#live.values()) {
      const setup = this.#setupOf(live.row);
      const next = engineFor(live.row.sport).nextAt(live, setup);
      if (next === null || next > at) continue;
      const match = cloneLiveMatch(live);
      const rows = [...(this.#odds.get(live.row.id) ?? [])];
      const changed = new Map<string, OddsRow>();
      const oddsChanges: OddsRow[] = [];
      const momentum = new MomentumTracker(match.row, this.#lastMomentum.get(live.row.id), {
        firstStoppage: stoppageOf(setup.seed, live.row.id)[0],
        quarterMinutes: setup.quarterMinutes,
      });
      const steps = playUntil(match, setup, at, (step) => {
        momentum.step(match.row, step);
        for (const company of this.#companies) {
          const mine = rows.filter((row) => row.company_id === company.id);
          for (const row of moveOdds(match, setup, step, mine, company.id)) {
            rows[rows.findIndex((held) => held.company_id === row.company_id && held.market === row.market)] = row;
            changed.set(`${row.company_id}:${row.market}`, row);
            oddsChanges.push(row);
          }
        }
      });
      played.push({ match, steps, odds: [...changed.values()], oddsChanges, momentum: momentum.added });
    }
    const pendingOdds = this.#pendingOdds;
    if (played.length === 0 && pendingOdds.length === 0) return;

    const finished = played
      .filter(({ match }) => match.row.status === 'over')
      .sort((a, b) => a.match.row.updated_at.getTime() - b.match.row.updated_at.getTime());
    const tables = new Map<string, StandingRow[]>();
    for (const { match } of finished) {
      const key = standingsKey(match.row.league_id, match.row.season);
      tables.set(key, applyResult(tables.get(key) ?? this.#standings.get(key) ?? [], match.row, match.row.updated_at));
    }
    const newIncidents = played.flatMap(({ match, steps }) =>
      steps.flatMap((step) => step.incidents.map((incident) => ({ matchId: match.row.id, incident }))),
    );
    const odds = [...pendingOdds, ...played.flatMap((entry) => entry.odds)];

    const incidentRows = await this.server.database.db.transaction().execute(async (trx) => {
      await upsertMatches(
        trx,
        played.map(({ match }) => match.row),
      );
      const stored: IncidentRow[] = [];
      for (const chunk of chunks(newIncidents)) {
        const values: Array<Insertable<MatchIncidentsTable>> = chunk.map(({ matchId, incident }) => ({
          match_id: matchId,
          kind: incident.kind,
          side: incident.side,
          minute: incident.minute,
          added_minute: incident.added_minute,
          player: incident.player,
          player2: incident.player2,
          player_en: incident.player_en,
          player2_en: incident.player2_en,
          home_score: incident.home_score,
          away_score: incident.away_score,
          seq: incident.seq,
          created_at: new Date(incident.at),
        }));
        stored.push(...(await trx.insertInto('match_incidents').values(values).returningAll().execute()));
      }
      await upsertOdds(trx, odds);
      await insertOddsHistory(trx, [...pendingOdds, ...played.flatMap((entry) => entry.oddsChanges)]);
      for (const chunk of chunks(played.flatMap(({ match, momentum }) => momentum.map((point) => ({ match_id: match.row.id, ...point })))))
        await trx.insertInto('match_momentum').values(chunk).execute();
      for (const [key, rows] of tables) {
        const [leagueId, season] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
        await trx.deleteFrom('standings').where('league_id', '=', leagueId).where('season', '=', season).execute();
        for (const chunk of chunks(rows)) await trx.insertInto('standings').values(chunk).execute();
      }
      return stored;
    });

    // Written: memory follows.
    this.#pendingOdds = this.#pendingOdds.filter((row) => !pendingOdds.includes(row));
    const board = this.server.scoreBoard;
    for (const row of odds) {
      const list = this.#odds.get(row.match_id) ?? [];
      const index = list.findIndex((held) => held.company_id === row.company_id && held.market === row.market);
      if (index >= 0) list[index] = row;
      else list.push(row);
      this.#odds.set(row.match_id, list);
    }
    for (const { match, momentum } of played) {
      const last = momentum.at(-1);
      if (last) this.#lastMomentum.set(match.row.id, last);
      if (match.row.status === 'over') {
        this.#lastMomentum.delete(match.row.id);
        this.#live.delete(match.row.id);
        this.#setups.delete(match.row.id);
        this.#odds.delete(match.row.id);
      } else {
        this.#live.set(match.row.id, match);
      }
    }
    for (const [key, rows] of tables) this.#standings.set(key, rows);
    board.putMatches(played.map(({ match }) => match.row));
    board.putOdds(odds);
    const incidentsByMatch = new Map<number, IncidentRow[]>();
    for (const row of incidentRows) incidentsByMatch.set(row.match_id, [...(incidentsByMatch.get(row.match_id) ?? []), row]);
    for (const { match } of played) board.addIncidents(match.row.id, match.row.seq, incidentsByMatch.get(match.row.id) ?? []);
    for (const rows of tables.values()) if (rows[0]) board.putStandings(rows[0].league_id, rows[0].season, rows);
    board.forgetBefore(at - 3 * dayMs);

    const event: FeedPlayed = {
      type: 'played',
      at,
      matches: played.map(({ match }) => match.row),
      incidents: incidentRows,
      odds,
      oddsChanges: [...pendingOdds, ...played.flatMap((entry) => entry.oddsChanges)],
      momentum: played.flatMap(({ match, momentum }) => (momentum.length ? [{ match_id: match.row.id, sport: match.row.sport, points: momentum }] : [])),
      finished: finished.map(({ match }) => match.row),
      standings: [...tables.values()].flat(),
    };
    await this.#publish(event);
    this.#emit(event);
  }

  /** Code 100 pushes: each changed match, each company's moved odds, and the goal pop-ups. */
  async #publish(event: FeedPlayed): Promise<void> {
    const board = await this.server.scoreBoard.read();
    const rooms = await liveRoomsByMatch(this.server);
    const viewer = { collected: new Set<number>(), anchorCount: (id: number) => rooms.get(id)?.length ?? 0 };
    const publishes: Array<Promise<number>> = [];
    for (const match of event.matches) {
      const odds = board.odds.get(match.id) ?? [];
      publishes.push(this.server.siteSocket.publishMatch(match.sport, 'match', toMatchView(board, match, odds, viewer)));
    }
    const moved = new Map<string, OddsRow>();
    for (const row of event.odds) moved.set(`${row.match_id}:${row.company_id}`, row);
    for (const row of moved.values()) {
      const match = board.matches.get(row.match_id) ?? this.#live.get(row.match_id)?.row;
      const company = this.#companies.find((candidate) => candidate.id === row.company_id);
      if (!match || !company || match.sport === 'esports') continue;
      const view = toMatchOdds(match.id, company, board.odds.get(match.id) ?? this.#odds.get(match.id) ?? []);
      if (view) publishes.push(this.server.siteSocket.publishMatch(match.sport, 'exponent', view));
    }
    for (const { match_id, sport, points } of event.momentum) {
      if (sport === 'esports') continue;
      publishes.push(this.server.siteSocket.publishMomentum(sport, { match_id, kind: sport === 'football' ? 'pressure' : 'lead', points }));
    }
    // Goal pop-ups after the matches, so a page has the new score when the pop-up shows: the hub sends pushes in
    // the order they are published. Nothing is awaited in between, so the whole pass leaves in one turn, as one
    // bus message and one write per socket on every server process.
    for (const incident of event.incidents) {
      const kind = popUpKinds[incident.kind];
      const match = event.matches.find((candidate) => candidate.id === incident.match_id);
      if (!kind || !match || match.sport !== 'football' || incident.side === null) continue;
      if (incident.created_at.getTime() < event.at - this.#popUpWithinMs) continue;
      const league = board.leagues.get(match.league_id);
      const home = board.teams.get(match.home_team_id);
      const away = board.teams.get(match.away_team_id);
      publishes.push(
        this.server.siteSocket.publishGoal({
          match_id: match.id,
          league_name: league?.short_name_zh ?? '',
          league_name_en: league?.short_name_en ?? '',
          kind,
          iszhu: incident.side === 'home' ? 1 : 0,
          match_str: incident.added_minute > 0 ? `${incident.minute}+${incident.added_minute}'` : `${incident.minute}'`,
          home_team_name_zh: home?.name ?? '',
          home_team_name_en: home?.name_en ?? '',
          away_team_name_zh: away?.name ?? '',
          away_team_name_en: away?.name_en ?? '',
          home_score: incident.home_score,
          away_score: incident.away_score,
        }),
      );
    }
    await Promise.all(publishes);
  }
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += chunkRows) out.push(rows.slice(i, i + chunkRows));
  return out;
}

/** Every changed match in one statement per chunk: an upsert on the id writes the whole row. */
async function upsertMatches(db: Kysely<Database>, matches: Match[]): Promise<void> {
  for (const chunk of chunks(matches)) {
    await db
      .insertInto('matches')
      .values(chunk.map((match) => ({ ...match, period_scores: JSON.stringify(match.period_scores), stats: JSON.stringify(match.stats) })))
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          phase: eb.ref('excluded.phase'),
          minute: eb.ref('excluded.minute'),
          added_minute: eb.ref('excluded.added_minute'),
          home_score: eb.ref('excluded.home_score'),
          away_score: eb.ref('excluded.away_score'),
          home_half_score: eb.ref('excluded.home_half_score'),
          away_half_score: eb.ref('excluded.away_half_score'),
          home_red: eb.ref('excluded.home_red'),
          away_red: eb.ref('excluded.away_red'),
          home_yellow: eb.ref('excluded.home_yellow'),
          away_yellow: eb.ref('excluded.away_yellow'),
          home_corner: eb.ref('excluded.home_corner'),
          away_corner: eb.ref('excluded.away_corner'),
          period_scores: eb.ref('excluded.period_scores'),
          stats: eb.ref('excluded.stats'),
          seq: eb.ref('excluded.seq'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Every change of the odds, in the order the feed made them (ids rise with the insert order). */
async function insertOddsHistory(db: Kysely<Database>, rows: OddsRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('match_odds_history')
      .values(
        chunk.map((row) => ({
          match_id: row.match_id,
          company_id: row.company_id,
          market: row.market,
          home: row.home,
          line: row.line,
          draw: row.draw,
          away: row.away,
          is_closed: row.is_closed,
          changed_at: row.updated_at,
        })),
      )
      .execute();
  }
}

async function upsertOdds(db: Kysely<Database>, rows: OddsRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('match_odds')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(['match_id', 'company_id', 'market']).doUpdateSet((eb) => ({
          home: eb.ref('excluded.home'),
          line: eb.ref('excluded.line'),
          draw: eb.ref('excluded.draw'),
          away: eb.ref('excluded.away'),
          is_closed: eb.ref('excluded.is_closed'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
