import { SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { describePath, getEdgePaths, type PathWords, replaySteps, TimerClock, timerEventsOf } from './path-replay.ts';
import {
  danmakuFontPx,
  danmakuLaneMachine,
  defaultDanmakuSettings,
  laneCountOf,
  laneGapPx,
  maxQueued,
  speedOf,
  type DanmakuItem,
  type DanmakuLaneEvent,
  type DanmakuLaneSnapshot,
  type DanmakuLaunch,
  type DanmakuSettings,
  type DanmakuStage,
} from './danmaku-lane-machine.ts';

type LanePath = StatePath<DanmakuLaneSnapshot, DanmakuLaneEvent>;

// A small picture keeps the graph small: two lanes over the whole of it, one over its half, none
// in its top third at the medium size.
const stage: DanmakuStage = { width: 480, height: 50 };
const wideStage: DanmakuStage = { width: 960, height: 100 };
const queueLimit = 2;

const item = (id: string, width: number, isMine = false): DanmakuItem => ({ id, text: id, isMine, width });
const other = { type: 'message.received', item: item('other', 120) } as const;
const mine = { type: 'message.received', item: item('mine', 60, true) } as const;
const settings = (changes: Partial<DanmakuSettings>): DanmakuLaneEvent => ({ type: 'settings.changed', settings: { ...defaultDanmakuSettings, ...changes } });

const modelEvents: DanmakuLaneEvent[] = [
  other,
  mine,
  { type: 'video.paused' },
  { type: 'video.resumed' },
  settings({ show: false }),
  settings({}),
  settings({ area: 2 }),
  settings({ area: 1 }),
  settings({ opacity: 40 }),
  { type: 'stage.resized', stage: wideStage },
];
const timerEvents = timerEventsOf(danmakuLaneMachine);

const words: PathWords<DanmakuLaneSnapshot, DanmakuLaneEvent> = {
  state: ({ value, context }) => `${JSON.stringify(value)} with ${String(context.queue.length)} queued, ${String(context.lanes.filter((at) => at > 0).length)}/${String(context.lanes.length)} lanes busy`,
  event: (e) => {
    if (e.type === 'message.received') return `message(${e.item.id})`;
    if (e.type === 'settings.changed') return `settings(${JSON.stringify(e.settings)})`;
    if (e.type === 'stage.resized') return `stage(${String(e.stage.width)}x${String(e.stage.height)})`;
    return undefined;
  },
};

// The graph walk cannot move a clock: it runs at time 0 and only the lane timer frees a lane.
// Each replay runs on a TimerClock that fires the timer without moving, so both agree.
const graphInput = { settings: defaultDanmakuSettings, stage, queueLimit, now: () => 0 };

const serializeState = ({ value, context }: DanmakuLaneSnapshot) =>
  JSON.stringify({
    value,
    queue: context.queue.map((entry) => entry.id),
    lanes: context.lanes,
    settings: context.settings,
    stage: context.stage,
    paused: context.videoPaused,
  });

const shortestOptions = { input: graphInput, events: [...modelEvents, ...timerEvents], serializeState };
const shortestPaths = getShortestPaths(danmakuLaneMachine, shortestOptions);
const edgePaths = getEdgePaths(danmakuLaneMachine, shortestOptions);
// Simple paths on one lane (the top half), or every order of events would be walked.
const halfSettings: DanmakuSettings = { ...defaultDanmakuSettings, area: 2 };
const simpleInput = { ...graphInput, settings: halfSettings };
const simplePaths = getSimplePaths(danmakuLaneMachine, {
  input: simpleInput,
  events: [other, { type: 'video.paused' }, { type: 'video.resumed' }, { type: 'settings.changed', settings: { ...halfSettings, show: false } }, ...timerEvents],
  serializeState: ({ value, context }) =>
    JSON.stringify({ value, queue: context.queue.length, busy: context.lanes.map((at) => at > 0), paused: context.videoPaused, show: context.settings.show }),
});

/** The lane rules, tracked from the events and the launches alone. */
class LaneOracle {
  stage = stage;
  paused = false;
  queue: DanmakuItem[] = [];
  busy: boolean[];
  busyUntil: number[];
  /** When the last item of each lane has left (the replay's clock stands at 0). */
  ends: number[] = [];
  launches: DanmakuLaunch[] = [];
  cleared = 0;

  constructor(public settings: DanmakuSettings) {
    this.busy = Array.from({ length: laneCountOf(settings, stage) }, () => false);
    this.busyUntil = this.busy.map(() => 0);
  }

  private reset(): void {
    this.ends = [];
    this.queue = [];
    this.busy = Array.from({ length: laneCountOf(this.settings, this.stage) }, () => false);
    this.busyUntil = this.busy.map(() => 0);
  }

  private launch(): void {
    if (!this.settings.show || this.paused) return;
    for (let lane = this.busy.indexOf(false); lane >= 0 && this.queue.length > 0; lane = this.busy.indexOf(false)) {
      const next = this.queue.shift()!;
      this.busy[lane] = true;
      this.busyUntil[lane] = (next.width + laneGapPx(this.settings, this.stage)) / speedOf(this.stage);
      this.ends[lane] = (this.stage.width + next.width) / speedOf(this.stage);
      this.launches.push({
        type: 'danmaku.launched',
        item: next,
        lane,
        top: lane * danmakuFontPx(this.settings.size, this.stage.width) * 1.4,
        fontPx: danmakuFontPx(this.settings.size, this.stage.width),
        durationMs: (this.stage.width + next.width) / speedOf(this.stage),
      });
    }
  }

  onEvent(e: DanmakuLaneEvent): void {
    switch (e.type) {
      case 'message.received': {
        if (!this.settings.show) return;
        const queue = e.item.isMine ? [...this.queue.filter((q) => q.isMine), e.item, ...this.queue.filter((q) => !q.isMine)] : [...this.queue, e.item];
        if (queue.length > queueLimit) {
          const drop = queue.findIndex((q) => !q.isMine);
          queue.splice(drop < 0 ? 0 : drop, 1);
        }
        this.queue = queue;
        break;
      }
      case 'video.paused':
        this.paused = true;
        break;
      case 'video.resumed':
        this.paused = false;
        break;
      case 'settings.changed': {
        const before = this.settings;
        this.settings = e.settings;
        const geometry = before.area !== e.settings.area || before.size !== e.settings.size;
        if (!e.settings.show || geometry) {
          if (before.show) this.cleared += 1;
          this.reset();
        }
        break;
      }
      case 'stage.resized': {
        // Items in flight stay; every lane waits until the last of them has left.
        const lastEnd = Math.max(0, ...this.ends.filter((at) => at !== undefined));
        this.stage = e.stage;
        this.reset();
        this.busy = this.busy.map(() => lastEnd > 0);
        this.busyUntil = this.busy.map(() => lastEnd);
        this.ends = lastEnd > 0 ? this.busy.map(() => lastEnd) : [];
        break;
      }
    }
    this.launch();
  }

  onTimer(): void {
    const first = this.busyUntil.reduce((best, at, lane) => (this.busy[lane] && (best < 0 || at < this.busyUntil[best]!) ? lane : best), -1);
    if (first >= 0) this.busy[first] = false;
    this.launch();
  }
}

function replay(path: LanePath, input = graphInput): void {
  const clock = new TimerClock();
  const actor = createActor(danmakuLaneMachine, { clock, input: { ...input, now: () => clock.now() } });
  const launches: DanmakuLaunch[] = [];
  let cleared = 0;
  actor.on('danmaku.launched', (launch) => launches.push(launch));
  actor.on('danmaku.cleared', () => (cleared += 1));
  actor.start();
  const oracle = new LaneOracle(input.settings);
  replaySteps(actor, path, {
    fireTimer: (_, event) => {
      const pending = Math.max(0, Math.min(...actor.getSnapshot().context.lanes));
      expect(event.type).toContain('laneFree');
      clock.fireNext(pending);
      oracle.onTimer();
    },
    sent: (e) => oracle.onEvent(e),
    check: (snapshot) => {
      const { context } = snapshot;
      expect(launches).toEqual(oracle.launches);
      expect(cleared).toBe(oracle.cleared);
      expect(context.queue).toEqual(oracle.queue);
      expect(context.lanes.map((at) => at > 0)).toEqual(oracle.busy);
      // Lanes fit the area; the queue stays bounded; hidden danmaku hold nothing.
      expect(context.lanes).toHaveLength(laneCountOf(context.settings, context.stage));
      expect(context.queue.length).toBeLessThanOrEqual(queueLimit);
      expect(snapshot.hasTag('hidden')).toBe(!context.settings.show);
      if (!context.settings.show) expect(context.queue).toEqual([]);
      expect(snapshot.hasTag('paused')).toBe(context.settings.show && context.videoPaused);
      // Moving with a free lane, nothing waits.
      if (snapshot.hasTag('moving') && context.lanes.some((at) => at <= 0)) expect(context.queue).toEqual([]);
      // Own messages wait ahead of the others.
      const firstOther = context.queue.findIndex((entry) => !entry.isMine);
      if (firstOther >= 0) expect(context.queue.slice(firstOther).every((entry) => !entry.isMine)).toBe(true);
    },
    event: words.event,
  });
  actor.stop();
}

describe('danmaku lane machine: shortest paths', () => {
  it('reach hidden, paused, flowing and waiting', () => {
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toEqual(new Set(['"hidden"', '"paused"', '{"running":"flowing"}', '{"running":"waiting"}']));
  });
  for (const path of shortestPaths) it(describePath(path, words), () => replay(path));
});

describe('danmaku lane machine: simple paths', () => {
  it('include the lane timer', () => {
    expect(simplePaths.some((path) => path.steps.some((step) => step.event.type.includes('laneFree')))).toBe(true);
  });
  for (const path of simplePaths) it(describePath(path, words), () => replay(path, simpleInput));
});

describe('danmaku lane machine: a path through each edge', () => {
  for (const path of edgePaths) it(describePath(path, words), () => replay(path));
});

/** A small seeded generator, so a failing run can be repeated. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

interface Flight {
  launch: DanmakuLaunch;
  /** Played time (pauses left out) when it entered at the right edge. */
  start: number;
}

