import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';

// Shared by the account machines' model-based tests: the paths of a machine, generated with
// xstate/graph, replayed into a real actor on a simulated clock, each path a named test.

/** A SimulatedClock that can advance to the moment a pending timer of a given length fires. */
export class TimerClock extends SimulatedClock {
  private readonly pending = new Map<number, { due: number; timeout: number }>();

  override setTimeout(fn: () => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, timeout);
    this.pending.set(id, { due: this.now() + timeout, timeout });
    return id;
  }

  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }

  advanceUntilFired(timeout: number): void {
    const dues = [...this.pending.values()].filter((timer) => timer.timeout === timeout).map((timer) => timer.due);
    if (dues.length === 0) throw new Error(`no pending ${String(timeout)} ms timer`);
    this.increment(Math.min(...dues) - this.now());
  }
}

export function delayOf(event: { type: string }): string | undefined {
  return /^xstate\.after\.(\w+)\./.exec(event.type)?.[1];
}

/** The machine's timer events (`xstate.after.<delay>.<state>`), named by XState. */
export function timerEventsOf(machine: AnyStateMachine): EventObject[] {
  return getStateNodes(machine.root).flatMap((node) => node.after.map((transition) => ({ type: transition.eventType })));
}

function describeEvent(event: EventObject): string {
  const delay = delayOf(event);
  if (delay) return `after ${delay}`;
  return event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
}

export function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  const steps = path.steps.filter((step) => step.event.type !== 'xstate.init').map((step) => describeEvent(step.event));
  return `${JSON.stringify(path.state.value)} via ${steps.length ? steps.join(' → ') : 'start'}`;
}

export interface ModelOptions {
  name: string;
  /** The machine with its actors stubbed (stubs never finish; their done and error events are sent). */
  machine: AnyStateMachine;
  input?: unknown;
  events: EventObject[];
  simpleEvents?: EventObject[];
  /** Milliseconds of each named delay, written out from the spec. */
  delays: Record<string, number>;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** What must hold in every state reached; throws through `expect`. */
  invariant: (snapshot: AnyMachineSnapshot) => void;
  /** Paths of more steps than this are not replayed by the simple-path walk. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

export function replayPath(
  options: ModelOptions,
  path: StatePath<AnyMachineSnapshot, EventObject>,
): void {
  const clock = new TimerClock();
  const actor = createActor(options.machine, { clock, input: options.input });
  actor.start();
  for (const step of path.steps) {
    const delay = delayOf(step.event);
    if (step.event.type === 'xstate.init') {
      // started above
    } else if (delay) {
      const ms = options.delays[delay];
      if (ms === undefined) throw new Error(`unknown delay ${delay}`);
      clock.advanceUntilFired(ms);
    } else {
      actor.send(step.event);
    }
    const snapshot: AnyMachineSnapshot = actor.getSnapshot();
    expect(snapshot.value, describeEvent(step.event)).toEqual(step.state.value);
    options.invariant(snapshot);
  }
  actor.stop();
}

/** Describes the machine's shortest and simple paths, one test each. */
export function describeModel(options: ModelOptions): void {
  const serializeState = options.serializeState ?? ((snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }));
  // A finished actor takes no more events; the graph would walk on from a final state.
  const filterEvents = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    snapshot.status === 'active' && (options.filterEvents?.(snapshot, event) ?? true);
  const graphOptions = { input: options.input, serializeState, filterEvents };
  const shortest = getShortestPaths(options.machine, { ...graphOptions, events: options.events });
  const simple = getSimplePaths(options.machine, { ...graphOptions, events: options.simpleEvents ?? options.events });
  describe(`${options.name}: shortest paths`, () => {
    for (const path of shortest) it(describePath(path), () => replayPath(options, path));
  });
  describe(`${options.name}: simple paths`, () => {
    for (const path of simple) it(describePath(path), () => replayPath(options, path));
  });
}
