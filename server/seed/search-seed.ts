import { leagueAliases, teamAliases } from './catalogue/search-catalogue.ts';
import { insertRows, type SeedContext } from './context.ts';

/** The search aliases of the best-known teams and leagues (巴萨 / Barça / bsln for 巴塞罗那). */
export async function seedSearchAliases(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [teams, leagues] = await Promise.all([
    db.selectFrom('teams').select(['id', 'name']).where('name', 'in', Object.keys(teamAliases)).execute(),
    db.selectFrom('leagues').select(['id', 'name_en']).where('name_en', 'in', Object.keys(leagueAliases)).execute(),
  ]);
  await insertRows(db, 'search_aliases', [
    ...teams.flatMap((team) => (teamAliases[team.name] ?? []).map((alias) => ({ target_kind: 'team' as const, target_id: team.id, alias }))),
    ...leagues.flatMap((league) => (leagueAliases[league.name_en] ?? []).map((alias) => ({ target_kind: 'league' as const, target_id: league.id, alias }))),
  ]);
}
