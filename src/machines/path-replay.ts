import {
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  serializeSnapshot,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from './path-coverage.ts';

// Shared by the machines' model-based tests: the paths of a machine, generated with xstate/graph,
// replayed into a real actor on a simulated clock, each path a named test. `describeModel` does it
// all for a machine whose every state has an invariant; a test that follows the spec with an oracle
// of its own replays with `replaySteps` and names its paths with `describePath`.

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

/** XState's own start event, the first step of every path; it is none of the machine's events. */
export function isStartEvent(event: { type: string }): boolean {
  return event.type === 'xstate.init';
}

/**
 * The machine's timer events (`xstate.after.<delay>.<state>`). XState names them, so they are not in
 * the machine's event type, but the graph walk takes them as the machine's events.
 */
export function timerEventsOf<TMachine extends AnyStateMachine>(machine: TMachine): Array<EventFromLogic<TMachine>> {
  return getStateNodes(machine.root).flatMap((node) =>
    node.after.map((transition) => ({ type: transition.eventType }) as EventFromLogic<TMachine>),
  );
}

/** A machine's own words for an event whose payload matters; undefined leaves it to `describeEvent`. */
export type EventWords<TEvent> = (event: TEvent) => string | undefined;

export function describeEvent<TEvent extends EventObject>(event: TEvent, words?: EventWords<TEvent>): string {
  const own = words?.(event);
  if (own !== undefined) return own;
  const delay = delayOf(event);
  if (delay) return `after ${delay}`;
  return event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
}

export interface PathWords<TSnapshot, TEvent> {
  /** The state a path reaches; its value as JSON unless given. */
  state?: (snapshot: TSnapshot) => string;
  event?: EventWords<TEvent>;
}

/** A path's name: the state it reaches and the events that lead there. */
export function describePath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  words: PathWords<TSnapshot, TEvent> = {},
): string {
  const steps = path.steps.filter((step) => !isStartEvent(step.event)).map((step) => describeEvent(step.event, words.event));
  const reached = words.state ? words.state(path.state) : JSON.stringify(path.state.value);
  return `${reached} via ${steps.length ? steps.join(' → ') : 'start'}`;
}

export interface StepHooks<TSnapshot, TEvent> {
  /** Moves the clock so that the timer of `delay` fires; a machine without timers needs none. */
  fireTimer?: (delay: string, event: TEvent) => void;
  /** Called after each event is sent (an oracle follows the events here). */
  sent?: (event: TEvent) => void;
  /** What must hold after every step, the start included; throws through `expect`. */
  check: (snapshot: TSnapshot) => void;
  event?: EventWords<TEvent>;
}

/**
 * Replays a path into a started actor: its first step is the start, a timer's step goes to
 * `fireTimer` and any other step is sent. After each, the actor must be where the graph says.
 */
export function replaySteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  actor: { send: (event: TEvent) => void; getSnapshot: () => TSnapshot },
  path: StatePath<TSnapshot, TEvent>,
  hooks: StepHooks<TSnapshot, TEvent>,
): void {
  for (const step of path.steps) {
    const delay = delayOf(step.event);
    if (isStartEvent(step.event)) {
      // started before the replay
    } else if (delay) {
      if (!hooks.fireTimer) throw new Error(`no clock for the timer ${delay}`);
      hooks.fireTimer(delay, step.event);
    } else {
      actor.send(step.event);
      hooks.sent?.(step.event);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, describeEvent(step.event, hooks.event)).toEqual(step.state.value);
    hooks.check(snapshot);
  }
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
  replaySteps(actor, path, {
    fireTimer: (delay) => {
      const ms = options.delays?.[delay];
      if (ms === undefined) throw new Error(`unknown delay ${delay}`);
      clock.fireNext(ms);
    },
    check: options.invariant,
  });
  actor.stop();
}

/**
 * Paths that end in each edge of the graph: the shortest path to a state, then one event. Shortest
 * and simple paths reach every state but never take an edge back to a state already reached (a
 * refresh back to loading, a retry); these do. One path per transition of the definition that an
 * edge selects (a guarded alternative each) and state it reaches, so a machine whose context
 * varies widely does not multiply them.
 */
export function getTransitionPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  shortest: Array<StatePath<TSnapshot, TEvent>>,
  edges: Array<{ state: TSnapshot; event: TEvent; nextState: TSnapshot }>,
  serializeState: (snapshot: TSnapshot) => string,
): Array<StatePath<TSnapshot, TEvent>> {
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const seen = new Set<string>();
  const paths: Array<StatePath<TSnapshot, TEvent>> = [];
  for (const edge of edges) {
    // The walk sends every event in every state; one that no active state takes is no edge.
    const selected = machine.getTransitionData(edge.state, edge.event).map((transition) => {
      const candidates = transition.source.transitions.get(transition.eventType) ?? [];
      return `${transition.source.id}|${transition.eventType}|${String(candidates.indexOf(transition))}`;
    });
    const head = toState.get(serializeState(edge.state));
    const key = JSON.stringify([selected, edge.nextState.value]);
    if (selected.length === 0 || seen.has(key) || !head) continue;
    seen.add(key);
    paths.push({
      state: edge.nextState,
      steps: [...head.steps, { event: edge.event, state: edge.nextState }],
      weight: head.weight + 1,
    });
  }
  return paths;
}

/** `getTransitionPaths` for a machine walked with the given options (those of its shortest paths). */
export function getEdgePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: TraversalOptions<ReturnType<TMachine['transition']>, EventFromLogic<TMachine>, unknown>,
): Array<StatePath<ReturnType<TMachine['transition']>, EventFromLogic<TMachine>>> {
  const serializeState = (snapshot: ReturnType<TMachine['transition']>) =>
    options.serializeState ? options.serializeState(snapshot, undefined, undefined) : serializeSnapshot(snapshot);
  const shortest = getShortestPaths(machine, options as never) as Array<StatePath<ReturnType<TMachine['transition']>, EventFromLogic<TMachine>>>;
  const edges = adjacencyMapToArray(getAdjacencyMap(machine, options as never)) as Array<{
    state: ReturnType<TMachine['transition']>;
    event: EventFromLogic<TMachine>;
    nextState: ReturnType<TMachine['transition']>;
  }>;
  return getTransitionPaths(machine, shortest, edges, serializeState);
}

/** Describes the machine's shortest, simple and edge paths, one test each. */
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
  const edges = adjacencyMapToArray(getAdjacencyMap(options.machine, { ...graphOptions, events: options.events }));
  const edgePaths = getTransitionPaths(options.machine, shortest, edges, serializeState);
  // A machine opened in a final state has no edge to take.
  if (edgePaths.length) {
    describe(`${options.name}: a path through each edge`, () => {
      for (const path of edgePaths) it(describePath(path), () => replayPath(options, path));
    });
  }
}
