import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { delayOf, describePath, replaySteps, timerEventsOf, type PathWords } from './path-replay.ts';
import {
  defaultGoalPopupSettings,
  goalPopupQueueMachine,
  type GoalEvent,
  type GoalPopupQueueEvent,
  type GoalPopupSettings,
} from './goal-popup-queue-machine.ts';

// SPEC §3 and §4: red and yellow on, voice off by default; the sound plays for 6 s.
const soundMs = 6_000;

type Snapshot = ReturnType<typeof goalPopupQueueMachine.transition>;
type QueuePath = StatePath<Snapshot, GoalPopupQueueEvent>;

const event = (kind: GoalEvent['kind'], home: number): GoalEvent => ({
  match_id: 1,
  league_name: '英超',
  league_name_en: 'Premier League',
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
const cardsOff: GoalPopupSettings = { red: false, yellow: false, voice: false };

const modelEvents: GoalPopupQueueEvent[] = [
  { type: 'goal.received', goal: event('goal', 1) },
  { type: 'goal.received', goal: event('red_card', 1) },
  { type: 'goal.received', goal: event('yellow_card', 1) },
  { type: 'goal.dismissed' },
  { type: 'settings.changed', settings: voiceOn },
  { type: 'settings.changed', settings: cardsOff },
];

const timerEvents = timerEventsOf(goalPopupQueueMachine);

const words: PathWords<Snapshot, GoalPopupQueueEvent> = {
  state: ({ value, context }) => `${JSON.stringify(value)} with ${String(context.queue.length)} queued`,
  event: (e) => {
    if ('goal' in e) return `${e.type}(${e.goal.kind})`;
    if ('settings' in e) return `${e.type}(${JSON.stringify(e.settings)})`;
    return undefined;
  },
};

/** SPEC §4 tracked from the events and the clock alone. */
class SpecOracle {
  settings = defaultGoalPopupSettings;
  queue: GoalEvent[] = [];
  soundUntil: number | null = null;

  onEvent(e: GoalPopupQueueEvent, now: number): void {
    if (e.type === 'settings.changed') this.settings = e.settings;
    if (e.type === 'goal.received') {
      const wanted = e.goal.kind === 'goal' || (e.goal.kind === 'red_card' ? this.settings.red : this.settings.yellow);
      if (!wanted) return;
      this.queue.push(e.goal);
      if (this.queue.length === 1) this.soundUntil = this.settings.voice ? now + soundMs : null;
    }
    if (e.type === 'goal.dismissed' && this.queue.length > 0) {
      this.queue.shift();
      this.soundUntil = this.queue.length > 0 && this.settings.voice ? now + soundMs : null;
    }
  }

  sounding(now: number): boolean {
    return this.soundUntil !== null && now < this.soundUntil;
  }
}

function start() {
  const clock = new SimulatedClock();
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

function replay(path: QueuePath): void {
  const { actor, clock, playing } = start();
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    fireTimer: () => clock.increment(soundMs),
    sent: (e) => oracle.onEvent(e, clock.now()),
    check: (snapshot) => {
      expect(snapshot.context.queue).toEqual(oracle.queue);
      expect(snapshot.hasTag('popup')).toBe(oracle.queue.length > 0);
      expect(snapshot.hasTag('sound')).toBe(oracle.sounding(clock.now()));
      expect(playing()).toBe(oracle.sounding(clock.now()) ? 1 : 0);
    },
    event: words.event,
  });
  actor.stop();
}

const input = { settings: defaultGoalPopupSettings };

const shortestPaths = getShortestPaths(goalPopupQueueMachine, {
  input,
  events: [...modelEvents, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({ value, queued: Math.min(context.queue.length, 3), settings: context.settings }),
});

const simplePaths = getSimplePaths(goalPopupQueueMachine, {
  input,
  events: [modelEvents[0]!, modelEvents[3]!, modelEvents[4]!, ...timerEvents],
  serializeState: ({ value, context }) => JSON.stringify({ value, queued: Math.min(context.queue.length, 2), voice: context.settings.voice }),
});

describe('goal pop-up queue machine: shortest paths', () => {
  it('reach idle, silent and sounding pop-ups', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toEqual(new Set(['"idle"', '{"showing":"silent"}', '{"showing":"sounding"}']));
  });
  for (const path of shortestPaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine: simple paths', () => {
  it('include the end of the sound', () => {
    expect(simplePaths.some((path) => path.steps.some((step) => delayOf(step.event) === 'goalSound'))).toBe(true);
  });
  for (const path of simplePaths) it(describePath(path, words), () => replay(path));
});

describe('goal pop-up queue machine on the clock', () => {
  it('shows three goals one at a time, in order, closed one by one', () => {
    const { actor } = start();
    for (const home of [1, 2, 3]) actor.send({ type: 'goal.received', goal: event('goal', home) });
    const shown: number[] = [];
    while (actor.getSnapshot().hasTag('popup')) {
      shown.push(actor.getSnapshot().context.queue[0]!.home_score);
      actor.send({ type: 'goal.dismissed' });
    }
    expect(shown).toEqual([1, 2, 3]);
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
});
