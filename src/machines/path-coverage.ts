import {
  createActor as createXStateActor,
  type ActorOptions,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { expect, it } from 'vitest';

// Transition coverage of the machines' tests: every transition a machine has (a state node, an
// event or timer, and which of its guarded alternatives) against the ones its tests took. A test
// file creates its actors with this module's `createActor`, which records every microstep, and ends
// with `describeCoverage`, which fails on a transition taken by no test and named on no exception list.

/** One transition of a machine's definition. */
export interface MachineTransition {
  /** `source|event|alternative`, stable for a machine and its `provide`d copies. */
  key: string;
  /** The state node's id, e.g. `login.phone.editing`. */
  source: string;
  /** The event descriptor; `always` for an eventless transition. */
  event: string;
  /** Which of the event's guarded alternatives, in definition order. */
  alternative: number;
  /** The transition in words: its event, its guard and where it goes. */
  words: string;
}

type TransitionDefinition = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
  guard?: unknown;
  target?: ReadonlyArray<{ id: string }>;
};

function guardWords(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  return 'guard';
}

export function eventWords(event: string): string {
  const timer = /^xstate\.after\.(\w+)\./.exec(event);
  if (timer) return `after ${timer[1]}`;
  return event.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.done\.state\..*/, 'done');
}

function keyOf(source: string, event: string, alternative: number): string {
  return `${source}|${event}|${String(alternative)}`;
}

function describeTransition(transition: TransitionDefinition, event: string, alternative: number): MachineTransition {
  const guard = guardWords(transition.guard);
  const target = transition.target?.map((node) => node.id).join(', ');
  const words = `${event === 'always' ? 'always' : eventWords(event)}${guard ? ` [${guard}]` : ''} → ${target ?? '(stays)'}`;
  return { key: keyOf(transition.source.id, event, alternative), source: transition.source.id, event, alternative, words };
}

/** Every transition of a machine's definition, timers, eventless and invoke results included. */
export function transitionsOf(machine: AnyStateMachine): MachineTransition[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)].filter((node, index, all) => all.indexOf(node) === index);
  return nodes.flatMap((node) => {
    const byEvent = [...(node.transitions as Map<string, TransitionDefinition[]>).entries()].flatMap(([event, candidates]) =>
      candidates.map((transition, alternative) => describeTransition(transition, event, alternative)),
    );
    const always = ((node.always ?? []) as TransitionDefinition[]).map((transition, alternative) =>
      describeTransition(transition, 'always', alternative),
    );
    return [...byEvent, ...always];
  });
}

/** The transition keys taken so far in this test file, per machine id. */
const taken = new Map<string, Set<string>>();

function takenKey(transition: TransitionDefinition): string {
  const always = transition.source.always ?? [];
  if (always.includes(transition)) return keyOf(transition.source.id, 'always', always.indexOf(transition));
  const candidates = transition.source.transitions.get(transition.eventType) ?? [];
  return keyOf(transition.source.id, transition.eventType, candidates.indexOf(transition));
}

/** Records a microstep's transitions under the machine id of their state nodes. */
export function recordInspection(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const transition of event._transitions as unknown as TransitionDefinition[]) {
    const machineId = transition.source.id.split('.')[0] ?? transition.source.id;
    let keys = taken.get(machineId);
    if (!keys) {
      keys = new Set();
      taken.set(machineId, keys);
    }
    keys.add(takenKey(transition));
  }
}

/** XState's `createActor`, recording every transition the actor (and any child machine) takes. */
export const createActor: typeof createXStateActor = ((logic: AnyStateMachine, options?: ActorOptions<AnyStateMachine>) => {
  const inspect = options?.inspect;
  return createXStateActor(logic, {
    ...options,
    inspect: (event: InspectionEvent) => {
      recordInspection(event);
      if (typeof inspect === 'function') inspect(event);
      else inspect?.next?.(event);
    },
  });
}) as typeof createXStateActor;

export function takenTransitions(machineId: string): ReadonlySet<string> {
  return taken.get(machineId) ?? new Set();
}

/**
 * Transitions no test takes, each with the reason: keyed by `MachineTransition.key`. An exception
 * with no such transition, or one the tests do take, is itself a failure (the list stays true).
 */
export type CoverageExceptions = Readonly<Record<string, string>>;

export interface CoverageReport {
  machine: string;
  all: MachineTransition[];
  covered: MachineTransition[];
  excepted: Array<MachineTransition & { reason: string }>;
  missing: MachineTransition[];
  /** Exceptions that name no transition of the machine, or one the tests take after all. */
  staleExceptions: string[];
}

export function coverageOf(machine: AnyStateMachine, taken: ReadonlySet<string>, exceptions: CoverageExceptions = {}): CoverageReport {
  const all = transitionsOf(machine);
  const keys = new Set(all.map((transition) => transition.key));
  const covered = all.filter((transition) => taken.has(transition.key));
  const excepted = all
    .filter((transition) => !taken.has(transition.key) && exceptions[transition.key] !== undefined)
    .map((transition) => ({ ...transition, reason: exceptions[transition.key] ?? '' }));
  const missing = all.filter((transition) => !taken.has(transition.key) && exceptions[transition.key] === undefined);
  const staleExceptions = Object.keys(exceptions).filter((key) => !keys.has(key) || taken.has(key));
  return { machine: machine.id, all, covered, excepted, missing, staleExceptions };
}

/** What a failing coverage check says: each missing transition on a line of its own. */
export function coverageFailure(report: CoverageReport): string | null {
  const lines = [
    ...report.missing.map((transition) => `not taken by any test: ${transition.key}  (${transition.words})`),
    ...report.staleExceptions.map((key) => `exception for a transition that is taken or does not exist: ${key}`),
  ];
  return lines.length ? `${report.machine}: ${String(report.covered.length)}/${String(report.all.length)} transitions\n${lines.join('\n')}` : null;
}

/** Where `npm run paths` collects the reports of a test run (set by the script, unset in `npm test`). */
const reportDir = typeof process !== 'undefined' ? process.env.PATHS_COVERAGE_DIR : undefined;

async function saveReport(report: CoverageReport): Promise<void> {
  if (!reportDir) return;
  const { writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const brief = {
    machine: report.machine,
    all: report.all.length,
    covered: report.covered.length,
    excepted: report.excepted.map(({ key, reason }) => ({ key, reason })),
    missing: report.missing.map(({ key, words }) => ({ key, words })),
  };
  await writeFile(join(reportDir, `${report.machine}.json`), JSON.stringify(brief, null, 2));
}

/**
 * The file's last test: every transition of the machine was taken by the tests before it, or is on
 * its exception list. Must be called after the file's other tests are declared.
 */
export function describeCoverage(machine: AnyStateMachine, exceptions: CoverageExceptions = {}): void {
  it(`${machine.id}: every transition is taken by a test or excepted with a reason`, async () => {
    const report = coverageOf(machine, takenTransitions(machine.id), exceptions);
    await saveReport(report);
    expect(coverageFailure(report)).toBeNull();
  });
}
