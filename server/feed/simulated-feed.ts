import type { Insertable } from 'kysely';
import { standingsKey, type OddsCompanyRow, type OddsRow, type StandingRow } from '../ports/score-board.ts';
import type { Match, MatchIncidentsTable, MatchesTable } from '../db/tables/scores-tables.ts';
import { FeedWorld } from './feed-world.ts';
import { planDay, restMs, siteDayOf, type MatchRound } from './fixture-planner.ts';
import { stoppageOf } from './football-engine.ts';
import { ManualClock, ShiftedClock, isMovable, type FeedClock, type MovableClock } from './feed-clock.ts';
import type { FeedEvent, FeedHost, FeedListener, FeedPlayed, MatchFeed, PassPlayed } from '../ports/match-feed.ts';
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

/**
 * The default feed: simulates the day's fixtures in real time and schedules the days after. It reads the
 * database and hands what it plays to its host's sink (the scores area), which stores and pushes it; buildApp
 * makes it (AppOptions.feed).
 */
export function createSimulatedFeed(host: FeedHost, options: SimulatedFeedOptions): MatchFeed {
  return new SimulatedFeed(host, options);
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
    private readonly host: FeedHost,
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
    await this.host.sink.feeding();
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
        .catch((error: unknown) => this.host.log.error({ err: error }, 'live feed pass failed'))
        .finally(() => this.#schedule());
    }, this.#tickMs);
  }

  #emit(event: FeedEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  // ---------------------------------------------------------------- loading

  /** Competitions and teams as stored now: read at the start and before each day is planned. */
  async #readWorld(): Promise<void> {
    const { db } = this.host.database;
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
    const { db } = this.host.database;
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
      const { db } = this.host.database;
      const planned = await db.selectFrom('feed_planned_days').select('day').where('day', '=', day.key).executeTakeFirst();
      if (!planned) {
        const longestRest = Math.max(...Object.values(restMs));
        const around = await db
          .selectFrom('matches')
          .select(['start_time', 'home_team_id', 'away_team_id'])
          .where('start_time', '>', new Date(day.start - longestRest))
          .where('start_time', '<', new Date(day.end + longestRest))
          .execute();
        const existing = around.filter((row) => row.start_time.getTime() >= day.start && row.start_time.getTime() < day.end);
        const kickOffs = existing.map((row) => row.start_time.getTime());
        const teamKickOffs = new Map<number, number[]>();
        for (const row of around) {
          for (const team of [row.home_team_id, row.away_team_id]) teamKickOffs.set(team, [...(teamKickOffs.get(team) ?? []), row.start_time.getTime()]);
        }
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
            kickOffs: teamKickOffs,
          },
          new Date(due),
        );
        await this.#addFixtures(day, plan.fixtures, due);
      }
      this.#plannedDays.add(day.key);
    }
  }

  async #addFixtures(day: ReturnType<typeof siteDayOf>, fixtures: Array<Insertable<MatchesTable>>, at: number): Promise<void> {
    const { matches, odds } = await this.host.sink.dayPlanned({
      day,
      fixtures,
      at,
      openingOdds: (stored) =>
        stored.flatMap((row) => {
          const match = liveMatch(row, []);
          const setup = this.#setupOf(row);
          return this.#companies.flatMap((company) => openingOddsRows(match, setup, company.id, at));
        }),
    });
    for (const row of odds) this.#odds.set(row.match_id, [...(this.#odds.get(row.match_id) ?? []), row]);
    for (const row of matches) {
      this.#live.set(row.id, liveMatch(row, []));
      this.#latestRound.set(row.league_id, { round: row.round, round_en: row.round_en });
    }
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

    const incidents: Array<Insertable<MatchIncidentsTable>> = newIncidents.map(({ matchId, incident }) => ({
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
    const oddsChanges = [...pendingOdds, ...played.flatMap((entry) => entry.oddsChanges)];
    const momentum = played.flatMap(({ match, momentum: points }) =>
      points.length ? [{ match_id: match.row.id, sport: match.row.sport, points }] : [],
    );
    const pass: PassPlayed = {
      at,
      matches: played.map(({ match }) => match.row),
      incidents,
      odds,
      oddsChanges,
      momentum,
      finished: finished.map(({ match }) => match.row),
      standings: [...tables.entries()].map(([key, rows]) => ({
        leagueId: Number(key.slice(0, key.indexOf(':'))),
        season: key.slice(key.indexOf(':') + 1),
        rows,
      })),
      held: this.#heldAfter(played, odds),
      companies: this.#companies,
      popUpSince: at - this.#popUpWithinMs,
    };
    const incidentRows = await this.host.sink.passPlayed(pass);

    // Stored: memory follows.
    this.#pendingOdds = this.#pendingOdds.filter((row) => !pendingOdds.includes(row));
    for (const row of odds) {
      const list = this.#odds.get(row.match_id) ?? [];
      const index = list.findIndex((held) => held.company_id === row.company_id && held.market === row.market);
      if (index >= 0) list[index] = row;
      else list.push(row);
      this.#odds.set(row.match_id, list);
    }
    for (const { match, momentum: points } of played) {
      const last = points.at(-1);
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

    const event: FeedPlayed = {
      type: 'played',
      at,
      matches: pass.matches,
      incidents: incidentRows,
      odds,
      oddsChanges,
      momentum,
      finished: pass.finished,
      standings: [...tables.values()].flat(),
    };
    this.#emit(event);
  }

  /**
   * Each match whose odds moved, as this feed will hold it once the pass is stored: its row while in play (none
   * once over) and every odds row of it (none once over). The pushes read it where the board holds no such match.
   */
  #heldAfter(played: PlayedMatch[], moved: OddsRow[]): PassPlayed['held'] {
    const over = new Set(played.filter(({ match }) => match.row.status === 'over').map(({ match }) => match.row.id));
    const playedRows = new Map(played.map(({ match }) => [match.row.id, match.row]));
    const held: PassPlayed['held'] = new Map();
    for (const row of moved) {
      if (held.has(row.match_id)) continue;
      if (over.has(row.match_id)) {
        held.set(row.match_id, { match: undefined, odds: [] });
        continue;
      }
      const list = [...(this.#odds.get(row.match_id) ?? [])];
      for (const change of moved) {
        if (change.match_id !== row.match_id) continue;
        const index = list.findIndex((entry) => entry.company_id === change.company_id && entry.market === change.market);
        if (index >= 0) list[index] = change;
        else list.push(change);
      }
      held.set(row.match_id, { match: playedRows.get(row.match_id) ?? this.#live.get(row.match_id)?.row, odds: list });
    }
    return held;
  }
}
