import type { Selectable } from 'kysely';
import type { LeaguesTable, Match, TeamsTable } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import { isPlayerPool, playerNames } from './player-names.ts';
import type { EsportsTitle, MatchSetup } from './match-engine.ts';

export type LeagueRow = Selectable<LeaguesTable>;
export type TeamRow = Selectable<TeamsTable>;

const squadSize = 18;

function titleOf(league: LeagueRow): EsportsTitle {
  if (/dota/i.test(league.name_en)) return 'dota';
  if (/counter-strike|cs2|cs:go/i.test(league.name_en)) return 'cs';
  return 'lol';
}

/**
 * The competitions and teams the feed plays with, and what it derives from them: each team's strength
 * (its place in its league's list, strongest first, as the seed orders them), its squad, each
 * competition's members.
 */
export class FeedWorld {
  readonly leagues = new Map<number, LeagueRow>();
  readonly teams = new Map<number, TeamRow>();
  readonly #strength = new Map<number, number>();
  readonly #squads = new Map<number, { names: string[]; namesEn: Map<string, string> }>();
  readonly #members = new Map<number, number[]>();

  constructor(leagues: LeagueRow[], teams: TeamRow[], standingMembers: Array<{ league_id: number; team_id: number }> = []) {
    for (const league of leagues) this.leagues.set(league.id, league);
    const byLeague = new Map<number, TeamRow[]>();
    for (const team of [...teams].sort((a, b) => a.id - b.id)) {
      this.teams.set(team.id, team);
      byLeague.set(team.league_id, [...(byLeague.get(team.league_id) ?? []), team]);
    }
    for (const [leagueId, members] of byLeague) {
      members.forEach((team, index) => this.#strength.set(team.id, members.length > 1 ? 1 - (2 * index) / (members.length - 1) : 0));
      this.#members.set(
        leagueId,
        members.map((team) => team.id),
      );
    }
    // A cup's members are the teams of its standings; a league's are its own teams and any in its standings.
    for (const { league_id, team_id } of standingMembers) {
      const members = this.#members.get(league_id) ?? [];
      if (!members.includes(team_id) && this.teams.has(team_id)) this.#members.set(league_id, [...members, team_id]);
    }
    // In id order, whatever order the standings were read in, so the fixtures drawn from them are too.
    for (const [leagueId, members] of this.#members)
      this.#members.set(
        leagueId,
        [...members].sort((a, b) => a - b),
      );
  }

  /** 1 for the strongest team of its league, -1 for the weakest. */
  strength(teamId: number): number {
    return this.#strength.get(teamId) ?? 0;
  }

  members(leagueId: number): number[] {
    return this.#members.get(leagueId) ?? [];
  }

  /** A team's squad by the players' Chinese names, the eleven starters first: the same names in every run. */
  squad(teamId: number): string[] {
    return this.#squadOf(teamId).names;
  }

  /** The English name of each player of a team's squad, by the Chinese name. */
  englishNames(teamId: number): ReadonlyMap<string, string> {
    return this.#squadOf(teamId).namesEn;
  }

  #squadOf(teamId: number): { names: string[]; namesEn: Map<string, string> } {
    const known = this.#squads.get(teamId);
    if (known) return known;
    const team = this.teams.get(teamId);
    const league = team ? this.leagues.get(team.league_id) : undefined;
    const pool = league && isPlayerPool(league.player_pool) ? league.player_pool : 'mix';
    const random = new FeedRandom('squad', teamId);
    // One player per Chinese name: the engines and the stored incidents know players by it.
    const unique = new Map<string, string>();
    for (const [zh, en] of [...random.shuffle(playerNames[pool]), ...random.shuffle(playerNames.mix)]) {
      if (!unique.has(zh)) unique.set(zh, en);
    }
    const pairs = [...unique];
    const squad = Array.from({ length: squadSize }, (_, i): [string, string] => {
      const drawn = pairs[i];
      if (drawn) return drawn;
      const [zh, en] = pairs[i % pairs.length]!;
      const count = Math.floor(i / pairs.length) + 1;
      return [`${zh}${count}`, `${en} ${count}`];
    });
    const entry = { names: squad.map(([zh]) => zh), namesEn: new Map(squad) };
    this.#squads.set(teamId, entry);
    return entry;
  }

  /** What stays the same through a match. */
  setupFor(match: Pick<Match, 'league_id' | 'home_team_id' | 'away_team_id'>, seed: number): MatchSetup {
    const league = this.leagues.get(match.league_id);
    return {
      seed,
      edge: (this.strength(match.home_team_id) - this.strength(match.away_team_id)) / 2,
      homePlayers: this.squad(match.home_team_id),
      awayPlayers: this.squad(match.away_team_id),
      playerNamesEn: new Map([...this.englishNames(match.home_team_id), ...this.englishNames(match.away_team_id)]),
      quarterMinutes: league && /\bNBA\b/.test(league.name_en) ? 12 : 10,
      title: league ? titleOf(league) : 'lol',
    };
  }
}
