import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import type { IncidentKind, MatchesTable, MatchIncidentsTable, MatchPhase, MatchStats } from '../db/tables/scores-tables.ts';
import type { LiveStatus } from '../db/tables/column-types.ts';

// A match is scripted whole before it is stored: every incident with the real minute (after
// kick-off) it happens at. The stored row is the script seen at the seed's now, so a match in
// progress holds exactly the incidents that have happened, and its score is their sum.

type Side = 'home' | 'away';

interface ScriptIncident {
  kind: IncidentKind;
  side: Side | null;
  /** Real minutes after kick-off. */
  at: number;
  minute: number;
  added: number;
  player: string;
  player2: string;
}

export interface PlayedIncident extends Omit<ScriptIncident, 'at'> {
  homeScore: number;
  awayScore: number;
}

export interface MatchSnapshot {
  status: LiveStatus;
  phase: MatchPhase;
  minute: number;
  addedMinute: number;
  homeScore: number;
  awayScore: number;
  homeHalf: number | null;
  awayHalf: number | null;
  homeRed: number;
  awayRed: number;
  homeYellow: number;
  awayYellow: number;
  homeCorner: number;
  awayCorner: number;
  periodScores: Array<[number, number]> | Side[];
  stats: MatchStats;
  incidents: PlayedIncident[];
}

/**
 * The English name of a player of either team by the Chinese one the script names them by ('' for
 * none): both teams, as an own goal's player is of the other side.
 */
export function playerNamesEnOf(...teams: Array<{ playerNamesEn: ReadonlyMap<string, string> }>): (player: string) => string {
  const names = new Map(teams.flatMap((team) => [...team.playerNamesEn]));
  return (player) => (player ? (names.get(player) ?? '') : '');
}

/**
 * The `match_incidents` columns an incident decides: what happened, to whom (with the English names
 * `englishName` gives), the score after it, and its place in the timeline (`index` from 0).
 */
export function incidentColumns(incident: PlayedIncident, index: number, englishName: (player: string) => string) {
  return {
    kind: incident.kind,
    side: incident.side,
    minute: incident.minute,
    added_minute: incident.added,
    player: incident.player,
    player2: incident.player2,
    player_en: englishName(incident.player),
    player2_en: englishName(incident.player2),
    home_score: incident.homeScore,
    away_score: incident.awayScore,
    seq: index + 1,
  } satisfies Partial<Insertable<MatchIncidentsTable>>;
}

/** The `matches` columns a snapshot decides: where the match stands, its score, cards, corners and statistics. */
export function snapshotColumns(s: MatchSnapshot) {
  return {
    status: s.status,
    phase: s.phase,
    minute: s.minute,
    added_minute: s.addedMinute,
    home_score: s.homeScore,
    away_score: s.awayScore,
    home_half_score: s.homeHalf,
    away_half_score: s.awayHalf,
    home_red: s.homeRed,
    away_red: s.awayRed,
    home_yellow: s.homeYellow,
    away_yellow: s.awayYellow,
    home_corner: s.homeCorner,
    away_corner: s.awayCorner,
    period_scores: JSON.stringify(s.periodScores),
    stats: JSON.stringify(s.stats),
    seq: s.incidents.length,
  } satisfies Partial<Insertable<MatchesTable>>;
}

export interface MatchScript {
  /** Real minutes from kick-off to the final whistle. */
  duration: number;
  /** Expected goals or points of each side, for the odds. */
  expected: [number, number];
  /** The match `elapsed` real minutes after kick-off: not started before 0, over from `duration`. */
  at(elapsed: number): MatchSnapshot;
}

const goalKinds = new Set<IncidentKind>(['goal', 'own_goal', 'penalty_goal']);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const pair = (home: number, away: number, f: number): [number, number] => [Math.round(home * f), Math.round(away * f)];

function notStarted(): MatchSnapshot {
  return {
    status: 'not_started',
    phase: 'not_started',
    minute: 0,
    addedMinute: 0,
    homeScore: 0,
    awayScore: 0,
    homeHalf: null,
    awayHalf: null,
    homeRed: 0,
    awayRed: 0,
    homeYellow: 0,
    awayYellow: 0,
    homeCorner: 0,
    awayCorner: 0,
    periodScores: [],
    stats: {},
    incidents: [],
  };
}

