import type { Insertable } from 'kysely';
import type { Match, MatchesTable } from '../db/tables/scores-tables.ts';
import type { Sport } from '../db/tables/column-types.ts';
import { FeedRandom } from './feed-random.ts';
import type { FeedWorld, LeagueRow } from './feed-world.ts';

// A day of fixtures for the demo world: each competition plays about as many matches as the seed's day,
// in one to three kick-off slots spread over the site's day, each team at most once, and only a team
// rested since its last match and before its next (restMs: no club plays at 01:00 and again at 20:15).

/** The site's day runs on China time (openapi.yaml hot_match/all_match: utc_offset 480). */
export const siteUtcOffsetMs = 480 * 60_000;
const dayMs = 24 * 60 * 60_000;
const slotMs = 15 * 60_000;

export interface SiteDay {
  /** YYYY-MM-DD on the site's calendar. */
  key: string;
  start: number;
  end: number;
}

export function siteDayOf(ms: number): SiteDay {
  const start = Math.floor((ms + siteUtcOffsetMs) / dayMs) * dayMs - siteUtcOffsetMs;
  return { key: new Date(start + siteUtcOffsetMs).toISOString().slice(0, 10), start, end: start + dayMs };
}

const defaultFixtures: Record<Sport, number> = { football: 6, basketball: 5, esports: 3 };
/** The last kick-off slot of the day, so a day's matches start on that day. */
const lastSlot: Record<Sport, number> = { football: 23 * 4, basketball: 22 * 4 + 3, esports: 23 * 4 };

/**
 * How long a team rests between two kick-offs: football clubs play every few days, basketball teams on
 * back-to-back nights at most, e-sports teams once a day.
 */
export const restMs: Record<Sport, number> = { football: 48 * 3600_000, basketball: 20 * 3600_000, esports: 12 * 3600_000 };

/** A match's round, in Chinese and in English. */
export type MatchRound = Pick<Match, 'round' | 'round_en'>;

const firstRound: Record<Sport, MatchRound> = {
  football: { round: '第1轮', round_en: 'Round 1' },
  basketball: { round: '常规赛', round_en: 'Regular Season' },
  esports: { round: '常规赛第1周', round_en: 'Regular Season Week 1' },
};

/** The round after `latest`: its first number counted on (第13轮 → 第14轮, Round 13 → Round 14); a round without one repeats. */
export function nextRound(latest: MatchRound | undefined, sport: Sport): MatchRound {
  if (latest === undefined) return firstRound[sport];
  const countOn = (name: string) => name.replace(/\d+/, (n) => String(Number(n) + 1));
  return { round: countOn(latest.round), round_en: countOn(latest.round_en) };
}

export interface DayPlan {
  day: SiteDay;
  fixtures: Array<Insertable<MatchesTable>>;
}

/** What a day already has: its last kick-off, and the teams already playing on it. */
export interface DayTaken {
  lastKickOff: number | null;
  busy: ReadonlySet<number>;
  /** Each team's kick-offs around the day (within a rest window of it, before or after), wherever planned. */
  kickOffs?: ReadonlyMap<number, readonly number[]>;
}

/** When in `day` a team whose other kick-offs are `kickOffs` may kick off and still rest `rest` either side; null: never. */
export function restedWindow(day: SiteDay, rest: number, kickOffs: readonly number[] = []): { earliest: number; latest: number } | null {
  let earliest = day.start;
  let latest = day.end - 1;
  for (const kickOff of kickOffs) {
    if (kickOff < day.start) earliest = Math.max(earliest, kickOff + rest);
    else if (kickOff >= day.end) latest = Math.min(latest, kickOff - rest);
    else return null;
  }
  return earliest <= latest ? { earliest, latest } : null;
}

/**
 * The fixtures of `day` after what it already has (a seeded day may reach into it): the same for the same
 * seed, world and day. `latestRound` is each league's round of its last scheduled match.
 */
export function planDay(
  world: FeedWorld,
  day: SiteDay,
  seed: number,
  latestRound: ReadonlyMap<number, MatchRound>,
  taken: DayTaken,
  createdAt: Date,
): DayPlan {
  const firstSlot = taken.lastKickOff === null ? 0 : Math.floor((taken.lastKickOff - day.start) / slotMs) + 1;
  const leagues = [...world.leagues.values()].sort((a, b) => a.sort - b.sort || a.id - b.id);
  // Cups take their clubs first, as on a European night.
  const isCup = (league: LeagueRow) => world.members(league.id).some((teamId) => world.teams.get(teamId)?.league_id !== league.id);
  const ordered = [...leagues.filter(isCup), ...leagues.filter((league) => !isCup(league))];
  const busy = new Set<number>(taken.busy);
  const fixtures: Array<Insertable<MatchesTable>> = [];
  for (const league of ordered) {
    const leagueRandom = new FeedRandom(seed, 'day', day.key, 'league', league.id);
    const members = world.members(league.id);
    const ranked = [...members].sort((a, b) => world.strength(b) - world.strength(a));
    const windows = new Map(members.map((teamId) => [teamId, restedWindow(day, restMs[league.sport], taken.kickOffs?.get(teamId))] as const));
    const free = leagueRandom.shuffle(members.filter((teamId) => !busy.has(teamId) && windows.get(teamId) !== null));
    const wanted = league.daily_fixtures ?? defaultFixtures[league.sport];
    const count = Math.min(wanted, Math.floor(free.length / 2));
    if (count === 0) continue;
    const open = Array.from({ length: lastSlot[league.sport] + 1 }, (_, i) => i).filter((slot) => slot >= firstSlot);
    if (open.length === 0) continue;
    const slots = leagueRandom.shuffle(open).slice(0, leagueRandom.int(1, Math.min(3, count)));
    const round = nextRound(latestRound.get(league.id), league.sport);
    for (let i = 0; i < count; i++) {
      const home = free[2 * i]!;
      const away = free[2 * i + 1]!;
      // The kick-off both sides are rested for: the league's slot for it, else another of its slots, else any open one.
      const earliest = Math.max(windows.get(home)!.earliest, windows.get(away)!.earliest);
      const latest = Math.min(windows.get(home)!.latest, windows.get(away)!.latest);
      const fits = (slot: number) => day.start + slot * slotMs >= earliest && day.start + slot * slotMs <= latest;
      const slot = [slots[i % slots.length]!, ...slots, ...open].find(fits);
      if (slot === undefined) continue;
      busy.add(home).add(away);
      const strongest = Math.min(ranked.indexOf(home), ranked.indexOf(away));
      fixtures.push({
        sport: league.sport,
        league_id: league.id,
        season: league.current_season,
        ...round,
        home_team_id: home,
        away_team_id: away,
        start_time: new Date(day.start + slot * slotMs),
        best_of:
          league.sport === 'esports'
            ? leagueRandom.weighted([
                [3, 8],
                [5, 1],
                [1, 1],
              ] as const)
            : null,
        venue: world.teams.get(home)?.venue ?? '',
        is_hot: league.is_hot && strongest < ranked.length / 3 && leagueRandom.chance(0.7),
        updated_at: createdAt,
      });
    }
  }
  fixtures.sort((a, b) => new Date(a.start_time).getTime() - new Date(b.start_time).getTime() || a.league_id - b.league_id);
  return { day, fixtures };
}