describe('danmaku lanes on the clock', () => {
  it('never overlap two items of a lane, at 30 messages a second with pauses', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const next = random(seed);
      const clock = new SimulatedClock();
      const stageNow: DanmakuStage = { width: 400 + Math.floor(next() * 900), height: 150 + Math.floor(next() * 500) };
      const size = (1 + Math.floor(next() * 3)) as 1 | 2 | 3;
      const area = (1 + Math.floor(next() * 3)) as 1 | 2 | 3;
      const laneSettings: DanmakuSettings = { ...defaultDanmakuSettings, size, area };
      const actor = createActor(danmakuLaneMachine, { clock, input: { settings: laneSettings, stage: stageNow, now: () => clock.now() } });
      // Played time is the clock less the time spent paused (pauses begin and end between steps).
      let pausedTotal = 0;
      let pausedSince = 0;
      let paused = false;
      const flights: Flight[] = [];
      actor.on('danmaku.launched', (launch) => flights.push({ launch, start: clock.now() - pausedTotal }));
      actor.start();
      let sent = 0;
      for (let step = 0; step < 600; step += 1) {
        const text = 'x'.repeat(1 + Math.floor(next() * 30));
        const width = text.length * danmakuFontPx(size, stageNow.width) * 0.6;
        actor.send({ type: 'message.received', item: { id: String(sent), text, isMine: next() < 0.05, width } });
        sent += 1;
        if (next() < 0.02) {
          paused = !paused;
          if (paused) pausedSince = clock.now();
          else pausedTotal += clock.now() - pausedSince;
          actor.send({ type: paused ? 'video.paused' : 'video.resumed' });
        }
        // 30 a second: 33 ms of which the picture plays unless paused.
        clock.increment(33);
        expect(actor.getSnapshot().context.queue.length).toBeLessThanOrEqual(maxQueued);
      }
      const speed = speedOf(stageNow);
      const gap = laneGapPx(laneSettings, stageNow);
      const lanes = new Map<number, Flight[]>();
      for (const flight of flights) lanes.set(flight.launch.lane, [...(lanes.get(flight.launch.lane) ?? []), flight]);
      expect(flights.length).toBeGreaterThan(0);
      for (const [lane, laneFlights] of lanes) {
        expect(lane).toBeLessThan(laneCountOf(laneSettings, stageNow));
        for (let index = 1; index < laneFlights.length; index += 1) {
          const before = laneFlights[index - 1]!;
          const after = laneFlights[index]!;
          // When the later one enters at the right edge, the earlier one's tail is a gap inside it,
          // and at one speed the distance never shrinks.
          const tail = stageNow.width - (after.start - before.start) * speed + before.launch.item.width;
          expect(tail, `seed ${String(seed)} lane ${String(lane)}`).toBeLessThanOrEqual(stageNow.width - gap + 1e-6);
        }
      }
      actor.stop();
    }
  });

  it('keeps the newest messages when every lane is busy, and never drops the viewer’s own', () => {
    const clock = new SimulatedClock();
    const actor = createActor(danmakuLaneMachine, { clock, input: { settings: { ...defaultDanmakuSettings, area: 1 }, stage: { width: 960, height: 101 }, now: () => clock.now() } });
    const launched: string[] = [];
    actor.on('danmaku.launched', (launch) => launched.push(launch.item.id));
    actor.start();
    expect(actor.getSnapshot().context.lanes).toHaveLength(1);
    for (let index = 0; index < 40; index += 1) actor.send({ type: 'message.received', item: item(`m${String(index)}`, 300, index === 3) });
    const queue = actor.getSnapshot().context.queue.map((entry) => entry.id);
    expect(launched).toEqual(['m0']);
    expect(queue).toHaveLength(maxQueued);
    expect(queue[0]).toBe('m3');
    expect(queue.slice(1)).toEqual(Array.from({ length: maxQueued - 1 }, (_, index) => `m${String(40 - maxQueued + 1 + index)}`));
    expect(actor.getSnapshot().context.dropped).toBe(40 - 1 - maxQueued);
  });

  it('never flies a message withdrawn while it waits for a lane', () => {
    const clock = new SimulatedClock();
    const actor = createActor(danmakuLaneMachine, { clock, input: { settings: { ...defaultDanmakuSettings, area: 1 }, stage: { width: 960, height: 101 }, now: () => clock.now() } });
    const launched: string[] = [];
    actor.on('danmaku.launched', (launch) => launched.push(launch.item.id));
    actor.start();
    for (const id of ['first', 'deleted', 'kept']) actor.send({ type: 'message.received', item: item(id, 300) });
    expect(actor.getSnapshot().context.queue.map((entry) => entry.id)).toEqual(['deleted', 'kept']);
    actor.send({ type: 'message.withdrawn', id: 'deleted' });
    for (let step = 0; step < 200; step += 1) clock.increment(100);
    expect(launched).toEqual(['first', 'kept']);
  });

  it('frees a lane once the last item has entered with a gap, later by the time the video was paused', () => {
    const clock = new SimulatedClock();
    const wide: DanmakuStage = { width: 960, height: 101 };
    const actor = createActor(danmakuLaneMachine, { clock, input: { settings: { ...defaultDanmakuSettings, area: 1 }, stage: wide, now: () => clock.now() } });
    const launched: string[] = [];
    actor.on('danmaku.launched', (launch) => launched.push(launch.item.id));
    actor.start();
    actor.send({ type: 'message.received', item: item('a', 216) });
    actor.send({ type: 'message.received', item: item('b', 100) });
    // 216 px plus a 24 px gap at 960 px per 7 s: 1750 ms.
    const freeMs = (216 + 24) / speedOf(wide);
    expect(freeMs).toBe(1750);
    clock.increment(1000);
    actor.send({ type: 'video.paused' });
    clock.increment(5000);
    expect(launched).toEqual(['a']);
    actor.send({ type: 'video.resumed' });
    clock.increment(749);
    expect(launched).toEqual(['a']);
    clock.increment(1);
    expect(launched).toEqual(['a', 'b']);
  });

  it('clears on show=false, takes nothing while hidden, and starts afresh when shown', () => {
    const clock = new SimulatedClock();
    const actor = createActor(danmakuLaneMachine, { clock, input: { settings: defaultDanmakuSettings, stage: wideStage, now: () => clock.now() } });
    let cleared = 0;
    actor.on('danmaku.cleared', () => (cleared += 1));
    actor.start();
    actor.send({ type: 'message.received', item: item('a', 100) });
    actor.send({ type: 'settings.changed', settings: { ...defaultDanmakuSettings, show: false } });
    expect(cleared).toBe(1);
    actor.send({ type: 'message.received', item: item('b', 100) });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'settings.changed', settings: defaultDanmakuSettings });
    expect(actor.getSnapshot().context.lanes.every((at) => at === -Infinity)).toBe(true);
    // Opacity alone leaves the flying items where they are.
    actor.send({ type: 'settings.changed', settings: { ...defaultDanmakuSettings, opacity: 30 } });
    expect(cleared).toBe(1);
  });

  it('opens hidden when the saved settings hide the danmaku, dropping what arrives', () => {
    const clock = new SimulatedClock();
    const hiddenSettings = { ...defaultDanmakuSettings, show: false };
    const actor = createActor(danmakuLaneMachine, { clock, input: { settings: hiddenSettings, stage: wideStage, now: () => clock.now() } }).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'message.received', item: item('a', 100) });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('fits fewer lanes in the top third than in half and in the whole picture, and fewer for larger letters', () => {
    const picture = { width: 1280, height: 720 };
    const counts = ([1, 2, 3] as const).map((area) => laneCountOf({ area, size: 2 }, picture));
    expect(counts).toEqual([7, 10, 21]);
    expect(laneCountOf({ area: 3, size: 1 }, picture)).toBeGreaterThan(laneCountOf({ area: 3, size: 3 }, picture));
  });
});

describeCoverage(danmakuLaneMachine);
