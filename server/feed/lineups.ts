import type { components } from '../../src/api/schema.d.ts';
import type { Match } from '../db/tables/scores-tables.ts';
import { FeedRandom } from './feed-random.ts';
import type { FeedWorld } from './feed-world.ts';
import type { Side } from './match-engine.ts';
import { isPlayerPool, playerNames } from './player-names.ts';

// The lineups of a match, from the squads the feed plays with (FeedWorld.squad): football's first eleven in a
// formation, basketball's first five; the rest on the bench. The incidents the feed writes name these players,
// so their goals, cards and substitutions are marked on them here.

type MatchLineups = components['schemas']['MatchLineups'];
type TeamLineup = components['schemas']['TeamLineup'];
type LineupPlayer = components['schemas']['LineupPlayer'];
type LineupEvent = components['schemas']['LineupPlayerEvent'];

/** The incidents a lineup marks, as stored or as the feed keeps them. */
export interface LineupIncident {
  kind: string;
  side: Side | null;
  minute: number;
  player: string;
  player2: string;
}

/** Outfield lines, defenders first: a team keeps its formation every match. */
const formations = ['4-4-2', '4-3-3', '4-2-3-1', '3-5-2', '3-4-3', '5-3-2', '4-1-4-1'] as const;
const basketballBench = 7;
const basketballPositions = ['G', 'G', 'F', 'F', 'C'] as const;

export function formationOf(teamId: number): string {
  return new FeedRandom('formation', teamId).pick(formations);
}

/** Shirt numbers: the goalkeeper 1, the rest drawn once per team from 2 to 35 (basketball 0 to 55). */
function shirtsOf(teamId: number, count: number, sport: 'football' | 'basketball'): number[] {
  const random = new FeedRandom('shirts', teamId);
  const pool = sport === 'football' ? Array.from({ length: 34 }, (_, i) => i + 2) : Array.from({ length: 56 }, (_, i) => i);
  const drawn = random.shuffle(pool).slice(0, count);
  return sport === 'football' ? [1, ...drawn.slice(0, count - 1)] : drawn;
}

const coachesOfWorld = new WeakMap<FeedWorld, Map<number, [string, string]>>();

/**
 * A team's coach, the same every match: the teams of a league are given different names from its pool (then
 * from the others), each not one of the team's own players, so two coaches of one match never share a name.
 */
export function coachOf(world: FeedWorld, teamId: number): [string, string] {
  let coaches = coachesOfWorld.get(world);
  if (!coaches) {
    coaches = new Map();
    coachesOfWorld.set(world, coaches);
  }
  const known = coaches.get(teamId);
  if (known) return known;
  const leagueId = world.teams.get(teamId)?.league_id;
  const league = leagueId === undefined ? undefined : world.leagues.get(leagueId);
  const pool = league && isPlayerPool(league.player_pool) ? playerNames[league.player_pool] : playerNames.mix;
  const random = new FeedRandom('coaches', leagueId ?? 0);
  const candidates = new Map<string, string>();
  // Then the other pools, football's and basketball's: a coach from abroad where the league's own names run out.
  const abroad = Object.values(playerNames).filter((names) => names !== pool && names !== playerNames.esports).flat();
  for (const [zh, en] of [...random.shuffle(pool), ...random.shuffle(abroad)]) if (!candidates.has(zh)) candidates.set(zh, en);
  const names = [...candidates];
  const taken = new Set<string>();
  const leagueTeams = [...world.teams.values()].filter((team) => team.league_id === leagueId).map((team) => team.id);
  for (const id of leagueTeams.sort((a, b) => a - b)) {
    const squad = new Set(world.squad(id));
    const pick = names.find(([zh]) => !taken.has(zh) && !squad.has(zh)) ?? names.find(([zh]) => !taken.has(zh)) ?? names[id % names.length]!;
    taken.add(pick[0]);
    coaches.set(id, pick);
  }
  return coaches.get(teamId) ?? names[0]!;
}

const markedKinds: Record<string, LineupEvent['kind'] | undefined> = {
  goal: 'goal',
  penalty_goal: 'penalty_goal',
  yellow_card: 'yellow_card',
  red_card: 'red_card',
  second_yellow: 'second_yellow',
};

