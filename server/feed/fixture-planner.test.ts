import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { MatchesTable } from '../db/tables/scores-tables.ts';
import { catalogueWorld } from '../seed/catalogue-test-world.ts';
import { planDay, restMs, siteDayOf, type DayTaken, type MatchRound } from './fixture-planner.ts';
import { coachOf } from './lineups.ts';

const dayMs = 24 * 3600_000;
const firstDay = Date.parse('2026-11-22T00:00:00+08:00');
const seeds = [20261122, 7, 4242];

/** What the feed tells the planner about a day, from the fixtures planned so far (as SimulatedFeed reads the table). */
function takenOn(day: ReturnType<typeof siteDayOf>, planned: ReadonlyArray<Insertable<MatchesTable>>): DayTaken {
  const longest = Math.max(...Object.values(restMs));
  const kickOffs = new Map<number, number[]>();
  const onDay: number[] = [];
  const busy = new Set<number>();
  for (const fixture of planned) {
    const at = new Date(fixture.start_time).getTime();
    if (at <= day.start - longest || at >= day.end + longest) continue;
    for (const team of [fixture.home_team_id, fixture.away_team_id]) kickOffs.set(team, [...(kickOffs.get(team) ?? []), at]);
    if (at >= day.start && at < day.end) {
      onDay.push(at);
      busy.add(fixture.home_team_id).add(fixture.away_team_id);
    }
  }
  return { lastKickOff: onDay.length ? Math.max(...onDay) : null, busy, kickOffs };
}

describe('the fixture planner', () => {
  const { world } = catalogueWorld(firstDay);

  for (const seed of seeds) {
    it(`keeps every team to one match in its rest window over 60 simulated days (seed ${String(seed)})`, () => {
      const planned: Array<Insertable<MatchesTable>> = [];
      const rounds = new Map<number, MatchRound>();
      for (let d = 0; d < 60; d++) {
        const day = siteDayOf(firstDay + d * dayMs);
        const plan = planDay(world, day, seed, rounds, takenOn(day, planned), new Date(day.start - dayMs));
        for (const fixture of plan.fixtures) {
          expect(new Date(fixture.start_time).getTime()).toBeGreaterThanOrEqual(day.start);
          expect(new Date(fixture.start_time).getTime()).toBeLessThan(day.end);
          rounds.set(fixture.league_id, { round: fixture.round ?? '', round_en: fixture.round_en ?? '' });
        }
        planned.push(...plan.fixtures);
      }
      const byTeam = new Map<number, Array<{ at: number; sport: keyof typeof restMs }>>();
      for (const fixture of planned) {
        for (const team of [fixture.home_team_id, fixture.away_team_id]) {
          byTeam.set(team, [...(byTeam.get(team) ?? []), { at: new Date(fixture.start_time).getTime(), sport: fixture.sport }]);
        }
      }
      const tooSoon: string[] = [];
      for (const [team, matches] of byTeam) {
        const sorted = matches.sort((a, b) => a.at - b.at);
        for (let i = 1; i < sorted.length; i++) {
          const gap = sorted[i]!.at - sorted[i - 1]!.at;
          if (gap < restMs[sorted[i]!.sport]) tooSoon.push(`${world.teams.get(team)?.name ?? team}: ${String(gap / 3600_000)} h`);
        }
      }
      expect(tooSoon).toEqual([]);
      // Rest thins the days but every competition keeps playing.
      for (const league of world.leagues.values()) {
        if (world.members(league.id).length < 2 || league.daily_fixtures === 0) continue;
        expect(planned.filter((fixture) => fixture.league_id === league.id).length, league.name_en).toBeGreaterThan(10);
      }
    });
  }

  it('gives the two coaches of any match of a league different names, and no coach the name of his own player', () => {
    for (const league of world.leagues.values()) {
      const teams = world.members(league.id).filter((team) => world.teams.get(team)?.league_id === league.id);
      const coaches = teams.map((team) => coachOf(world, team)[0]);
      expect(new Set(coaches).size, league.name_en).toBe(coaches.length);
      for (const team of teams) expect(world.squad(team)).not.toContain(coachOf(world, team)[0]);
    }
  });
});
