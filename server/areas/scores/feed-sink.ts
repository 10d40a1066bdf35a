import type { Kysely } from 'kysely';
import type { components } from '../../../src/api/schema.d.ts';
import type { Database } from '../../db/schema.ts';
import type { Match, MatchIncidentsTable } from '../../db/tables/scores-tables.ts';
import type { FeedSink, PassPlayed } from '../../ports/match-feed.ts';
import type { IncidentRow, OddsRow } from '../../ports/score-board.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { boardReachMs } from './memory-score-board.ts';
import { MatchChanges } from './match-changes.ts';
import { OddsChanges } from './odds-changes.ts';
import { toMatchOdds, toMatchView } from './match-shapes.ts';
import { liveRoomsByMatch } from './match-viewer.ts';

// What the scores area does with the feed's events (ports/match-feed.ts): a planned day and each pass are stored in
// one transaction, the score board follows, and the pass goes out on the site socket (code 100 pushes).

/** Rows per statement: far under PostgreSQL's 65535 parameters for every table written here. */
const chunkRows = 500;

type GoalEvent = components['schemas']['GoalEvent'];
const popUpKinds: Partial<Record<MatchIncidentsTable['kind'], GoalEvent['kind']>> = {
  goal: 'goal',
  own_goal: 'goal',
  penalty_goal: 'goal',
  yellow_card: 'yellow_card',
  red_card: 'red_card',
  second_yellow: 'red_card',
};

/** The sink of the feed of this process: the server's database, score board and site socket. */
export function scoresFeedSink(server: ServerContext): FeedSink {
  const changes = { matches: new MatchChanges(), odds: new OddsChanges() };
  return {
    async feeding() {
      await server.scoreBoard.read();
      server.scoreBoard.fedByFeed();
    },

    async dayPlanned({ day, fixtures, at, openingOdds }) {
      const stored = await server.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('feed_planned_days').values({ day: day.key, planned_at: new Date(at) }).execute();
        const matches: Match[] = [];
        for (const chunk of chunks(fixtures)) matches.push(...(await trx.insertInto('matches').values(chunk).returningAll().execute()));
        const odds = openingOdds(matches);
        for (const chunk of chunks(odds)) await trx.insertInto('match_odds').values(chunk).execute();
        await insertOddsHistory(trx, odds);
        return { matches, odds };
      });
      server.scoreBoard.putDay(day.start, day.end, stored.matches);
      server.scoreBoard.putOdds(stored.odds);
      return stored;
    },

    async passPlayed(pass) {
      const incidentRows = await server.database.db.transaction().execute(async (trx) => {
        await upsertMatches(trx, pass.matches);
        const stored: IncidentRow[] = [];
        for (const chunk of chunks(pass.incidents)) stored.push(...(await trx.insertInto('match_incidents').values(chunk).returningAll().execute()));
        await upsertOdds(trx, pass.odds);
        await insertOddsHistory(trx, pass.oddsChanges);
        const momentumRows = pass.momentum.flatMap(({ match_id, points }) => points.map((point) => ({ match_id, ...point })));
        for (const chunk of chunks(momentumRows)) await trx.insertInto('match_momentum').values(chunk).execute();
        for (const { leagueId, season, rows } of pass.standings) {
          await trx.deleteFrom('standings').where('league_id', '=', leagueId).where('season', '=', season).execute();
          for (const chunk of chunks(rows)) await trx.insertInto('standings').values(chunk).execute();
        }
        return stored;
      });

      // Stored: memory follows.
      const board = server.scoreBoard;
      board.putMatches(pass.matches);
      board.putOdds(pass.odds);
      const incidentsByMatch = new Map<number, IncidentRow[]>();
      for (const row of incidentRows) incidentsByMatch.set(row.match_id, [...(incidentsByMatch.get(row.match_id) ?? []), row]);
      for (const match of pass.matches) board.addIncidents(match.id, match.seq, incidentsByMatch.get(match.id) ?? []);
      for (const { rows } of pass.standings) if (rows[0]) board.putStandings(rows[0].league_id, rows[0].season, rows);
      board.forgetBefore(pass.at - boardReachMs);

      await publishPass(server, pass, incidentRows, changes);
      return incidentRows;
    },
  };
}

/** Code 100 pushes: what changed of each match and of each company's odds, the momentum played, and the goal pop-ups. */
async function publishPass(
  server: ServerContext,
  pass: PassPlayed,
  incidents: IncidentRow[],
  changes: { matches: MatchChanges; odds: OddsChanges },
): Promise<void> {
  const board = await server.scoreBoard.read();
  const rooms = await liveRoomsByMatch(server);
  const viewer = { collected: new Set<number>(), anchorCount: (id: number) => rooms.get(id)?.length ?? 0 };
  const publishes: Array<Promise<number>> = [];
  for (const match of pass.matches) {
    // A match played without a change a page shows (a step inside the same minute) is not pushed at all. Its odds
    // go on the exponent stream, so the view is built without them.
    const change = changes.matches.changeOf(toMatchView(board, match, [], viewer), pass.at);
    if (change) publishes.push(server.siteSocket.publishMatch(match.sport, 'match', change));
  }
  for (const match of pass.finished) {
    changes.matches.forget(match.id);
    changes.odds.forget(match.id);
  }
  const moved = new Map<string, OddsRow>();
  for (const row of pass.odds) moved.set(`${row.match_id}:${row.company_id}`, row);
  for (const row of moved.values()) {
    const held = pass.held.get(row.match_id);
    const match = board.matches.get(row.match_id) ?? held?.match;
    const company = pass.companies.find((candidate) => candidate.id === row.company_id);
    if (!match || !company || match.sport === 'esports') continue;
    const view = toMatchOdds(match.id, company, board.odds.get(match.id) ?? held?.odds ?? []);
    const change = view && changes.odds.changeOf(view, pass.at);
    if (change) publishes.push(server.siteSocket.publishMatch(match.sport, 'exponent', change));
  }
  for (const { match_id, sport, points } of pass.momentum) {
    if (sport === 'esports') continue;
    publishes.push(server.siteSocket.publishMomentum(sport, { match_id, kind: sport === 'football' ? 'pressure' : 'lead', points }));
  }
  // Goal pop-ups after the matches, so a page has the new score when the pop-up shows: the hub sends pushes in
  // the order they are published. Nothing is awaited in between, so the whole pass leaves in one turn, as one
  // bus message and one write per socket on every server process.
  for (const incident of incidents) {
    const kind = popUpKinds[incident.kind];
    const match = pass.matches.find((candidate) => candidate.id === incident.match_id);
    if (!kind || !match || match.sport !== 'football' || incident.side === null) continue;
    if (incident.created_at.getTime() < pass.popUpSince) continue;
    const league = board.leagues.get(match.league_id);
    const home = board.teams.get(match.home_team_id);
    const away = board.teams.get(match.away_team_id);
    publishes.push(
      server.siteSocket.publishGoal({
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
