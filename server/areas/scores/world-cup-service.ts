import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { KnockoutRoundKey } from '../../db/tables/scores-tables.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { toLeague, toMatchView } from './match-shapes.ts';
import { readOdds, viewerContext } from './match-viewer.ts';
import { scoresMessages } from './scores-messages.ts';

/** /trophy/home: the knockout rounds of the last World Cup, or of the edition asked for (Football/world_cup). */
export async function worldCup(
  server: ServerContext,
  input: InputOf<'footballWorldCup'>,
  userId: number | null,
): Promise<DataOf<'footballWorldCup'>> {
  const board = await server.scoreBoard.read();
  const league = [...board.leagues.values()].find((candidate) => candidate.key === worldCupKey);
  if (!league) throw new DomainError(scoresMessages.worldCupNotFound);
  const { db } = server.database;
  const worldCupRounds = await knockoutRounds(server, league.id);
  const editions = await db.selectFrom('matches').select('season').distinct().where('league_id', '=', league.id).execute();
  const seasons = editions.map((row) => row.season).sort().reverse();
  const season = input.season ?? seasons[0] ?? league.current_season;
  const names = worldCupRounds.map((round) => round.name);
  const matches = await db
    .selectFrom('matches')
    .selectAll()
    .where('league_id', '=', league.id)
    .where('season', '=', season)
    .where('round', 'in', names)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  const [odds, viewer] = await Promise.all([
    readOdds(
      server,
      matches.map((match) => match.id),
    ),
    viewerContext(server, userId, undefined),
  ]);
  const rounds = worldCupRounds.flatMap((round) => {
    const own = matches.filter((match) => match.round === round.name);
    if (own.length === 0) return [];
    // Bracket order: a match's two teams are the winners of two matches of the round before, in that order.
    return [{ key: round.key, name: round.name, matches: own.map((match) => toMatchView(board, match, odds.get(match.id) ?? [], viewer)) }];
  });
  return { league: toLeague(league), season, seasons: seasons.length ? seasons : [season], rounds: bracketOrdered(rounds) };
}

/** leagues.key of the World Cup (migration 012). */
const worldCupKey = 'WC';
const roundsTtlMs = 60_000;

/** A knockout competition's rounds in the order they are played (knockout_rounds, migration 012). */
function knockoutRounds(server: ServerContext, leagueId: number): Promise<Array<{ key: KnockoutRoundKey; name: string }>> {
  return server.cache.get(`scores:knockout-rounds:${leagueId}`, roundsTtlMs, () =>
    server.database.db.selectFrom('knockout_rounds').select(['key', 'name']).where('league_id', '=', leagueId).orderBy('sort').execute(),
  );
}

type RoundView = DataOf<'footballWorldCup'>['rounds'][number];

/**
 * Orders each round so the bracket reads top to bottom: the final's two teams come from semi-finals 1 and 2,
 * each semi-final's from two quarter-finals, and so on down to the round of 32.
 */
function bracketOrdered(rounds: RoundView[]): RoundView[] {
  const main = rounds.filter((round) => round.key !== 'third_place');
  for (let r = main.length - 2; r >= 0; r--) {
    const later = main[r + 1]!;
    const pool = [...main[r]!.matches];
    const ordered = later.matches.flatMap((next) =>
      [next.home_team.id, next.away_team.id].flatMap((teamId) => {
        const index = pool.findIndex((match) => match.home_team.id === teamId || match.away_team.id === teamId);
        return index >= 0 ? pool.splice(index, 1) : [];
      }),
    );
    main[r] = { ...main[r]!, matches: [...ordered, ...pool] };
  }
  return rounds.map((round) => main.find((entry) => entry.key === round.key) ?? round);
}