interface Timeline {
  /** When each incident happens, in real minutes after kick-off, in time order. */
  at: number[];
  /** Each incident with the score after it. */
  incidents: PlayedIncident[];
}

/**
 * The incidents (in time order) with the score after each, worked out once a script: a snapshot takes
 * the ones up to its moment, and a seeded match is looked at every minute it has played.
 */
function timelineOf(
  incidents: ScriptIncident[],
  counts: (incident: ScriptIncident) => number = (i) => (goalKinds.has(i.kind) ? 1 : 0),
): Timeline {
  let home = 0;
  let away = 0;
  return {
    at: incidents.map((incident) => incident.at),
    incidents: incidents.map((incident) => {
      const n = counts(incident);
      if (incident.side === 'home') home += n;
      if (incident.side === 'away') away += n;
      const { kind, side, minute, added, player, player2 } = incident;
      return { kind, side, minute, added, player, player2, homeScore: home, awayScore: away };
    }),
  };
}

/** Incidents up to `elapsed`, each with the score after it. */
function played(timeline: Timeline, elapsed: number) {
  let n = 0;
  while (n < timeline.at.length && timeline.at[n]! <= elapsed) n++;
  const last = n > 0 ? timeline.incidents[n - 1]! : null;
  return { incidents: timeline.incidents.slice(0, n), home: last?.homeScore ?? 0, away: last?.awayScore ?? 0 };
}

