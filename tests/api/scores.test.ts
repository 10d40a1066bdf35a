import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { ManualClock } from '../../server/feed/feed-clock.ts';
import type { MatchFeed } from '../../server/ports/match-feed.ts';
import { createSimulatedFeed } from '../../server/feed/simulated-feed.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { schemaErrors } from './schema-errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The score calls (SPEC §7: Football/season_table, hot_match/*, Basketballuser/collect, battle info)
// against the seeded world, with the live feed played forward on a hand-moved clock.

type Schemas = components['schemas'];
type MatchView = Schemas['Match'];

const minuteMs = 60_000;

describe('scores', { timeout: 60_000 }, () => {
  let server: TestServer;
  let clock: ManualClock;
  let feed: MatchFeed;
  let token: string;
  let companies: number[];

  beforeAll(async () => {
    clock = new ManualClock(Date.parse(inject('databaseTemplate').seededAt));
    server = await startTestServer({ now: clock.date, feed: (context) => createSimulatedFeed(context, { seed: 20261122, clock }) });
    feed = server.app.serverContext.feed!;
    await feed.start();
    token = await logIn(server, demoLogins.viewer);
    companies = (await server.database.db.selectFrom('odds_companies').select('id').orderBy('sort').orderBy('id').execute()).map(
      (row) => row.id,
    );
  }, 120_000);

  afterAll(async () => {
    await feed?.stop();
    await server?.close();
  });

  const allMatch = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.call<Schemas['MatchListPage']>('POST', '/api/hot_match/all_match', input, headers);

  /**
   * The matches of a status on today's list, or where today has none left (late in the evening every match of
   * the day has kicked off; just after midnight none has ended) on tomorrow's or yesterday's.
   */
  async function matchesOfNearestDay(status: 'in_progress' | 'not_started' | 'over') {
    const today = await allMatch({ sport: 'football', status, limit: 100 });
    if (today.data.list.length > 0 || status === 'in_progress') return today;
    const dayMs = 24 * 60 * minuteMs;
    const date = new Date(clock.now() + 480 * minuteMs + (status === 'not_started' ? dayMs : -dayMs)).toISOString().slice(0, 10);
    return allMatch({ sport: 'football', status, limit: 100, date });
  }

  describe('hot_match/all_match', () => {
    it("lists today's football in kick-off order, with the leagues of the selection and the companies", async () => {
      const answer = await allMatch({ sport: 'football', limit: 100 });
      expect(answer.code).toBe(0);
      expect(schemaErrors('MatchListPage', answer.data)).toEqual([]);
      const { list, leagues, total } = answer.data;
      expect(total).toBeGreaterThan(10);
      expect(list.every((match) => match.sport === 'football')).toBe(true);
      expect(list.map((match) => match.start_time)).toEqual([...list.map((match) => match.start_time)].sort((a, b) => a - b));
      expect(leagues.reduce((sum, entry) => sum + entry.match_count, 0)).toBe(total);
      expect(answer.data.companies.map((company) => company.id)).toEqual(companies);
      // Today, on China time (utc_offset 480 by default).
      const day = new Date(clock.now() + 480 * minuteMs).toISOString().slice(0, 10);
      for (const match of list) expect(new Date((match.start_time + 480 * 60) * 1000).toISOString().slice(0, 10)).toBe(day);
    });

    it.each(['in_progress', 'not_started', 'over'] as const)('filters by status %s', async (status) => {
      const answer = await matchesOfNearestDay(status);
      expect(answer.code).toBe(0);
      expect(answer.data.list.length).toBeGreaterThan(0);
      for (const match of answer.data.list) expect(match.status).toBe(status);
    });

    it('filters by league without changing the league counts, and pages', async () => {
      const all = await allMatch({ sport: 'football', limit: 100 });
      const league = all.data.leagues[0]!.league;
      const filtered = await allMatch({ sport: 'football', league_ids: [league.id], limit: 100 });
      expect(filtered.data.leagues).toEqual(all.data.leagues);
      expect(filtered.data.total).toBe(all.data.leagues[0]!.match_count);
      expect(filtered.data.list.every((match) => match.league.id === league.id)).toBe(true);
      const second = await allMatch({ sport: 'football', page: 2, limit: 3 });
      expect(second.data.list.map((match) => match.id)).toEqual(all.data.list.slice(3, 6).map((match) => match.id));
    });

    it('carries the odds of the company asked for, else the default one', async () => {
      const [first, second] = companies;
      const byDefault = await allMatch({ sport: 'football', limit: 5 });
      const chosen = await allMatch({ sport: 'football', limit: 5, company_id: second });
      const unknown = await allMatch({ sport: 'football', limit: 5, company_id: 999_999 });
      expect(byDefault.data.list.every((match) => match.odds?.company_id === first)).toBe(true);
      expect(chosen.data.list.every((match) => match.odds?.company_id === second)).toBe(true);
      expect(unknown.data.list.every((match) => match.odds?.company_id === first)).toBe(true);
      // Companies price differently: switching changes the numbers.
      expect(chosen.data.list.map((match) => match.odds?.one_x_two.current)).not.toEqual(
        byDefault.data.list.map((match) => match.odds?.one_x_two.current),
      );
    });

    it('lists the schedule of tomorrow and nothing on a day long gone', async () => {
      const tomorrow = new Date(clock.now() + 480 * minuteMs + 24 * 60 * minuteMs).toISOString().slice(0, 10);
      const schedule = await allMatch({ sport: 'basketball', date: tomorrow, status: 'not_started' });
      expect(schedule.data.total).toBeGreaterThan(0);
      const old = await allMatch({ sport: 'basketball', date: '2020-01-01' });
      expect(old).toMatchObject({ code: 0, data: { total: 0, list: [] } });
    });

    it('needs a login for the collected list (700)', async () => {
      const answer = await allMatch({ sport: 'football', status: 'collected' });
      expect(answer.code).toBe(700);
    });
  });

  describe('Basketballuser/collect', () => {
    it('collects and uncollects a match, idempotently, and fills the collected list', async () => {
      const [match] = (await allMatch({ sport: 'basketball', limit: 1 })).data.list;
      const collect = (value: 0 | 1) =>
        server.call('POST', '/api/Basketballuser/collect', { match_id: match!.id, collect: value }, { token });
      expect(await collect(1)).toMatchObject({ code: 0, data: { match_id: match!.id, is_collect: 1 } });
      expect(await collect(1)).toMatchObject({ code: 0, data: { is_collect: 1 } });
      const collected = await allMatch({ sport: 'basketball', status: 'collected', limit: 100 }, { token });
      expect(collected.data.list.map((item) => item.id)).toContain(match!.id);
      expect(collected.data.list.every((item) => item.is_collect === 1)).toBe(true);
      expect((await allMatch({ sport: 'basketball', limit: 1 }, { token })).data.list[0]!.is_collect).toBe(1);
      expect((await allMatch({ sport: 'basketball', limit: 1 })).data.list[0]!.is_collect).toBe(0);
      expect(await collect(0)).toMatchObject({ code: 0, data: { is_collect: 0 } });
      const after = await allMatch({ sport: 'basketball', status: 'collected', limit: 100 }, { token });
      expect(after.data.list.map((item) => item.id)).not.toContain(match!.id);
      expect(after.data.total).toBe(collected.data.total - 1);
    });

    it('refuses a guest (700) and an unknown match', async () => {
      expect((await server.call('POST', '/api/Basketballuser/collect', { match_id: 1, collect: 1 })).code).toBe(700);
      const unknown = await server.call('POST', '/api/Basketballuser/collect', { match_id: 999_999, collect: 1 }, { token });
      expect(unknown).toMatchObject({ code: 1, msg: 'Match not found' });
    });
  });

  describe('hot_match/initial_list and recommend', () => {
    it('answers at most 20 hot matches, in progress or starting soon, most watched first', async () => {
      const answer = await server.call<MatchView[]>('GET', '/api/hot_match/initial_list');
      expect(answer.code).toBe(0);
      expect(answer.data.length).toBeGreaterThan(0);
      expect(answer.data.length).toBeLessThanOrEqual(20);
      for (const match of answer.data) expect(schemaErrors('Match', match)).toEqual([]);
      expect(answer.data.every((match) => match.status !== 'over')).toBe(true);
      const football = await server.call<MatchView[]>('GET', '/api/hot_match/initial_list', { sport: 'football' });
      expect(football.data.every((match) => match.sport === 'football')).toBe(true);
    });

    it('recommends at most 10 matches of the sport, never the one on screen, those with live rooms first', async () => {
      const first = await server.call<MatchView[]>('GET', '/api/hot_match/recommend', { sport: 'football' });
      const excluded = first.data[0]!.id;
      const answer = await server.call<MatchView[]>('GET', '/api/hot_match/recommend', { sport: 'football', exclude_id: excluded });
      expect(answer.data.length).toBeLessThanOrEqual(10);
      expect(answer.data.map((match) => match.id)).not.toContain(excluded);
      expect(answer.data.every((match) => match.sport === 'football' && match.status !== 'over')).toBe(true);
      const withRooms = answer.data.map((match) => match.anchor_count > 0);
      expect(withRooms).toEqual([...withRooms].sort((a, b) => Number(b) - Number(a)));
    });
  });

  describe('universal/getHot', () => {
    it('offers the 10 hottest matches, as the home page ranks them, and the most watched streamers on air', async () => {
      const answer = await server.call<Schemas['SearchHot']>('GET', '/api/universal/getHot');
      expect(answer.code).toBe(0);
      expect(schemaErrors('SearchHot', answer.data)).toEqual([]);
      const hot = await server.call<MatchView[]>('GET', '/api/hot_match/initial_list');
      expect(answer.data.matches.map((match) => match.id)).toEqual(hot.data.slice(0, 10).map((match) => match.id));
      const [first] = answer.data.matches;
      const firstView = hot.data[0]!;
      expect(first).toMatchObject({
        home_team_name_zh: firstView.home_team.short_name_zh,
        home_score: firstView.home_score,
        status: firstView.status,
      });
      expect(first!.home_team_name_en).toMatch(/[A-Za-z]/);

      const onAir = await server.database.db
        .selectFrom('live_rooms')
        .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
        .select(['users.user_nickname'])
        .where('live_rooms.status', '=', 'in_progress')
        .orderBy('live_rooms.viewers', 'desc')
        .orderBy('live_rooms.id')
        .execute();
      expect(answer.data.keywords.length).toBe(Math.min(10, new Set(onAir.map((row) => row.user_nickname)).size));
      expect(answer.data.keywords[0]).toBe(onAir[0]!.user_nickname);
    });
  });

  describe('hot_match/msgGetSimple', () => {
    it('answers the timeline, statistics, every company odds and the rooms of a match in progress', async () => {
      const [live] = (await allMatch({ sport: 'football', status: 'in_progress' })).data.list;
      const answer = await server.call<Schemas['MatchDetail']>('POST', '/api/hot_match/msgGetSimple', { match_id: live!.id });
      expect(answer.code).toBe(0);
      expect(schemaErrors('MatchDetail', answer.data)).toEqual([]);
      const { match, incidents, statistics, odds, live_rooms } = answer.data;
      expect(match.id).toBe(live!.id);
      expect(incidents[0]).toMatchObject({ type: 'period_start', side: null });
      const goals = incidents.filter((incident) => ['goal', 'own_goal', 'penalty'].includes(incident.type));
      expect(goals.filter((goal) => goal.side === 'home').length).toBe(match.home_score);
      expect(goals.filter((goal) => goal.side === 'away').length).toBe(match.away_score);
      expect(statistics.items.map((item) => item.key)).toContain('possession');
      expect(odds.map((row) => row.company_id)).toEqual(companies);
      expect(live_rooms.length).toBe(match.anchor_count);
    });

    it('names the round, the odds companies and the players in English too, for the English and Vietnamese site', async () => {
      const latin = /^[\p{Script=Latin}][\p{Script=Latin}\d .'-]*$/u;
      const list = (await matchesOfNearestDay('over')).data.list;
      const answers = await Promise.all(
        list.map((entry) => server.call<Schemas['MatchDetail']>('POST', '/api/hot_match/msgGetSimple', { match_id: entry.id })),
      );
      const detail = answers.map((answer) => answer.data).find((data) => data.incidents.some((incident) => incident.related_player_name));
      expect(detail, 'a finished football match with a goal assisted or a substitution').toBeDefined();
      const { match, incidents, odds } = detail!;
      expect(match.round).not.toBe('');
      expect(match.round_en).toMatch(latin);
      expect(odds.map((row) => row.company_name_en)).toEqual(['Macau', 'Crown', 'Bet365']);
      const named = incidents.filter((incident) => incident.player_name !== null);
      expect(named.length).toBeGreaterThan(0);
      for (const incident of incidents) {
        expect(incident.player_name_en === null).toBe(incident.player_name === null);
        expect(incident.related_player_name_en === null).toBe(incident.related_player_name === null);
        if (incident.player_name_en !== null) expect(incident.player_name_en).toMatch(latin);
        if (incident.related_player_name_en !== null) expect(incident.related_player_name_en).toMatch(latin);
      }
      const companies = (await allMatch({ sport: 'football', limit: 1 })).data.companies;
      expect(companies.map((company) => [company.name, company.name_en])).toEqual([
        ['澳门', 'Macau'],
        ['皇冠', 'Crown'],
        ['Bet365', 'Bet365'],
      ]);
    });

    it('says so for an unknown match', async () => {
      expect(await server.call('POST', '/api/hot_match/msgGetSimple', { match_id: 999_999 })).toMatchObject({
        code: 1,
        msg: 'Match not found',
      });
    });
  });

  describe('hot_match/battleInfo', () => {
    it('answers head-to-head, both teams’ form with a summary that adds up, and what is coming', async () => {
      const [match] = (await matchesOfNearestDay('not_started')).data.list;
      for (const type of [1, 2, 3] as const) {
        const answer = await server.call<Schemas['MatchBattleInfo']>('GET', '/api/hot_match/battleInfo', { type, sourceid: match!.id });
        expect(answer.code).toBe(0);
        expect(schemaErrors('MatchBattleInfo', answer.data)).toEqual([]);
        expect(answer.data.team?.id).toBe(type === 3 ? match!.away_team.id : match!.home_team.id);
        const { summary, list } = answer.data;
        expect(summary).toMatchObject({
          played: list.length,
          won: list.filter((item) => item.result === 'won').length,
          drawn: list.filter((item) => item.result === 'drawn').length,
          lost: list.filter((item) => item.result === 'lost').length,
        });
        expect(list.every((item) => item.match.status === 'over')).toBe(true);
      }
      const upcoming = await server.call<Schemas['MatchBattleInfo']>('GET', '/api/hot_match/battleInfo', { type: 4, sourceid: match!.id });
      expect(upcoming.data).toMatchObject({ type: 4, team: null, summary: null });
      const teams = [match!.home_team.id, match!.away_team.id];
      for (const item of upcoming.data.list) {
        expect(item.match.status).toBe('not_started');
        expect(teams.includes(item.match.home_team.id) || teams.includes(item.match.away_team.id)).toBe(true);
      }
    });
  });

  describe('Football/season_table', () => {
    it('answers a league table ranked 1..n, with its zones and seasons', async () => {
      const leagues = (await allMatch({ sport: 'football', limit: 100 })).data.leagues;
      const league = leagues.find((entry) => entry.league.name_en === 'Premier League')?.league ?? leagues[0]!.league;
      const answer = await server.call<Schemas['SeasonTable']>('GET', '/api/Football/season_table', { league_id: league.id });
      expect(answer.code).toBe(0);
      expect(schemaErrors('SeasonTable', answer.data)).toEqual([]);
      expect(answer.data.seasons).toContain(answer.data.season);
      // The contract's season names: a European league's two years written in full, or one year.
      for (const season of answer.data.seasons) expect(season).toMatch(/^\d{4}(-\d{4})?$/);
      const [group] = answer.data.groups;
      expect(group!.rows.map((row) => row.rank)).toEqual(group!.rows.map((_, i) => i + 1));
      for (const row of group!.rows) {
        expect(row.played).toBe(row.won + row.drawn + row.lost);
        expect(row.points).toBe(3 * row.won + row.drawn);
      }
      const again = await server.call<Schemas['SeasonTable']>('GET', '/api/Football/season_table', {
        league_id: league.id,
        season: answer.data.season,
      });
      expect(again.data.groups).toEqual(answer.data.groups);
    });

    it('answers a basketball table by conference, with win rates and games behind', async () => {
      const leagues = (await allMatch({ sport: 'basketball', limit: 100 })).data.leagues;
      const nba = leagues.find((entry) => entry.league.name_en === 'NBA')?.league ?? leagues[0]!.league;
      const answer = await server.call<Schemas['SeasonTable']>('GET', '/api/Football/season_table', { league_id: nba.id });
      expect(answer.code).toBe(0);
      for (const group of answer.data.groups) {
        expect(group.rows[0]!.games_behind).toBe(0);
        for (const row of group.rows) {
          expect(row.points).toBeNull();
          expect(row.win_rate).toBeCloseTo(row.played ? row.won / row.played : 0, 3);
        }
      }
    });

    it('says so for an unknown league', async () => {
      expect(await server.call('GET', '/api/Football/season_table', { league_id: 999_999 })).toMatchObject({
        code: 1,
        msg: 'League not found',
      });
    });
  });

  describe('Football/world_cup', () => {
    it('answers the last World Cup: twelve groups of four, and a bracket where each winner plays on', async () => {
      const answer = await server.call<Schemas['WorldCup']>('GET', '/api/Football/world_cup', {});
      expect(answer.code).toBe(0);
      expect(schemaErrors('WorldCup', answer.data)).toEqual([]);
      const { league, season, rounds } = answer.data;
      expect(season).toMatch(/^\d{4}$/);
      expect(rounds.map((round) => [round.key, round.matches.length])).toEqual([
        ['round_of_32', 16],
        ['round_of_16', 8],
        ['quarter_final', 4],
        ['semi_final', 2],
        ['third_place', 1],
        ['final', 1],
      ]);
      const winner = (match: MatchView) => (match.home_score > match.away_score ? match.home_team.id : match.away_team.id);
      const main = rounds.filter((round) => round.key !== 'third_place');
      for (let r = 1; r < main.length; r++) {
        // Bracket order: match i of a round is played by the winners of matches 2i and 2i + 1 of the round before.
        main[r]!.matches.forEach((match, i) => {
          const from = [winner(main[r - 1]!.matches[2 * i]!), winner(main[r - 1]!.matches[2 * i + 1]!)];
          expect([match.home_team.id, match.away_team.id].sort()).toEqual(from.sort());
        });
      }
      for (const match of rounds.flatMap((round) => round.matches)) {
        expect(match.status).toBe('over');
        expect(match.home_score).not.toBe(match.away_score);
      }

      const groups = await server.call<Schemas['SeasonTable']>('GET', '/api/Football/season_table', { league_id: league.id, season });
      expect(groups.data.groups).toHaveLength(12);
      const inGroups = new Set(groups.data.groups.flatMap((group) => group.rows.map((row) => row.team.id)));
      expect(inGroups.size).toBe(48);
      for (const group of groups.data.groups) {
        expect(group.rows.map((row) => row.played)).toEqual([3, 3, 3, 3]);
      }
      const qualified = new Set(rounds[0]!.matches.flatMap((match) => [match.home_team.id, match.away_team.id]));
      expect(qualified.size).toBe(32);
      for (const group of groups.data.groups) for (const row of group.rows.slice(0, 2)) expect(qualified.has(row.team.id)).toBe(true);
    });

    it('refuses an edition that is not a year', async () => {
      expect(await server.call('GET', '/api/Football/world_cup', { season: '26' })).toMatchObject({ code: 1 });
    });
  });

  describe('with the feed playing', () => {
    it('serves each change as soon as the feed has made it, scores, odds and standings alike', async () => {
      await feed.advance(30 * minuteMs);
      const live = await allMatch({ sport: 'football', status: 'in_progress', limit: 100 });
      const stored = await server.database.db
        .selectFrom('matches')
        .selectAll()
        .where(
          'id',
          'in',
          live.data.list.map((m) => m.id),
        )
        .execute();
      for (const match of live.data.list) {
        const row = stored.find((candidate) => candidate.id === match.id)!;
        expect([match.home_score, match.away_score, match.minute ?? row.minute]).toEqual([row.home_score, row.away_score, row.minute]);
      }
      await feed.advance(4 * 60 * minuteMs);
      const finished = await server.database.db
        .selectFrom('matches')
        .selectAll()
        .where('status', '=', 'over')
        .where('updated_at', '>', new Date(clock.now() - 4 * 60 * minuteMs))
        .orderBy('updated_at', 'desc')
        .executeTakeFirstOrThrow();
      const table = await server.call<Schemas['SeasonTable']>('GET', '/api/Football/season_table', { league_id: finished.league_id });
      const stand = await server.database.db
        .selectFrom('standings')
        .selectAll()
        .where('league_id', '=', finished.league_id)
        .where('team_id', '=', finished.home_team_id)
        .executeTakeFirstOrThrow();
      const row = table.data.groups.flatMap((group) => group.rows).find((candidate) => candidate.team.id === finished.home_team_id);
      expect(row).toMatchObject({ played: stand.played, won: stand.won, rank: stand.position });
    });
  });
});
