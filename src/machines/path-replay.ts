import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';

// Shared by the account machines' model-based tests: the paths of a machine, generated with
// xstate/graph, replayed into a real actor on a simulated clock, each path a named test.

/**
 * A SimulatedClock that can fire one pending timer of a given length on its own. The graph treats
 * a delay as one event; moving the whole clock would also fire shorter timers of parallel regions.
 */
export class TimerClock extends SimulatedClock {
  private readonly pending = new Map<number, { due: number; timeout: number; fn: () => void }>();

  override setTimeout(fn: () => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, timeout);
    this.pending.set(id, { due: this.now() + timeout, timeout, fn });
    return id;
  }

  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }

  fireNext(timeout: number): void {
    const [id, timer] =
      [...this.pending.entries()].filter(([, candidate]) => candidate.timeout === timeout).sort(([, a], [, b]) => a.due - b.due)[0] ?? [];
    if (id === undefined || !timer) throw new Error(`no pending ${String(timeout)} ms timer`);
    this.clearTimeout(id);
    timer.fn();
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

/** An event with its payload, as the graph walk sends it. */
export type ModelEvent = EventObject & Record<string, unknown>;

export interface ModelOptions {
  name: string;
  /** The machine with its actors stubbed (stubs never finish; their done and error events are sent). */
  machine: AnyStateMachine;
  input?: unknown;
  /** The events the graph walk may send, with their payloads. */
  events: ModelEvent[];
  simpleEvents?: ModelEvent[];
  /** Milliseconds of each named delay, written out from the spec. */
  delays?: Record<string, number>;
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
      const ms = options.delays?.[delay];
      if (ms === undefined) throw new Error(`unknown delay ${delay}`);
      clock.fireNext(ms);
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