/** d: home strength minus away strength, -1..1. */
export function footballScript(random: Random, d: number, homePlayers: string[], awayPlayers: string[]): MatchScript {
  const stoppage1 = random.int(1, 4);
  const stoppage2 = random.int(2, 6);
  const halfTime = 45 + stoppage1;
  const secondStart = halfTime + 15;
  const duration = secondStart + 45 + stoppage2;
  const clock = (e: number): { minute: number; added: number } => {
    if (e < 45) return { minute: Math.floor(e) + 1, added: 0 };
    if (e < halfTime) return { minute: 45, added: Math.floor(e - 45) + 1 };
    if (e < secondStart) return { minute: 45, added: 0 };
    const t = e - secondStart;
    return t < 45 ? { minute: 46 + Math.floor(t), added: 0 } : { minute: 90, added: Math.floor(t - 45) + 1 };
  };
  const playTime = () =>
    random.chance(halfTime / (halfTime + 45 + stoppage2))
      ? random.float(0.2, halfTime - 0.01)
      : random.float(secondStart + 0.01, duration - 0.01);
  const squads = { home: homePlayers, away: awayPlayers };
  const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

  // What happens and when is drawn first; who does it is decided walking through the match in
  // time order, with the live feed's rules (server/feed/football-engine.ts): the first eleven of a
  // squad start, the first of them keeps goal and neither scores nor is booked, substitutes come
  // from the bench in the second half up to minute 89, a second booking sends off.
  const lambdas: [number, number] = [clamp(1.45 + 0.8 * d, 0.25, 3.2), clamp(1.15 - 0.8 * d, 0.2, 3)];
  const events: Array<{ kind: IncidentKind; side: Side; at: number }> = [];
  for (const side of ['home', 'away'] as const) {
    for (let i = random.poisson(lambdas[side === 'home' ? 0 : 1], 7); i > 0; i--)
      events.push({
        kind: random.weighted<IncidentKind>([
          ['goal', 87],
          ['penalty_goal', 8],
          ['own_goal', 5],
        ]),
        side,
        at: playTime(),
      });
    for (let i = random.poisson(clamp(1.7 - 0.4 * (side === 'home' ? d : -d), 0.6, 3)); i > 0; i--)
      events.push({ kind: 'yellow_card', side, at: playTime() });
    if (random.chance(0.06)) events.push({ kind: 'red_card', side, at: random.float(secondStart + 5, duration - 0.01) });
    if (random.chance(0.05)) events.push({ kind: 'penalty_missed', side, at: playTime() });
    for (let i = random.int(3, 5); i > 0; i--)
      events.push({
        kind: 'substitution',
        side,
        at: random.chance(0.2) ? secondStart + 0.001 : random.float(secondStart + 9, secondStart + 43.9),
      });
    // corners are incidents too (migration 008), so the corner counts are their sums
    for (let i = random.poisson(clamp(side === 'home' ? 5 + 2 * d : 4.5 - 2 * d, 1, 10)); i > 0; i--)
      events.push({ kind: 'corner', side, at: playTime() });
  }
  events.sort((a, b) => a.at - b.at);

  const incidents: ScriptIncident[] = [];
  const add = (
    kind: IncidentKind,
    side: Side | null,
    at: number,
    player = '',
    player2 = '',
    fixed?: { minute: number; added: number },
  ) => {
    const { minute, added } = fixed ?? clock(at);
    incidents.push({ kind, side, at, minute, added, player, player2 });
  };
  const pitch = { home: new Set(homePlayers.slice(0, 11)), away: new Set(awayPlayers.slice(0, 11)) };
  const bench = { home: homePlayers.slice(11), away: awayPlayers.slice(11) };
  const booked = new Set<string>();
  const outfield = (side: Side) => [...pitch[side]].filter((p) => p !== squads[side][0]);
  for (const { kind, side, at } of events) {
    const field = outfield(side);
    if (kind === 'goal' || kind === 'penalty_goal') {
      const attackers = field.slice(-4);
      const scorer = random.chance(0.6) && attackers.length ? random.pick(attackers) : random.pick(field);
      const assist = kind === 'goal' && random.chance(0.65) ? field.filter((p) => p !== scorer) : [];
      add(kind, side, at, scorer, assist.length ? random.pick(assist) : '');
    } else if (kind === 'own_goal') {
      add(kind, side, at, random.pick(outfield(other(side))));
    } else if (kind === 'yellow_card' || kind === 'red_card') {
      const player = random.pick(field);
      const sentOff = kind === 'red_card' || booked.has(`${side}:${player}`);
      booked.add(`${side}:${player}`);
      if (sentOff) pitch[side].delete(player);
      add(kind === 'red_card' ? 'red_card' : sentOff ? 'second_yellow' : 'yellow_card', side, at, player);
    } else if (kind === 'penalty_missed') {
      add(kind, side, at, random.pick(field));
    } else if (kind === 'substitution') {
      if (!bench[side].length || !field.length) continue;
      const off = random.pick(field);
      const on = bench[side].splice(Math.floor(random.next() * bench[side].length), 1)[0]!;
      pitch[side].delete(off);
      pitch[side].add(on);
      add(kind, side, at, off, on);
    } else add(kind, side, at);
  }
  add('period_start', null, 0, '', '', { minute: 0, added: 0 });
  add('period_end', null, halfTime - 0.001, '', '', { minute: 45, added: stoppage1 });
  add('period_start', null, secondStart, '', '', { minute: 46, added: 0 });
  add('period_end', null, duration - 0.001, '', '', { minute: 90, added: stoppage2 });
  incidents.sort((a, b) => a.at - b.at);

  const possession = clamp(50 + Math.round(12 * d) + random.int(-5, 5), 25, 75);
  const full = {
    shots: [random.poisson(11 + 5 * d), random.poisson(9 - 4 * d)],
    onTarget: [random.poisson(4 + 2 * d), random.poisson(3.2 - 1.5 * d)],
    attacks: [random.int(80, 120) + Math.round(20 * d), random.int(70, 110) - Math.round(20 * d)],
    dangerous: [random.int(35, 60) + Math.round(15 * d), random.int(30, 55) - Math.round(15 * d)],
    fouls: [random.int(8, 16), random.int(8, 16)],
  };

  const timeline = timelineOf(incidents);
  const atHalfTime = played(timeline, halfTime);
  return {
    duration,
    expected: lambdas,
    at(elapsed) {
      if (elapsed < 0) return notStarted();
      const over = elapsed >= duration;
      const e = over ? duration : elapsed;
      const so = played(timeline, e);
      const count = { home: { red: 0, yellow: 0, corners: 0, scored: 0 }, away: { red: 0, yellow: 0, corners: 0, scored: 0 } };
      for (const { side, kind } of so.incidents) {
        if (side === null) continue;
        const of = count[side];
        if (kind === 'red_card' || kind === 'second_yellow') of.red++;
        if (kind === 'yellow_card' || kind === 'second_yellow') of.yellow++;
        if (kind === 'corner') of.corners++;
        if (kind === 'goal' || kind === 'penalty_goal') of.scored++;
      }
      const half = e >= halfTime ? atHalfTime : null;
      const { minute, added } = over ? { minute: 90, added: 0 } : clock(e);
      const f = over ? 1 : Math.min(1, minute / 90);
      const stat = (values: number[]) => pair(values[0]!, values[1]!, f);
      const onTarget = stat(full.onTarget);
      const shots = stat(full.shots);
      onTarget[0] = Math.max(onTarget[0], count.home.scored);
      onTarget[1] = Math.max(onTarget[1], count.away.scored);
      shots[0] = Math.max(shots[0], onTarget[0]);
      shots[1] = Math.max(shots[1], onTarget[1]);
      return {
        status: over ? 'over' : 'in_progress',
        phase: over ? 'full_time' : e < halfTime ? 'first_half' : e < secondStart ? 'half_time' : 'second_half',
        minute,
        addedMinute: added,
        homeScore: so.home,
        awayScore: so.away,
        homeHalf: half ? half.home : null,
        awayHalf: half ? half.away : null,
        homeRed: count.home.red,
        awayRed: count.away.red,
        homeYellow: count.home.yellow,
        awayYellow: count.away.yellow,
        homeCorner: count.home.corners,
        awayCorner: count.away.corners,
        periodScores: [],
        stats: {
          possession: [possession, 100 - possession],
          shots,
          shots_on_target: onTarget,
          attacks: stat(full.attacks),
          dangerous_attacks: stat(full.dangerous),
          fouls: stat(full.fouls),
        },
        incidents: so.incidents,
      };
    },
  };
}

