import type { Insertable } from 'kysely';
import { FeedWorld } from '../feed/feed-world.ts';
import { fnv1a, type Random } from '../random.ts';
import { leagueDefs, type LeagueDef, type TeamDef } from './catalogue/scores-catalogue.ts';
import type { MatchIncidentsTable, MatchesTable, MatchMomentumTable, MatchOddsTable, SeasonStyle, StandingsTable } from '../db/tables/scores-tables.ts';
import {
  insertReturningIds,
  insertRows,
  media,
  minuteMs,
  hourMs,
  type SeedContext,
  type SeededMatch,
  type SeededScores,
} from './context.ts';
import { seededMomentumRows } from './momentum-seed.ts';
import { basketballScript, esportsScript, footballScript, incidentColumns, playerNamesEnOf, snapshotColumns, type MatchScript } from './match-play.ts';
import { oddsRows, openingOdds, standingsRows, type Result, type TableTeam } from './odds-standings.ts';
import { previousSeasonOf, seedPastResults, type PastLeague } from './past-results-seed.ts';
import { seedWorldCup, worldCupEdition } from './world-cup-seed.ts';

const oddsCompanies: Array<[name: string, name_en: string, margin: number]> = [
  ['澳门', 'Macau', 0.06],
  ['皇冠', 'Crown', 0.055],
  ['Bet365', 'Bet365', 0.065],
];

/** The round being played today; the standings hold the rounds before it. */
const currentRound: Record<string, number> = {
  EPL: 13,
  LIGA: 14,
  SA: 13,
  BUN: 12,
  CSL: 29,
  UCL: 5,
  NBA: 18,
  CBA: 16,
  EL: 12,
  LPL: 7,
  DOTA: 5,
  CS2: 5,
};
const esportsGameMinutes: Record<string, [number, number]> = { LPL: [26, 40], DOTA: [30, 52], CS2: [35, 55] };

/** Seasons as the contract names them (openapi.yaml Football/season_table): `2025-2026`, `2026`. */
function seasonOf(now: Date, style: SeasonStyle): string {
  const year = now.getUTCFullYear();
  if (style === 'calendar_year') return String(year);
  if (style === 'world_cup') return String(worldCupEdition(now));
  const start = now.getUTCMonth() >= 6 ? year : year - 1;
  return `${start}-${start + 1}`;
}

function roundNames(def: LeagueDef, round: number): { round: string; round_en: string } {
  if (def.key === 'UCL') return { round: `联赛阶段第${round}轮`, round_en: `League Phase Matchday ${round}` };
  if (def.sport === 'basketball') return { round: '常规赛', round_en: 'Regular Season' };
  if (def.sport === 'esports') return { round: `常规赛第${round}周`, round_en: `Regular Season Week ${round}` };
  return { round: `第${round}轮`, round_en: `Round ${round}` };
}

interface Team {
  id: number;
  def: TeamDef;
  players: string[];
  /** The English name of each player, by the Chinese name. */
  playerNamesEn: ReadonlyMap<string, string>;
}

interface Fixture {
  def: LeagueDef;
  leagueId: number;
  season: string;
  home: Team;
  away: Team;
  strength: number;
  script: MatchScript;
  bestOf: number | null;
  start: Date;
  isHot: boolean;
}

