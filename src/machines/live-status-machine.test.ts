import { SimulatedClock } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { describePath, replaySteps, type PathWords } from './path-replay.ts';
import {
  liveStatusMachine,
  liveStatusOf,
  type LiveStatus,
  type LiveStatusEvent,
  type LiveStatusInput,
  type LiveStatusSnapshot,
} from './live-status-machine.ts';

type LivePath = StatePath<LiveStatusSnapshot, LiveStatusEvent>;

const events: LiveStatusEvent[] = [
  { type: 'match.kicked_off' },
  { type: 'period.ended' },
  { type: 'period.started' },
  { type: 'match.ended' },
];

// The shapes of match the score feed plays (server/feed), written out here rather than imported, so the
// machine is checked against what a match is, not against the feed.
const formats: Array<{ name: string; input: LiveStatusInput; mostPeriods: number }> = [
  { name: 'football league match', input: { regulationPeriods: 2, maxPeriods: 2 }, mostPeriods: 2 },
  { name: 'football knockout tie', input: { regulationPeriods: 2, maxPeriods: 5 }, mostPeriods: 5 },
  // Overtimes have no limit; the walk stops after two of them.
  { name: 'basketball', input: { regulationPeriods: 4, maxPeriods: null }, mostPeriods: 6 },
  { name: 'e-sports best of 3', input: { regulationPeriods: 2, maxPeriods: 3 }, mostPeriods: 3 },
  { name: 'e-sports best of 1', input: { regulationPeriods: 1, maxPeriods: 1 }, mostPeriods: 1 },
];

/** What a match is, tracked from the events alone. */
class MatchOracle {
  status: LiveStatus = 'not_started';
  inInterval = false;
  period = 0;

  constructor(private readonly input: LiveStatusInput) {}

  onEvent(event: LiveStatusEvent): void {
    const limit = this.input.maxPeriods ?? Infinity;
    if (event.type === 'match.kicked_off' && this.status === 'not_started') {
      this.status = 'in_progress';
      this.period = 1;
    } else if (event.type === 'period.ended' && this.status === 'in_progress' && !this.inInterval && this.period < limit) {
      this.inInterval = true;
    } else if (event.type === 'period.started' && this.inInterval) {
      this.inInterval = false;
      this.period += 1;
    } else if (event.type === 'match.ended' && this.status === 'in_progress' && !this.inInterval) {
      if (this.period >= this.input.regulationPeriods) this.status = 'over';
    }
  }

  canEnd(): boolean {
    return this.status === 'in_progress' && !this.inInterval && this.period >= this.input.regulationPeriods;
  }
}

const words: PathWords<LiveStatusSnapshot, LiveStatusEvent> = {
  state: ({ value, context }) => `${typeof value === 'string' ? value : JSON.stringify(value)} period ${context.period}`,
};

function replay(input: LiveStatusInput, path: LivePath): void {
  const actor = createActor(liveStatusMachine, { input, clock: new SimulatedClock() });
  actor.start();
  const oracle = new MatchOracle(input);
  replaySteps(actor, path, {
    sent: (event) => oracle.onEvent(event),
    check: (snapshot) => {
      expect(liveStatusOf(snapshot)).toBe(oracle.status);
      expect(snapshot.context.period).toBe(oracle.period);
      expect(snapshot.matches({ in_progress: 'interval' })).toBe(oracle.status === 'in_progress' && oracle.inInterval);
      expect(snapshot.can({ type: 'match.ended' })).toBe(oracle.canEnd());
      expect(snapshot.status === 'done').toBe(oracle.status === 'over');
      // A period count outside the format can never be reached.
      expect(snapshot.context.period).toBeLessThanOrEqual(input.maxPeriods ?? Infinity);
    },
  });
  actor.stop();
}