/** Quarters of `quarterMinutes` (NBA 12, FIBA 10); overtime until someone leads. */
export function basketballScript(random: Random, d: number, quarterMinutes: number): MatchScript {
  const realQuarter = quarterMinutes === 12 ? 26 : 22;
  const perQuarter = quarterMinutes === 12 ? 28 : 21;
  const periods: Array<{ phase: MatchPhase; length: number; real: number; home: number; away: number }> = [];
  for (const phase of ['q1', 'q2', 'q3', 'q4'] as const) {
    periods.push({
      phase,
      length: quarterMinutes,
      real: realQuarter,
      home: Math.round(perQuarter + 1 + 2.5 * d + random.float(-6, 6)),
      away: Math.round(perQuarter - 2.5 * d + random.float(-6, 6)),
    });
  }
  const total = (side: 'home' | 'away') => periods.reduce((sum, p) => sum + p[side], 0);
  while (total('home') === total('away')) {
    const ot = { phase: 'ot' as const, length: 5, real: 11, home: random.int(6, 16), away: random.int(6, 16) };
    if (periods.length >= 6 && ot.home === ot.away) ot.home++;
    periods.push(ot);
  }
  // Breaks before each period after the first: half time before q3, two minutes otherwise.
  const starts: number[] = [];
  let clockAt = 0;
  periods.forEach((p, i) => {
    if (i > 0) clockAt += i === 2 ? 15 : 3;
    starts.push(clockAt);
    clockAt += p.real;
  });
  const duration = clockAt;
  const incidents: ScriptIncident[] = [];
  periods.forEach((p, i) => {
    incidents.push({ kind: 'period_start', side: null, at: starts[i]!, minute: 0, added: 0, player: '', player2: '' });
    // The period's points, carried on its end so the running score matches the quarter scores.
    incidents.push({
      kind: 'period_end',
      side: null,
      at: starts[i]! + p.real - 0.001,
      minute: p.length,
      added: 0,
      player: '',
      player2: '',
    });
  });
  const full = {
    rebounds: [random.int(38, 52), random.int(36, 50)],
    assists: [random.int(20, 30), random.int(18, 28)],
    threes: [random.int(9, 18), random.int(8, 17)],
  };
  const expectedHome = (perQuarter + 1 + 2.5 * d) * 4;
  const expectedAway = (perQuarter - 2.5 * d) * 4;

  return {
    duration,
    expected: [expectedHome, expectedAway],
    at(elapsed) {
      if (elapsed < 0) return notStarted();
      const over = elapsed >= duration;
      const e = over ? duration : elapsed;
      const scores: Array<[number, number]> = [];
      let phase: MatchPhase = over ? 'full_time' : 'break';
      let minute = 0;
      let playedFraction = 0;
      periods.forEach((p, i) => {
        const start = starts[i]!;
        if (e >= start + p.real) {
          scores.push([p.home, p.away]);
          playedFraction += 1;
        } else if (e >= start) {
          const f = (e - start) / p.real;
          scores.push([Math.floor(p.home * f), Math.floor(p.away * f)]);
          phase = p.phase;
          minute = Math.floor(f * p.length);
          playedFraction += f;
        }
      });
      const home = scores.reduce((s, [h]) => s + h, 0);
      const away = scores.reduce((s, [, a]) => s + a, 0);
      const done = periods.filter((p, i) => e >= starts[i]! + p.real).length;
      let runHome = 0;
      let runAway = 0;
      const shown: PlayedIncident[] = [];
      for (const { at, ...incident } of incidents) {
        if (at > e) break;
        if (incident.kind === 'period_end') {
          const index = shown.filter((i) => i.kind === 'period_end').length;
          runHome += periods[index]!.home;
          runAway += periods[index]!.away;
        }
        shown.push({ ...incident, homeScore: runHome, awayScore: runAway });
      }
      const f = Math.min(1, playedFraction / 4);
      return {
        ...notStarted(),
        status: over ? 'over' : 'in_progress',
        phase,
        minute: over ? 0 : minute,
        homeScore: home,
        awayScore: away,
        homeHalf: done >= 2 ? periods[0]!.home + periods[1]!.home : null,
        awayHalf: done >= 2 ? periods[0]!.away + periods[1]!.away : null,
        periodScores: scores,
        stats: {
          rebounds: pair(full.rebounds[0]!, full.rebounds[1]!, f),
          assists: pair(full.assists[0]!, full.assists[1]!, f),
          threes: pair(full.threes[0]!, full.threes[1]!, f),
        },
        incidents: shown,
      };
    },
  };
}