/** Leagues, teams, a day of fixtures around now with their incidents and odds, and standings. */
export async function seedScores(ctx: SeedContext): Promise<SeededScores> {
  const { db, now } = ctx;
  const random = ctx.random.fork('scores');

  const companyIds = await insertReturningIds(
    db,
    'odds_companies',
    oddsCompanies.map(([name, name_en], sort) => ({ name, name_en, sort })),
  );
  const seasons = leagueDefs.map((def) => seasonOf(now, def.seasonStyle));
  const leagueIds = await insertReturningIds(
    db,
    'leagues',
    leagueDefs.map((def, sort) => ({
      sport: def.sport,
      name: def.name,
      name_en: def.name_en,
      short_name_zh: def.short_name_zh,
      short_name_en: def.short_name_en,
      logo: media.league(def.sport, def.code),
      country: def.country,
      country_en: def.country_en,
      current_season: seasons[sort]!,
      is_hot: def.hot,
      sort,
      key: def.key,
      season_style: def.seasonStyle,
      daily_fixtures: def.fixtures,
      player_pool: def.players,
    })),
  );
  const leagueIdOf = new Map(leagueDefs.map((def, i) => [def.key, leagueIds[i]!]));

  // Teams belong to the first league that lists them; 'LIGA:RMA' entries reuse them.
  const owned = leagueDefs.flatMap((def) =>
    def.teams.filter((t): t is TeamDef => typeof t !== 'string').map((team) => ({ def, team })),
  );
  const teamIds = await insertReturningIds(
    db,
    'teams',
    owned.map(({ def, team }) => ({
      league_id: leagueIdOf.get(def.key)!,
      name: team.name,
      name_en: team.name_en,
      short_name_zh: team.short_name_zh,
      short_name_en: team.name_en.length <= 16 ? team.name_en : team.code,
      // the crest of a club is the same in every seeded world
      logo: media.crest(team.code, fnv1a(`${def.key}:${team.name_en}`) % 1_000_000),
      country: def.country,
    })),
  );
  const teamByKey = new Map<string, Team>();
  // The live feed plays on from the seeded minute with its own squads, so the seed names the same
  // players: the feed's squads are the one source of who plays for whom.
  const feedWorld = new FeedWorld(
    await db.selectFrom('leagues').selectAll().execute(),
    await db.selectFrom('teams').selectAll().execute(),
  );
  owned.forEach(({ def, team }, i) => {
    teamByKey.set(`${def.key}:${team.code}`, {
      id: teamIds[i]!,
      def: team,
      players: feedWorld.squad(teamIds[i]!),
      playerNamesEn: feedWorld.englishNames(teamIds[i]!),
    });
  });
  const members = new Map(
    leagueDefs.map((def) => [def.key, def.teams.map((t) => teamByKey.get(typeof t === 'string' ? t : `${def.key}:${t.code}`)!)]),
  );

  // A team plays once a day: the Champions League night takes its clubs first.
  const order = [...leagueDefs].sort((a, b) => Number(b.key === 'UCL') - Number(a.key === 'UCL'));
  const busy = new Set<number>();
  const fixtures: Fixture[] = [];
  const grid = Math.floor(now.getTime() / (15 * minuteMs)) * 15 * minuteMs;
  for (const def of order) {
    const league = random.fork(`fixtures:${def.key}`);
    const teams = members.get(def.key)!;
    const strengthOf = (team: Team) => 1 - (2 * teams.indexOf(team)) / (teams.length - 1);
    const free = league.shuffle(teams.filter((t) => !busy.has(t.id)));
    const count = Math.min(def.fixtures, Math.floor(free.length / 2));
    const nOver = Math.round(count * 0.3);
    const nLive = Math.max(1, Math.round(count * 0.25));
    for (let i = 0; i < count; i++) {
      const home = free[2 * i]!;
      const away = free[2 * i + 1]!;
      busy.add(home.id).add(away.id);
      const d = (strengthOf(home) - strengthOf(away)) / 2;
      const bestOf =
        def.sport === 'esports'
          ? league.weighted([
              [3, 8],
              [5, 1],
              [1, 1],
            ] as const)
          : null;
      const script =
        def.sport === 'football'
          ? footballScript(league, d, home.players, away.players)
          : def.sport === 'basketball'
            ? basketballScript(league, d, def.key === 'NBA' ? 12 : 10)
            : esportsScript(league, d, bestOf!, esportsGameMinutes[def.key] ?? [30, 45]);
      const kind = i < nOver ? 'over' : i < nOver + nLive ? 'live' : 'upcoming';
      fixtures.push({
        def,
        leagueId: leagueIdOf.get(def.key)!,
        season: seasons[leagueDefs.indexOf(def)]!,
        home,
        away,
        strength: d,
        script,
        bestOf,
        start: kickOff(league, kind, script.duration, def.sport === 'football', grid, now),
        isHot: def.hot && Math.min(teams.indexOf(home), teams.indexOf(away)) < teams.length / 3 && league.chance(0.7),
      });
    }
  }
  fixtures.sort((a, b) => a.start.getTime() - b.start.getTime() || a.leagueId - b.leagueId);

  const elapsedOf = (f: Fixture) => (now.getTime() - f.start.getTime()) / minuteMs;
  const snapshots = fixtures.map((f) => f.script.at(elapsedOf(f)));
  // The feed steps a match in play a minute after its last step (its row's updated_at). Live kick-offs sit on a
  // five-minute grid, so stamped `now` every one of them came due in the same pass a minute after the seed, and the
  // score socket had nothing to push until then: each is stamped as if its last minute began at a moment of its own
  // in the minute before the seed, the first at its very start, so one is due in the feed's first pass and the rest
  // follow spread over the minute, as a real feed's matches are.
  const inPlay = snapshots.flatMap((s, i) => (s.status === 'in_progress' ? [i] : []));
  const lastStepAt = new Map(inPlay.map((index, rank) => [index, new Date(now.getTime() - minuteMs + Math.floor((rank * minuteMs) / inPlay.length))]));
  const matchRows: Array<Insertable<MatchesTable>> = fixtures.map((f, i) => {
    const s = snapshots[i]!;
    return {
      sport: f.def.sport,
      league_id: f.leagueId,
      season: f.season,
      ...roundNames(f.def, currentRound[f.def.key] ?? 10),
      home_team_id: f.home.id,
      away_team_id: f.away.id,
      start_time: f.start,
      ...snapshotColumns(s),
      best_of: f.bestOf,
      is_hot: f.isHot,
      updated_at: lastStepAt.get(i) ?? now,
    };
  });
  const matchIds = await insertReturningIds(db, 'matches', matchRows);

  const incidentRows: Array<Insertable<MatchIncidentsTable>> = [];
  const momentumRows: Array<Insertable<MatchMomentumTable>> = [];
  const oddsRowsAll: Array<Insertable<MatchOddsTable>> = [];
  const seeded: SeededMatch[] = [];
  fixtures.forEach((f, i) => {
    const s = snapshots[i]!;
    const matchId = matchIds[i]!;
    const startMs = f.start.getTime();
    const englishName = playerNamesEnOf(f.home, f.away);
    s.incidents.forEach((incident, seq) =>
      incidentRows.push({
        match_id: matchId,
        ...incidentColumns(incident, seq, englishName),
        created_at: new Date(
          Math.min(
            now.getTime(),
            startMs +
              (incident.minute + incident.added + (f.def.sport === 'football' && incident.minute > 45 ? 15 : 0)) * minuteMs,
          ),
        ),
      }),
    );
    momentumRows.push(
      ...seededMomentumRows(random.fork(`momentum:${i}`), matchId, f.def.sport, f.script, elapsedOf(f), f.def.key === 'NBA' ? 12 : 10),
    );
    const oddsInput = {
      sport: f.def.sport,
      expected: f.script.expected,
      bestOf: f.bestOf,
      status: s.status,
      score: [s.homeScore, s.awayScore] as [number, number],
      remaining: Math.max(0, 1 - Math.max(0, elapsedOf(f)) / f.script.duration),
    };
    const oddsRandom = random.fork(`odds:${i}`);
    const openings = oddsCompanies.map(([, , margin]) => openingOdds(oddsRandom, oddsInput, margin));
    companyIds.forEach((companyId, c) =>
      oddsRowsAll.push(...oddsRows(oddsRandom, matchId, companyId, oddsInput, openings[c]!, s.status === 'over' ? f.start : now)),
    );
    seeded.push({
      id: matchId,
      sport: f.def.sport,
      leagueKey: f.def.key,
      leagueId: f.leagueId,
      leagueShort: f.def.short_name_zh,
      round: String(matchRows[i]!.round),
      roundEn: String(matchRows[i]!.round_en),
      homeId: f.home.id,
      awayId: f.away.id,
      homeName: f.home.def.name,
      awayName: f.away.def.name,
      homeShort: f.home.def.short_name_zh,
      awayShort: f.away.def.short_name_zh,
      leagueShortEn: f.def.short_name_en,
      homeNameEn: f.home.def.name_en,
      awayNameEn: f.away.def.name_en,
      start: f.start,
      end: new Date(startMs + f.script.duration * minuteMs),
      status: s.status,
      homeScore: s.homeScore,
      awayScore: s.awayScore,
      isHot: f.isHot,
      odds: openings[0]!,
    });
  });
  await insertRows(db, 'match_incidents', incidentRows);
  await insertRows(db, 'match_momentum', momentumRows);
  await insertRows(db, 'match_odds', oddsRowsAll);

  const tables: Array<Insertable<StandingsTable>> = [];
  const past: PastLeague[] = [];
  leagueDefs.forEach((def, l) => {
    // A tournament's tables come with its matches, below.
    if (def.seasonStyle === 'world_cup') return;
    const teams = members.get(def.key)!;
    const half = Math.ceil(teams.length / 2);
    const tableTeams: TableTeam[] = teams.map((team, i) => ({
      id: team.id,
      strength: 1 - (2 * i) / (teams.length - 1),
      group: def.groups ? def.groups[i < half ? 0 : 1] : '',
    }));
    const today: Result[] = seeded
      .filter((m) => m.leagueKey === def.key && m.status === 'over')
      .map((m) => ({ homeId: m.homeId, awayId: m.awayId, home: m.homeScore, away: m.awayScore }));
    past.push({
      def,
      leagueId: leagueIds[l]!,
      season: seasons[l]!,
      previousSeason: previousSeasonOf(seasons[l]!),
      teams: tableTeams,
      roundsBefore: (currentRound[def.key] ?? 10) - 1,
      tableRandom: random.fork(`table:${def.key}`),
      isCup: def.teams.some((team) => typeof team === 'string'),
    });
    tables.push(
      ...standingsRows(
        random.fork(`table:${def.key}`),
        def.sport,
        leagueIds[l]!,
        seasons[l]!,
        tableTeams,
        (currentRound[def.key] ?? 10) - 1,
        today,
        now,
      ),
    );
  });
  await insertRows(db, 'standings', tables);

  for (const def of leagueDefs.filter((entry) => entry.seasonStyle === 'world_cup')) {
    await seedWorldCup(ctx, {
      leagueId: leagueIdOf.get(def.key)!,
      season: seasons[leagueDefs.indexOf(def)]!,
      teams: members.get(def.key)!,
      companies: companyIds.map((id, c) => ({ id, margin: oddsCompanies[c]![2] })),
    });
  }

  // Last, so the day's and the World Cup's matches keep the ids they had before there were past results.
  await seedPastResults(ctx, random, past);

  return { matches: seeded, leagueIds: leagueIdOf };
}

