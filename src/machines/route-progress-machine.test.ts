import { SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { delayOf, describePath, getEdgePaths, type PathWords, replaySteps, timerEventsOf } from './path-replay.ts';
import { routeProgressMachine, type RouteProgressEvent } from './route-progress-machine.ts';

// SPEC §9, written out here so the machine is checked against the spec, not against itself.
const progressEndMs = 500;
const chunkLoadTimeoutMs = 120_000;
const delayMs: Record<string, number> = { progressEnd: progressEndMs, chunkLoadTimeout: chunkLoadTimeoutMs };

type ProgressSnapshot = ReturnType<typeof routeProgressMachine.transition>;
type ProgressPath = StatePath<ProgressSnapshot, RouteProgressEvent>;

const started: RouteProgressEvent = { type: 'route.started' };
const settled: RouteProgressEvent = { type: 'route.settled' };

// A timer's step is named by its delay alone.
const words: PathWords<ProgressSnapshot, RouteProgressEvent> = { state: ({ value }) => String(value), event: delayOf };

/** What SPEC §1 and §9 say about the bar, tracked from the events and the clock alone. */
class SpecOracle {
  visible = false;
  private loadingSince: number | null = null;
  private settledAt: number | null = null;

  onEvent(event: RouteProgressEvent, now: number): void {
    if (event.type === 'route.started') {
      if (this.loadingSince === null) this.loadingSince = now;
      this.settledAt = null;
      this.visible = true;
    } else if (this.visible) {
      this.loadingSince = null;
      this.settledAt = now;
    }
  }

  onTime(now: number): void {
    if (this.settledAt !== null && now - this.settledAt >= progressEndMs) this.end();
    if (this.loadingSince !== null && now - this.loadingSince >= chunkLoadTimeoutMs) this.end();
  }

  private end(): void {
    this.visible = false;
    this.loadingSince = null;
    this.settledAt = null;
  }
}

function replay(path: ProgressPath): void {
  const clock = new SimulatedClock();
  const actor = createActor(routeProgressMachine, { clock });
  actor.start();
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    fireTimer: (delay) => {
      const ms = delayMs[delay];
      if (ms === undefined) throw new Error(`unknown delay ${delay}`);
      // One ms short of the delay the bar is still as it was; at the delay the timer fires.
      clock.increment(ms - 1);
      oracle.onTime(clock.now());
      expect(actor.getSnapshot().hasTag('visible')).toBe(oracle.visible);
      clock.increment(1);
      oracle.onTime(clock.now());
    },
    sent: (event) => oracle.onEvent(event, clock.now()),
    check: (snapshot) => {
      expect(snapshot.hasTag('visible')).toBe(oracle.visible);
      expect(snapshot.hasTag('finishing')).toBe(snapshot.matches('ending'));
    },
    event: words.event,
  });
  actor.stop();
}

const events = [started, settled, ...timerEventsOf(routeProgressMachine)];
const shortestPaths = getShortestPaths(routeProgressMachine, { events });
const edgePaths = getEdgePaths(routeProgressMachine, { events });
const simplePaths = getSimplePaths(routeProgressMachine, { events });

describe('route progress machine: shortest paths', () => {
  it('reach idle, running and ending', () => {
    expect(new Set(shortestPaths.map((path) => String(path.state.value)))).toEqual(new Set(['idle', 'running', 'ending']));
  });
  for (const path of shortestPaths) it(describePath(path, words), () => replay(path));
});

describe('route progress machine: simple paths', () => {
  for (const path of simplePaths) it(describePath(path, words), () => replay(path));
});

describe('route progress machine: a path through each edge', () => {
  for (const path of edgePaths) it(describePath(path, words), () => replay(path));
});

describe('route progress machine: the spec in time', () => {
  it('ends exactly 500 ms after the route change, not before', () => {
    const clock = new SimulatedClock();
    const actor = createActor(routeProgressMachine, { clock }).start();
    actor.send(started);
    clock.increment(3000);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    actor.send(settled);
    clock.increment(499);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('restarts the 500 ms when another change settles while ending', () => {
    const clock = new SimulatedClock();
    const actor = createActor(routeProgressMachine, { clock }).start();
    actor.send(started);
    actor.send(settled);
    clock.increment(400);
    actor.send(settled);
    clock.increment(400);
    expect(actor.getSnapshot().matches('ending')).toBe(true);
    clock.increment(100);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('gives up after the 120 s chunk load timeout', () => {
    const clock = new SimulatedClock();
    const actor = createActor(routeProgressMachine, { clock }).start();
    actor.send(started);
    clock.increment(119_999);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describeCoverage(routeProgressMachine);