/** A best-of series: games of `gameMinutes` with ten-minute breaks, until one side has won enough. */
export function esportsScript(random: Random, d: number, bestOf: number, gameMinutes: [number, number]): MatchScript {
  const need = Math.ceil(bestOf / 2);
  const games: Array<{ start: number; length: number; winner: Side; kills: [number, number] }> = [];
  const wins = { home: 0, away: 0 };
  let clockAt = 0;
  while (wins.home < need && wins.away < need) {
    const winner: Side = random.chance(clamp(0.5 + 0.25 * d, 0.15, 0.85)) ? 'home' : 'away';
    wins[winner]++;
    const length = random.int(gameMinutes[0], gameMinutes[1]);
    const big = random.int(14, 30);
    const small = random.int(4, big - 3);
    games.push({ start: clockAt, length, winner, kills: winner === 'home' ? [big, small] : [small, big] });
    clockAt += length + 10;
  }
  const duration = clockAt - 10;
  const incidents: ScriptIncident[] = games.map((g) => ({
    kind: 'game_won',
    side: g.winner,
    at: g.start + g.length - 0.001,
    minute: g.length,
    added: 0,
    player: '',
    player2: '',
  }));

  const timeline = timelineOf(incidents, (i) => (i.kind === 'game_won' ? 1 : 0));

  return {
    duration,
    expected: [need * (0.5 + 0.25 * d) * 2, need * (0.5 - 0.25 * d) * 2],
    at(elapsed) {
      if (elapsed < 0) return notStarted();
      const over = elapsed >= duration;
      const e = over ? duration : elapsed;
      const so = played(timeline, e);
      const current = games.findIndex((g) => e >= g.start && e < g.start + g.length);
      const last = games[current === -1 ? so.incidents.length - 1 : current];
      const f = current === -1 || !last ? 1 : (e - last.start) / last.length;
      // kills of each game so far, the one under way last; kills is their sum (MatchStats)
      const gameKills = games
        .slice(0, current === -1 ? so.incidents.length : current + 1)
        .map((g) => (g === last ? pair(g.kills[0], g.kills[1], f) : g.kills));
      const kills: [number, number] = [gameKills.reduce((s, k) => s + k[0], 0), gameKills.reduce((s, k) => s + k[1], 0)];
      return {
        ...notStarted(),
        status: over ? 'over' : 'in_progress',
        phase: over ? 'full_time' : current === -1 ? 'break' : (`game_${current + 1}` as MatchPhase),
        minute: current === -1 || !last ? 0 : Math.floor(e - last.start),
        homeScore: so.home,
        awayScore: so.away,
        periodScores: so.incidents.map((i) => i.side as Side),
        stats: gameKills.length ? { kills, game_kills: gameKills } : {},
        incidents: so.incidents,
      };
    },
  };
}
