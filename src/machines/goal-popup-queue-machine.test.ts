import { fromCallback, SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { delayOf, describePath, getEdgePaths, type PathWords, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  defaultGoalPopupSettings,
  goalPopupQueueMachine,
  heldCount,
  quietQueueLimit,
  shownPopup,
  waitingCount,
  type GoalEvent,
  type GoalPopupQueueEvent,
  type GoalPopupSettings,
} from './goal-popup-queue-machine.ts';

// SPEC §3 and §4: red and yellow on, voice off by default; the sound plays for 6 s. The pop-ups
// close on their own after 10 s unless the stack is hovered.
const soundMs = 6_000;
const autoDismissMs = 10_000;

type Snapshot = ReturnType<typeof goalPopupQueueMachine.transition>;
type QueuePath = StatePath<Snapshot, GoalPopupQueueEvent>;

const event = (kind: GoalEvent['kind'], home: number, league = '英超', matchId = 1, homeTeam = '阿森纳'): GoalEvent => ({
  match_id: matchId,
  league_name: league,
  league_name_en: league === '英超' ? 'Premier League' : 'La Liga',
  kind,
  iszhu: 1,
  match_str: "67'",
  home_team_name_zh: homeTeam,
  home_team_name_en: 'Arsenal',
  away_team_name_zh: '切尔西',
  away_team_name_en: 'Chelsea',
  home_score: home,
  away_score: 0,
});

const voiceOn: GoalPopupSettings = { ...defaultGoalPopupSettings, voice: true };
const cardsOff: GoalPopupSettings = { ...defaultGoalPopupSettings, red: false, yellow: false };
const premierMuted: GoalPopupSettings = { ...defaultGoalPopupSettings, mutedLeagues: ['英超'] };
const everyMatch: GoalPopupSettings = { ...defaultGoalPopupSettings, scope: 'all' };
const unitedFollowed: GoalPopupSettings = { ...defaultGoalPopupSettings, followedTeams: [{ zh: '曼联', en: 'Manchester United' }] };
/** The tests start with match 1 starred; match 2 (曼联 at home) is not. */
const startFollows = [1];

const premierGoal = { type: 'goal.received', goal: event('goal', 1) } as const;
const ligaGoal = { type: 'goal.received', goal: event('goal', 1, '西甲') } as const;
const unfollowedGoal = { type: 'goal.received', goal: event('goal', 2, '英超', 2, '曼联') } as const;
const modelEvents: GoalPopupQueueEvent[] = [
  premierGoal,
  ligaGoal,
  { type: 'goal.received', goal: event('red_card', 1) },
  { type: 'goal.received', goal: event('yellow_card', 1) },
  { type: 'goal.dismissed' },
  { type: 'stack.hovered' },
  { type: 'stack.left' },
  { type: 'settings.changed', settings: voiceOn },
  { type: 'settings.changed', settings: cardsOff },
  { type: 'settings.changed', settings: premierMuted },
];
/** Follows and quiet pages, with the few events that meet them. */
const followEvents: GoalPopupQueueEvent[] = [
  premierGoal,
  unfollowedGoal,
  { type: 'goal.dismissed' },
  { type: 'stack.hovered' },
  { type: 'settings.changed', settings: everyMatch },
  { type: 'settings.changed', settings: unitedFollowed },
  { type: 'follows.changed', matchIds: [] },
  { type: 'follows.changed', matchIds: [1, 2] },
  { type: 'page.quieted' },
  { type: 'page.opened' },
  { type: 'held.opened' },
];

const timerEvents = timerEventsOf(goalPopupQueueMachine);

const words: PathWords<Snapshot, GoalPopupQueueEvent> = {
  state: ({ value, context }) => `${JSON.stringify(value)} with ${String(context.queue.length)} queued`,
  event: (e) => {
    if ('goal' in e) return `${e.type}(${e.goal.kind} ${e.goal.league_name})`;
    if ('settings' in e) return `${e.type}(${JSON.stringify(e.settings)})`;
    if ('matchIds' in e) return `${e.type}(${e.matchIds.join(',')})`;
    return undefined;
  },
};

/** SPEC §4 and the stack's rules, tracked from the events alone. */
class SpecOracle {
  settings = defaultGoalPopupSettings;
  followed: readonly number[] = startFollows;
  queue: GoalEvent[] = [];
  hovered = false;
  sounding = false;
  timing = false;
  /** On a chat or form page. */
  quiet = false;
  /** The stack put away on a quiet page, its pop-ups waiting. */
  held = false;

  private wanted(goal: GoalEvent): boolean {
    if (this.settings.mutedLeagues.includes(goal.league_name)) return false;
    const kindOn = goal.kind === 'goal' ? this.settings.goal : goal.kind === 'red_card' ? this.settings.red : this.settings.yellow;
    if (!kindOn) return false;
    if (this.settings.scope === 'all') return true;
    const teams = this.settings.followedTeams.map((team) => team.zh);
    return this.followed.includes(goal.match_id) || teams.includes(goal.home_team_name_zh) || teams.includes(goal.away_team_name_zh);
  }

  private putAway(): void {
    this.held = true;
    this.hovered = false;
    this.sounding = false;
    this.timing = false;
  }

  private bringBack(): void {
    if (!this.held) return;
    this.held = false;
    this.show();
  }

  /** A pop-up reaches the top: its own sound and its own timer. */
  private show(): void {
    if (this.queue.length === 0) {
      this.hovered = false;
      this.sounding = false;
      this.timing = false;
      return;
    }
    this.sounding = this.settings.voice;
    this.timing = !this.hovered;
  }

  private dismiss(): void {
    if (this.queue.length === 0) return;
    this.queue.shift();
    this.show();
  }

  onEvent(e: GoalPopupQueueEvent): void {
    const showing = this.queue.length > 0 && !this.held;
    switch (e.type) {
      case 'goal.received':
        if (!this.wanted(e.goal)) return;
        if (this.held || (this.queue.length === 0 && this.quiet)) {
          // A quiet page keeps only the newest few for later.
          this.queue = [...this.queue, e.goal].slice(-quietQueueLimit);
          this.putAway();
          return;
        }
        this.queue.push(e.goal);
        if (this.queue.length === 1) this.show();
        return;
      case 'goal.dismissed':
        if (showing) this.dismiss();
        return;
      case 'follows.changed':
        this.followed = e.matchIds;
        return;
      case 'page.quieted':
        this.quiet = true;
        if (showing) this.putAway();
        return;
      case 'page.opened':
        this.quiet = false;
        this.bringBack();
        return;
      case 'held.opened':
        this.bringBack();
        return;
      case 'stack.hovered':
        if (!showing) return;
        this.hovered = true;
        this.timing = false;
        return;
      case 'stack.left':
        if (!showing) return;
        this.hovered = false;
        this.timing = true;
        return;
      case 'settings.changed': {
        const top = this.queue[0];
        this.settings = e.settings;
        this.queue = this.queue.filter((goal) => this.wanted(goal));
        if (this.held) {
          if (this.queue.length === 0) this.held = false;
          return;
        }
        if (this.queue[0] !== top) this.show();
        return;
      }
    }
  }

  onTimer(delay: string): void {
    if (delay === 'goalSound') this.sounding = false;
    if (delay === 'popupAutoDismiss') this.dismiss();
  }
}

function start(clock: SimulatedClock = new SimulatedClock()) {
  let playing = 0;
  const goalSound = fromCallback(() => {
    playing += 1;
    return () => {
      playing -= 1;
    };
  });
  const actor = createActor(goalPopupQueueMachine.provide({ actors: { goalSound } }), {
    clock,
    input: { settings: defaultGoalPopupSettings, followedMatchIds: startFollows },
  });
  actor.start();
  return { actor, clock, playing: () => playing };
}

const delays: Record<string, number> = { goalSound: soundMs, popupAutoDismiss: autoDismissMs };

function replay(path: QueuePath): void {
  const clock = new TimerClock();
  const { actor, playing } = start(clock);
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    fireTimer: (delay) => {
      clock.fireNext(delays[delay]!);
      oracle.onTimer(delay);
    },
    sent: (e) => oracle.onEvent(e),
    check: (snapshot) => {
      expect(snapshot.context.queue).toEqual(oracle.queue);
      // The stack's counter is the number waiting behind the shown one.
      expect(waitingCount(snapshot)).toBe(Math.max(0, oracle.queue.length - 1));
      const showing = oracle.queue.length > 0 && !oracle.held;
      expect(shownPopup(snapshot)).toEqual(showing ? oracle.queue[0] : undefined);
      expect(snapshot.hasTag('popup')).toBe(showing);
      expect(heldCount(snapshot)).toBe(oracle.held ? oracle.queue.length : 0);
      expect(snapshot.context.queue.length).toBeLessThanOrEqual(oracle.held ? quietQueueLimit : Infinity);
      // Hover holds the timer; any other shown pop-up is timing.
      expect(snapshot.hasTag('timing')).toBe(oracle.timing);
      if (snapshot.context.hovered) expect(snapshot.hasTag('timing')).toBe(false);
      // Muted leagues never show nor wait.
      for (const goal of snapshot.context.queue) expect(snapshot.context.settings.mutedLeagues).not.toContain(goal.league_name);
      expect(snapshot.hasTag('sound')).toBe(oracle.sounding);
      expect(playing()).toBe(oracle.sounding ? 1 : 0);
    },
    event: words.event,
  });
  actor.stop();
}

