import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { ManualClock } from '../../server/feed/feed-clock.ts';
import type { MatchFeed } from '../../server/ports/match-feed.ts';
import { createSimulatedFeed } from '../../server/feed/simulated-feed.ts';
import { schemaErrors } from './schema-errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// The match centre of the score detail page: lineups and momentum in hot_match/msgGetSimple, the odds
// history (hot_match/oddsHistory), head-to-head and form (hot_match/battleInfo), with the feed played forward.

type Schemas = components['schemas'];
type MatchView = Schemas['Match'];
type Detail = Schemas['MatchDetail'];

const minuteMs = 60_000;

describe('match centre', { timeout: 120_000 }, () => {
  let server: TestServer;
  let clock: ManualClock;
  let feed: MatchFeed;
  let live: MatchView;
  let before: Detail;
  let after: Detail;

  const detail = (matchId: number) => server.call<Detail>('POST', '/api/hot_match/msgGetSimple', { match_id: matchId });
  const inPlay = async (sport: 'football' | 'basketball') =>
    (await server.call<Schemas['MatchListPage']>('POST', '/api/hot_match/all_match', { sport, status: 'in_progress', limit: 100 })).data.list;

  beforeAll(async () => {
    clock = new ManualClock(Date.parse(inject('databaseTemplate').seededAt));
    server = await startTestServer({ now: clock.date, feed: (context) => createSimulatedFeed(context, { seed: 20261122, clock }) });
    feed = server.app.serverContext.feed!;
    await feed.start();
    // A football match in its first half, so twenty minutes more stay in play.
    const list = await inPlay('football');
    live = list.find((match) => match.match_str !== '' && Number.parseInt(match.match_str, 10) < 30) ?? list[0]!;
    before = (await detail(live.id)).data;
    await feed.advance(20 * minuteMs);
    after = (await detail(live.id)).data;
  }, 180_000);

  afterAll(async () => {
    await feed?.stop();
    await server?.close();
  });

  describe('lineups', () => {
    it('draws eleven a side in a formation, the substitutes and the coach, by the contract', () => {
      expect(schemaErrors('MatchDetail', after)).toEqual([]);
      const lineups = after.lineups!;
      expect(lineups.sport).toBe('football');
      for (const team of [lineups.home, lineups.away]) {
        expect(team.starters).toHaveLength(11);
        expect(team.starters[0]).toMatchObject({ position: 'G', line: 0, shirt: 1 });
        const lines = team.formation!.split('-').map(Number);
        expect(lines.reduce((sum, count) => sum + count, 0)).toBe(10);
        for (const [index, count] of lines.entries()) expect(team.starters.filter((player) => player.line === index + 1)).toHaveLength(count);
        expect(team.substitutes.length).toBeGreaterThanOrEqual(5);
        const shirts = [...team.starters, ...team.substitutes].map((player) => player.shirt);
        expect(new Set(shirts).size).toBe(shirts.length);
        expect(team.coach).not.toBe('');
        expect(team.coach_en).toMatch(/^[\p{Script=Latin}]/u);
      }
    });

    it('names in its lineups every player of the timeline, and marks their goals, cards and substitutions on them', () => {
      const lineups = after.lineups!;
      const players = (side: 'home' | 'away') => {
        const team = side === 'home' ? lineups.home : lineups.away;
        return [...team.starters, ...team.substitutes];
      };
      const marked = ['goal', 'penalty', 'yellow_card', 'red_card', 'substitution'];
      const incidents = after.incidents.filter((incident) => incident.side && marked.includes(incident.type));
      for (const incident of incidents) {
        const squad = players(incident.side!);
        const player = squad.find((candidate) => candidate.name === incident.player_name);
        expect(player, `${incident.type} ${String(incident.player_name)}`).toBeDefined();
        if (incident.type === 'substitution') {
          // The contract names the player coming on first, the one going off as the related player.
          expect(player!.events).toContainEqual({ kind: 'sub_in', minute: incident.minute });
          expect(squad.find((candidate) => candidate.name === incident.related_player_name)!.events).toContainEqual({
            kind: 'sub_out',
            minute: incident.minute,
          });
        } else if (incident.type === 'goal') {
          expect(player!.events).toContainEqual({ kind: 'goal', minute: incident.minute });
        }
      }
    });

    it('lists basketball starting fives and benches whose points add up to the score', async () => {
      const [game] = await inPlay('basketball');
      if (!game) return expect.fail('a basketball game in play');
      const answer = await detail(game.id);
      expect(schemaErrors('MatchDetail', answer.data)).toEqual([]);
      const { lineups, match } = answer.data;
      expect(lineups?.sport).toBe('basketball');
      for (const [team, score] of [
        [lineups!.home, match.home_score],
        [lineups!.away, match.away_score],
      ] as const) {
        expect(team.starters).toHaveLength(5);
        expect(team.formation).toBeNull();
        expect([...team.starters, ...team.substitutes].reduce((sum, player) => sum + (player.points ?? 0), 0)).toBe(score);
      }
    });
  });

  describe('momentum', () => {
    it('grows by one point a minute as the feed plays, within its bounds, in order', () => {
      const { momentum } = after;
      expect(momentum?.kind).toBe('pressure');
      const held = before.momentum!.points.length;
      // Twenty minutes, and half time when it falls in them (15 minutes without play).
      expect(momentum!.points.length - held).toBeGreaterThanOrEqual(5);
      expect(momentum!.points.length - held).toBeLessThanOrEqual(20);
      expect(momentum!.points.map((point) => point.t)).toEqual(momentum!.points.map((_, index) => momentum!.points[0]!.t + index));
      for (const point of momentum!.points) {
        expect(Math.abs(point.value)).toBeLessThanOrEqual(100);
        expect(point.home + point.away).toBeGreaterThan(0);
      }
      expect(before.momentum!.points).toEqual(momentum!.points.slice(0, held));
    });

    it('holds the minutes a match played before the feed started, from its first minute', () => {
      const points = before.momentum!.points;
      const played = Number.parseInt(live.match_str, 10);
      expect(points.length).toBeGreaterThanOrEqual(Math.min(played, 45) - 2);
      expect(points[0]).toMatchObject({ t: 1, period: 1 });
      for (const point of points) {
        expect(Math.abs(point.value)).toBeLessThanOrEqual(100);
        expect(point.home + point.away).toBeGreaterThan(0);
      }
    });

    it('is null for e-sports', async () => {
      const list = (await server.call<Schemas['MatchListPage']>('POST', '/api/hot_match/all_match', { sport: 'esports', limit: 5 })).data.list;
      const answer = await detail(list[0]!.id);
      expect(answer.data).toMatchObject({ lineups: null, momentum: null });
    });
  });

  describe('hot_match/oddsHistory', () => {
    const history = (input: Record<string, unknown>) => server.call<Schemas['MatchOddsHistory']>('POST', '/api/hot_match/oddsHistory', input);

    it('answers every change of a company’s odds, from the opening line to the current one', async () => {
      for (const odds of after.odds) {
        const answer = await history({ match_id: live.id, company_id: odds.company_id });
        expect(answer.code).toBe(0);
        expect(schemaErrors('MatchOddsHistory', answer.data)).toEqual([]);
        const ah = answer.data.asian_handicap;
        expect(ah.length).toBeGreaterThanOrEqual(2);
        expect(ah[0]).toMatchObject({ home: odds.asian_handicap.initial!.home, away: odds.asian_handicap.initial!.away, line: odds.asian_handicap.initial!.line });
        expect(ah.at(-1)).toMatchObject({ home: odds.asian_handicap.current!.home, away: odds.asian_handicap.current!.away, line: odds.asian_handicap.current!.line });
        expect(ah.map((entry) => entry.at)).toEqual([...ah.map((entry) => entry.at)].sort((a, b) => a - b));
        expect(answer.data.one_x_two.every((entry) => entry.line === null && entry.draw !== null)).toBe(true);
        expect(answer.data.over_under.at(-1)).toMatchObject({ home: odds.over_under.current!.over, line: odds.over_under.current!.line });
      }
    });

    it('keeps the changes of the twenty minutes played: the history grew', async () => {
      const count = async () => (await history({ match_id: live.id, company_id: after.odds[0]!.company_id })).data.asian_handicap.length;
      const held = await count();
      await feed.advance(10 * minuteMs);
      expect(await count()).toBeGreaterThanOrEqual(held);
    });

    it('answers code 1 for an unknown match and for bad input, writing nothing', async () => {
      expect(await history({ match_id: 999_999, company_id: 1 })).toMatchObject({ code: 1 });
      expect(await history({ match_id: 'x', company_id: 1 })).toMatchObject({ code: 1 });
      expect(await history({ match_id: live.id })).toMatchObject({ code: 1 });
    });

    it('answers empty lists for a company that does not price the match', async () => {
      const answer = await history({ match_id: live.id, company_id: 999_999 });
      expect(answer.data).toMatchObject({ asian_handicap: [], over_under: [], one_x_two: [] });
    });
  });

  describe('head-to-head and form', () => {
    it('answers the seeded seasons: past meetings and each team’s last ten matches, newest first, with a summary that adds up', async () => {
      // Tomorrow's: late in the China-time evening every match of today has kicked off.
      const tomorrow = new Date(clock.now() + (480 + 24 * 60) * 60_000).toISOString().slice(0, 10);
      const upcoming = (
        await server.call<Schemas['MatchListPage']>('POST', '/api/hot_match/all_match', { sport: 'football', status: 'not_started', limit: 100, date: tomorrow })
      ).data.list;
      // A domestic league's match: the Champions League draws its clubs from several leagues, which need not have met.
      const source =
        upcoming.find((match) => match.league.name_en === 'Premier League') ?? upcoming.find((match) => match.league.name_en !== 'UEFA Champions League')!;
      const teams = [source.home_team.id, source.away_team.id];
      for (const type of [1, 2, 3] as const) {
        const answer = await server.call<Schemas['MatchBattleInfo']>('GET', '/api/hot_match/battleInfo', { type, sourceid: source.id });
        expect(answer.code).toBe(0);
        expect(schemaErrors('MatchBattleInfo', answer.data)).toEqual([]);
        const { team, summary, list } = answer.data;
        expect(team!.id).toBe(type === 3 ? source.away_team.id : source.home_team.id);
        // A league's clubs met home and away last season, so there are meetings; each team played ten and more.
        expect(list.length).toBeGreaterThanOrEqual(type === 1 ? 2 : 10);
        expect(list.length).toBeLessThanOrEqual(10);
        const starts = list.map((item) => item.match.start_time);
        expect(starts).toEqual([...starts].sort((a, b) => b - a));
        for (const { match, result } of list) {
          expect(match.status).toBe('over');
          expect(match.start_time).toBeLessThan(source.start_time);
          if (type === 1) expect([match.home_team.id, match.away_team.id].sort()).toEqual([...teams].sort());
          else expect([match.home_team.id, match.away_team.id]).toContain(team!.id);
          const mine = match.home_team.id === team!.id ? match.home_score : match.away_score;
          const theirs = match.home_team.id === team!.id ? match.away_score : match.home_score;
          expect(result).toBe(mine > theirs ? 'won' : mine === theirs ? 'drawn' : 'lost');
        }
        expect(summary).toMatchObject({
          played: list.length,
          won: list.filter((item) => item.result === 'won').length,
          drawn: list.filter((item) => item.result === 'drawn').length,
          lost: list.filter((item) => item.result === 'lost').length,
        });
      }
    });

    it('adds a match the feed finished to both teams’ form, with its result and a summary that adds up', async () => {
      const played = await feed.advanceUntil(4 * 60 * minuteMs, (event) => event.finished.some((match) => match.sport === 'football'));
      const finished = played.flatMap((event) => event.finished).find((match) => match.sport === 'football')!;
      expect(finished).toBeDefined();
      // Another match of the home team is the source: its form (type 2, or 3 when it plays away) holds the one finished.
      const other = await server.database.db
        .selectFrom('matches')
        .selectAll()
        .where('id', '<>', finished.id)
        .where((eb) => eb.or([eb('home_team_id', '=', finished.home_team_id), eb('away_team_id', '=', finished.home_team_id)]))
        .where('start_time', '>', finished.start_time)
        .orderBy('start_time')
        .executeTakeFirst();
      if (!other) return;
      const type = other.home_team_id === finished.home_team_id ? 2 : 3;
      const answer = await server.call<Schemas['MatchBattleInfo']>('GET', '/api/hot_match/battleInfo', { type, sourceid: other.id });
      expect(schemaErrors('MatchBattleInfo', answer.data)).toEqual([]);
      const entry = answer.data.list.find((item) => item.match.id === finished.id);
      expect(entry, 'the finished match in the form').toBeDefined();
      const mine = finished.home_score;
      const theirs = finished.away_score;
      expect(entry!.result).toBe(mine > theirs ? 'won' : mine === theirs ? 'drawn' : 'lost');
      const { summary, list } = answer.data;
      expect(summary!.played).toBe(list.filter((item) => item.result !== null).length);
      expect(summary!.won + summary!.drawn + summary!.lost).toBe(summary!.played);
    });
  });
});