for (const format of formats) {
  const { input } = format;
  // Stops the walk of unlimited formats; a bounded format never needs it.
  const withinWalk = (snapshot: LiveStatusSnapshot, event: LiveStatusEvent) =>
    !(event.type === 'period.started' && snapshot.context.period >= format.mostPeriods);
  const serializeState = (snapshot: LiveStatusSnapshot) => JSON.stringify({ value: snapshot.value, period: snapshot.context.period });
  const shortestPaths = getShortestPaths(liveStatusMachine, { events, input, filterEvents: withinWalk, serializeState });
  const simplePaths = getSimplePaths(liveStatusMachine, { events, input, filterEvents: withinWalk, serializeState });

  describe(`live status machine, ${format.name}: shortest paths`, () => {
    it('reach not started, every period played, every interval and over after each possible period', () => {
      const reached = new Set(shortestPaths.map((path) => JSON.stringify([path.state.value, path.state.context.period])));
      // A bounded format has no interval after its last period; the walk of an unbounded one stops inside one.
      const intervals = input.maxPeriods === null ? format.mostPeriods : format.mostPeriods - 1;
      const overs = format.mostPeriods - input.regulationPeriods + 1;
      const expected = 1 + format.mostPeriods + intervals + overs;
      expect(reached.size).toBe(expected);
    });

    for (const path of shortestPaths) it(describePath(path, words), () => replay(input, path));
  });

  describe(`live status machine, ${format.name}: simple paths`, () => {
    it('include a path to over after every possible number of periods', () => {
      const overAfter = new Set(simplePaths.filter((path) => path.state.value === 'over').map((path) => path.state.context.period));
      const possible = Array.from(
        { length: format.mostPeriods - input.regulationPeriods + 1 },
        (_, index) => input.regulationPeriods + index,
      );
      expect([...overAfter].sort()).toEqual(possible);
    });

    for (const path of simplePaths) it(describePath(path, words), () => replay(input, path));
  });
}

describe('live status machine rules', () => {
  const football = { regulationPeriods: 2, maxPeriods: 2 };

  it('does not end a match before its regulation periods are played', () => {
    const actor = createActor(liveStatusMachine, { input: football, clock: new SimulatedClock() }).start();
    actor.send({ type: 'match.kicked_off' });
    actor.send({ type: 'match.ended' });
    expect(liveStatusOf(actor.getSnapshot())).toBe('in_progress');
  });

  it('ends a match only at a whistle, not during an interval', () => {
    const actor = createActor(liveStatusMachine, { input: football, clock: new SimulatedClock() }).start();
    actor.send({ type: 'match.kicked_off' });
    actor.send({ type: 'period.ended' });
    expect(actor.getSnapshot().can({ type: 'match.ended' })).toBe(false);
  });

  it('has no interval after the last period a format allows', () => {
    const actor = createActor(liveStatusMachine, { input: football, clock: new SimulatedClock() }).start();
    for (const type of ['match.kicked_off', 'period.ended', 'period.started'] as const) actor.send({ type });
    expect(actor.getSnapshot().can({ type: 'period.ended' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'match.ended' })).toBe(true);
  });

  it('never goes back from over', () => {
    const actor = createActor(liveStatusMachine, { input: football, clock: new SimulatedClock() }).start();
    for (const type of ['match.kicked_off', 'period.ended', 'period.started', 'match.ended'] as const) actor.send({ type });
    expect(liveStatusOf(actor.getSnapshot())).toBe('over');
    for (const event of events) expect(actor.getSnapshot().can(event)).toBe(false);
  });

  it('restores a stored match and goes on from there', () => {
    const snapshot = liveStatusMachine.resolveState({
      value: { in_progress: 'interval' },
      context: { regulationPeriods: 4, maxPeriods: null, period: 4 },
    });
    expect(snapshot.can({ type: 'period.started' })).toBe(true);
    expect(snapshot.can({ type: 'match.ended' })).toBe(false);
  });
});

describeCoverage(liveStatusMachine);