const input = { settings: defaultGoalPopupSettings, followedMatchIds: startFollows };

const shortestOptions = {
  input,
  events: [...modelEvents, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({
      value,
      queued: context.queue.slice(0, 2).map((goal) => `${goal.kind} ${goal.league_name}`),
      settings: context.settings,
      hovered: context.hovered,
    }),
} satisfies Parameters<typeof getShortestPaths<typeof goalPopupQueueMachine>>[1];
const shortestPaths = getShortestPaths(goalPopupQueueMachine, shortestOptions);
const edgePaths = getEdgePaths(goalPopupQueueMachine, shortestOptions);

const followPaths = getShortestPaths(goalPopupQueueMachine, {
  input,
  events: [...followEvents, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({
      value,
      queued: context.queue.slice(0, 2).map((goal) => goal.match_id),
      scope: context.settings.scope,
      teams: context.settings.followedTeams.map((team) => team.zh),
      hovered: context.hovered,
      followed: context.followedMatchIds,
      quiet: context.quiet,
    }),
});

const simplePaths = getSimplePaths(goalPopupQueueMachine, {
  input,
  events: [premierGoal, { type: 'goal.dismissed' }, { type: 'stack.hovered' }, { type: 'stack.left' }, modelEvents[7]!, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({ value, queued: Math.min(context.queue.length, 2), voice: context.settings.voice, hovered: context.hovered }),
});

describe('goal pop-up queue machine: shortest paths', () => {
  it('reach idle, silent and sounding pop-ups, timing and held', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toEqual(
      new Set([
        '"idle"',
        '{"showing":{"sound":"silent","timer":"running"}}',
        '{"showing":{"sound":"silent","timer":"held"}}',
        '{"showing":{"sound":"sounding","timer":"running"}}',
        '{"showing":{"sound":"sounding","timer":"held"}}',
      ]),
    );
  });
  for (const path of shortestPaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine: follows and quiet pages', () => {
  it('reach the stack put away on a quiet page, with follows and scope changed', () => {
    expect(followPaths.some((path) => path.state.value === 'held')).toBe(true);
    expect(followPaths.some((path) => path.state.context.settings.scope === 'all' && path.state.hasTag('popup'))).toBe(true);
    expect(followPaths.some((path) => path.state.context.followedMatchIds.includes(2) && path.state.hasTag('popup'))).toBe(true);
  });
  for (const path of followPaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine: simple paths', () => {
  it('include the end of the sound and the auto-dismiss', () => {
    const delaysTaken = new Set(simplePaths.flatMap((path) => path.steps.map((step) => delayOf(step.event))));
    expect(delaysTaken).toContain('goalSound');
    expect(delaysTaken).toContain('popupAutoDismiss');
  });
  for (const path of simplePaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine: a path through each edge', () => {
  for (const path of edgePaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine on the clock', () => {
  it('shows three goals one at a time, in order, closed one by one, the counter counting down', () => {
    const { actor } = start();
    for (const home of [1, 2, 3]) actor.send({ type: 'goal.received', goal: event('goal', home) });
    const shown: [number, number][] = [];
    while (actor.getSnapshot().hasTag('popup')) {
      shown.push([shownPopup(actor.getSnapshot())!.home_score, waitingCount(actor.getSnapshot())]);
      actor.send({ type: 'goal.dismissed' });
    }
    expect(shown).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ]);
  });

  it('sounds for 6 s exactly when voice is on', () => {
    const { actor, clock } = start();
    actor.send({ type: 'settings.changed', settings: voiceOn });
    actor.send({ type: 'goal.received', goal: event('goal', 1) });
    clock.increment(soundMs - 1);
    expect(actor.getSnapshot().hasTag('sound')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('sound')).toBe(false);
    expect(actor.getSnapshot().hasTag('popup')).toBe(true);
  });

  it('closes each pop-up after 10 s, and never while the stack is hovered', () => {
    const { actor, clock } = start();
    for (const home of [1, 2]) actor.send({ type: 'goal.received', goal: event('goal', home) });
    clock.increment(autoDismissMs - 1);
    expect(shownPopup(actor.getSnapshot())?.home_score).toBe(1);
    clock.increment(1);
    expect(shownPopup(actor.getSnapshot())?.home_score).toBe(2);
    actor.send({ type: 'stack.hovered' });
    clock.increment(10 * autoDismissMs);
    expect(shownPopup(actor.getSnapshot())?.home_score).toBe(2);
    // Leaving gives the pop-up a whole delay again.
    actor.send({ type: 'stack.left' });
    clock.increment(autoDismissMs - 1);
    expect(actor.getSnapshot().hasTag('popup')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('drops a league muted while its pop-ups wait, and lets the others through', () => {
    const { actor } = start();
    actor.send(premierGoal);
    actor.send(ligaGoal);
    actor.send(premierGoal);
    actor.send({ type: 'settings.changed', settings: premierMuted });
    expect(actor.getSnapshot().context.queue.map((goal) => goal.league_name)).toEqual(['西甲']);
    actor.send(premierGoal);
    expect(waitingCount(actor.getSnapshot())).toBe(0);
  });

  it('shows only the followed matches and teams by default, and every match when asked', () => {
    const { actor } = start();
    actor.send(unfollowedGoal);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'settings.changed', settings: unitedFollowed });
    actor.send(unfollowedGoal);
    expect(shownPopup(actor.getSnapshot())?.match_id).toBe(2);
    actor.send({ type: 'goal.dismissed' });
    actor.send({ type: 'settings.changed', settings: defaultGoalPopupSettings });
    actor.send({ type: 'follows.changed', matchIds: [2] });
    actor.send(premierGoal);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(unfollowedGoal);
    expect(shownPopup(actor.getSnapshot())?.match_id).toBe(2);
    actor.send({ type: 'goal.dismissed' });
    actor.send({ type: 'follows.changed', matchIds: [] });
    actor.send({ type: 'settings.changed', settings: everyMatch });
    actor.send(unfollowedGoal);
    expect(shownPopup(actor.getSnapshot())?.match_id).toBe(2);
  });

  it('holds the newest pop-ups quietly on a quiet page, and shows them on leaving it', () => {
    const { actor, clock } = start();
    actor.send({ type: 'page.quieted' });
    for (const home of [1, 2, 3, 4, 5, 6, 7]) actor.send({ type: 'goal.received', goal: event('goal', home) });
    expect(actor.getSnapshot().hasTag('popup')).toBe(false);
    expect(heldCount(actor.getSnapshot())).toBe(quietQueueLimit);
    // Nothing closes them while they are put away.
    clock.increment(10 * autoDismissMs);
    expect(heldCount(actor.getSnapshot())).toBe(quietQueueLimit);
    actor.send({ type: 'page.opened' });
    expect(shownPopup(actor.getSnapshot())?.home_score).toBe(3);
    expect(waitingCount(actor.getSnapshot())).toBe(quietQueueLimit - 1);
    // A pop-up shown when the user opens a quiet page goes back into the queue, first in line.
    actor.send({ type: 'page.quieted' });
    expect(heldCount(actor.getSnapshot())).toBe(quietQueueLimit);
    actor.send({ type: 'held.opened' });
    expect(shownPopup(actor.getSnapshot())?.home_score).toBe(3);
  });

  it('forgets a quiet page left with nothing held, and puts the stack away for good when the settings drop every held one', () => {
    const { actor } = start();
    actor.send({ type: 'page.quieted' });
    expect(actor.getSnapshot().context.quiet).toBe(true);
    actor.send({ type: 'page.opened' });
    expect(actor.getSnapshot().context.quiet).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'page.quieted' });
    actor.send(premierGoal);
    expect(heldCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'settings.changed', settings: { ...defaultGoalPopupSettings, goal: false } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(heldCount(actor.getSnapshot())).toBe(0);
  });

  it('muting the sounding league stops its sound and sounds the next league anew', () => {
    const { actor, clock, playing } = start();
    actor.send({ type: 'settings.changed', settings: voiceOn });
    actor.send(premierGoal);
    actor.send(ligaGoal);
    clock.increment(soundMs / 2);
    actor.send({ type: 'settings.changed', settings: { ...voiceOn, mutedLeagues: ['英超'] } });
    expect(shownPopup(actor.getSnapshot())?.league_name).toBe('西甲');
    expect(playing()).toBe(1);
    clock.increment(soundMs - 1);
    expect(actor.getSnapshot().hasTag('sound')).toBe(true);
    actor.send({ type: 'settings.changed', settings: { ...voiceOn, mutedLeagues: ['英超', '西甲'] } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(playing()).toBe(0);
  });
});

describeCoverage(goalPopupQueueMachine);
