import { leagueDefs } from './catalogue/scores-catalogue.ts';
import { FeedWorld, type LeagueRow, type TeamRow } from '../feed/feed-world.ts';
import type { StandingRow } from '../feed/standings-table.ts';

// For the feed's tests only (as the seed, no production module reads it): the demo world in memory.

/** The leagues of server/seed/catalogue/scores-catalogue.ts as stored rows, with ids in catalogue order. */
export function catalogueWorld(dayStart: number): { world: FeedWorld; standings: StandingRow[] } {
  const leagues: LeagueRow[] = leagueDefs.map((def, i) => ({
    id: i + 1,
    sport: def.sport,
    name: def.name,
    name_en: def.name_en,
    short_name_zh: def.short_name_zh,
    short_name_en: def.short_name_en,
    logo: `/media/leagues/${def.sport}-${def.code}.svg`,
    country: def.country,
    country_en: def.country_en,
    current_season: '2026',
    is_hot: def.hot,
    sort: i,
    key: def.key,
    season_style: def.seasonStyle,
    daily_fixtures: def.fixtures,
    player_pool: def.players,
  }));
  const teams: TeamRow[] = [];
  const idOf = new Map<string, number>();
  leagueDefs.forEach((def, l) => {
    for (const team of def.teams) {
      if (typeof team === 'string') continue;
      const id = teams.length + 1;
      idOf.set(`${def.key}:${team.code}`, id);
      teams.push({
        id,
        league_id: l + 1,
        name: team.name,
        name_en: team.name_en,
        short_name_zh: team.short_name_zh,
        short_name_en: team.code,
        logo: '/media/crests/x.svg',
        country: '',
        venue: '',
      });
    }
  });
  const standings: StandingRow[] = leagueDefs.flatMap((def, l) =>
    def.teams.map((team, i) => ({
      league_id: l + 1,
      season: '2026',
      team_id: idOf.get(typeof team === 'string' ? team : `${def.key}:${team.code}`)!,
      group_name: def.groups ? def.groups[i < def.teams.length / 2 ? 0 : 1] : '',
      position: 1,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goals_for: 0,
      goals_against: 0,
      points: 0,
      form: '',
      updated_at: new Date(dayStart),
    })),
  );
  return { world: new FeedWorld(leagues, teams, standings), standings };
}