function eventsOf(incidents: readonly LineupIncident[], side: Side, player: string): LineupEvent[] {
  const events: LineupEvent[] = [];
  for (const incident of incidents) {
    if (incident.kind === 'own_goal') {
      // An own goal counts for the other side: the scorer is the conceding side's player.
      if (incident.side !== side && incident.player === player) events.push({ kind: 'own_goal', minute: incident.minute });
      continue;
    }
    if (incident.side !== side) continue;
    if (incident.kind === 'substitution') {
      if (incident.player === player) events.push({ kind: 'sub_out', minute: incident.minute });
      if (incident.player2 === player) events.push({ kind: 'sub_in', minute: incident.minute });
      continue;
    }
    const kind = markedKinds[incident.kind];
    if (kind && incident.player === player) events.push({ kind, minute: incident.minute });
  }
  return events;
}

/**
 * Basketball points of each player, so they add up to the team's score: each player's share is drawn once per
 * match (starters take more), the score split by largest remainders.
 */
export function pointsSplit(matchId: number, side: Side, score: number, players: number): number[] {
  const random = new FeedRandom('points', matchId, side);
  const weights = Array.from({ length: players }, (_, i) => (i < 5 ? 3 + random.float(0, 3) : random.float(0, 1.6)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (score * weight) / total);
  const points = exact.map(Math.floor);
  let left = score - points.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left <= 0) break;
    points[index]! += 1;
    left -= 1;
  }
  return points;
}

function teamLineup(world: FeedWorld, match: Match, side: Side, incidents: readonly LineupIncident[]): TeamLineup {
  const teamId = side === 'home' ? match.home_team_id : match.away_team_id;
  const squad = world.squad(teamId);
  const english = world.englishNames(teamId);
  const [coach, coachEn] = coachOf(world, teamId);
  const player = (name: string, shirt: number, position: LineupPlayer['position'], line: number, points: number | null): LineupPlayer => ({
    name,
    name_en: english.get(name) ?? name,
    shirt,
    position,
    line,
    points,
    events: eventsOf(incidents, side, name),
  });
  if (match.sport === 'basketball') {
    const players = squad.slice(0, 5 + basketballBench);
    const shirts = shirtsOf(teamId, players.length, 'basketball');
    const points = pointsSplit(match.id, side, side === 'home' ? match.home_score : match.away_score, players.length);
    const all = players.map((name, i) => player(name, shirts[i]!, basketballPositions[i % 5]!, 0, points[i]!));
    return { formation: null, coach, coach_en: coachEn, starters: all.slice(0, 5), substitutes: all.slice(5) };
  }
  const formation = formationOf(teamId);
  const lines = formation.split('-').map(Number);
  const shirts = shirtsOf(teamId, squad.length, 'football');
  const starters: LineupPlayer[] = [player(squad[0]!, shirts[0]!, 'G', 0, null)];
  let index = 1;
  lines.forEach((count, lineIndex) => {
    const position: LineupPlayer['position'] = lineIndex === 0 ? 'D' : lineIndex === lines.length - 1 ? 'F' : 'M';
    for (let i = 0; i < count; i++, index++) starters.push(player(squad[index]!, shirts[index]!, position, lineIndex + 1, null));
  });
  const substitutes = squad.slice(11).map((name, i) => {
    // The bench in squad order: a keeper, then defenders, midfielders and forwards.
    const position: LineupPlayer['position'] = i === 0 ? 'G' : i < 3 ? 'D' : i < 5 ? 'M' : 'F';
    return player(name, shirts[11 + i]!, position, 0, null);
  });
  return { formation, coach, coach_en: coachEn, starters, substitutes };
}

/** Both lineups of a football or basketball match; null for e-sports. */
export function lineupsOf(world: FeedWorld, match: Match, incidents: readonly LineupIncident[]): MatchLineups | null {
  if (match.sport === 'esports') return null;
  return { sport: match.sport, home: teamLineup(world, match, 'home', incidents), away: teamLineup(world, match, 'away', incidents) };
}