/**
 * Kick-off on the quarter-hour grid: finished ones up to six hours back; live ones recently enough
 * to still be playing (football under 105 minutes in); the rest up to eighteen hours ahead.
 */
function kickOff(
  random: Random,
  kind: 'over' | 'live' | 'upcoming',
  duration: number,
  football: boolean,
  grid: number,
  now: Date,
): Date {
  const slot = 15 * minuteMs;
  const nowMs = now.getTime();
  if (kind === 'over') {
    const latest = nowMs - (duration + 5) * minuteMs;
    const slots: number[] = [];
    for (let t = grid; t >= nowMs - 6 * hourMs; t -= slot) if (t <= latest) slots.push(t);
    return new Date(slots.length ? random.pick(slots) : latest);
  }
  if (kind === 'live') {
    const longest = Math.min(football ? 100 : 118, duration - 3);
    const elapsed = random.int(Math.min(8, longest - 5), longest - 5);
    const fiveMinutes = 5 * minuteMs;
    return new Date(Math.floor((nowMs - elapsed * minuteMs) / fiveMinutes) * fiveMinutes);
  }
  const first = Math.ceil((nowMs + 10 * minuteMs - grid) / slot);
  const last = Math.floor((18 * hourMs) / slot);
  return new Date(grid + random.int(first, last) * slot);
}
