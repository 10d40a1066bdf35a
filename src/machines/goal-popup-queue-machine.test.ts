import { fromCallback, SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { delayOf, describePath, getEdgePaths, type PathWords, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  defaultGoalPopupSettings,
  goalPopupQueueMachine,
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

const event = (kind: GoalEvent['kind'], home: number, league = '英超'): GoalEvent => ({
  match_id: 1,
  league_name: league,
  league_name_en: league === '英超' ? 'Premier League' : 'La Liga',
  kind,
  iszhu: 1,
  match_str: "67'",
  home_team_name_zh: '阿森纳',
  home_team_name_en: 'Arsenal',
  away_team_name_zh: '切尔西',
  away_team_name_en: 'Chelsea',
  home_score: home,
  away_score: 0,
});

const voiceOn: GoalPopupSettings = { ...defaultGoalPopupSettings, voice: true };
const cardsOff: GoalPopupSettings = { ...defaultGoalPopupSettings, red: false, yellow: false };
const premierMuted: GoalPopupSettings = { ...defaultGoalPopupSettings, mutedLeagues: ['英超'] };

const premierGoal = { type: 'goal.received', goal: event('goal', 1) } as const;
const ligaGoal = { type: 'goal.received', goal: event('goal', 1, '西甲') } as const;
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

const timerEvents = timerEventsOf(goalPopupQueueMachine);

const words: PathWords<Snapshot, GoalPopupQueueEvent> = {
  state: ({ value, context }) => `${JSON.stringify(value)} with ${String(context.queue.length)} queued`,
  event: (e) => {
    if ('goal' in e) return `${e.type}(${e.goal.kind} ${e.goal.league_name})`;
    if ('settings' in e) return `${e.type}(${JSON.stringify(e.settings)})`;
    return undefined;
  },
};

/** SPEC §4 and the stack's rules, tracked from the events alone. */
class SpecOracle {
  settings = defaultGoalPopupSettings;
  queue: GoalEvent[] = [];
  hovered = false;
  sounding = false;
  timing = false;

  private wanted(goal: GoalEvent): boolean {
    if (this.settings.mutedLeagues.includes(goal.league_name)) return false;
    return goal.kind === 'goal' ? this.settings.goal : goal.kind === 'red_card' ? this.settings.red : this.settings.yellow;
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
    const showing = this.queue.length > 0;
    switch (e.type) {
      case 'goal.received':
        if (!this.wanted(e.goal)) return;
        this.queue.push(e.goal);
        if (this.queue.length === 1) this.show();
        return;
      case 'goal.dismissed':
        this.dismiss();
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
    input: { settings: defaultGoalPopupSettings },
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
      expect(shownPopup(snapshot)).toEqual(oracle.queue[0]);
      expect(snapshot.hasTag('popup')).toBe(oracle.queue.length > 0);
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

const input = { settings: defaultGoalPopupSettings };

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
