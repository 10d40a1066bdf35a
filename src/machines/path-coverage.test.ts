import { fromPromise, setup, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { coverageFailure, coverageOf, createActor, takenTransitions, transitionsOf } from './path-coverage.ts';

// A fixture machine with every kind of transition the counter must see: an event with guarded
// alternatives, a timer, an eventless choice, an invoke's done and error, a root-level event.
const doorMachine = setup({
  types: { context: {} as { locked: boolean }, events: {} as { type: 'push' } | { type: 'lock' } | { type: 'alarm' } },
  actors: { open: fromPromise(async () => 'opened') },
  guards: { isLocked: ({ context }) => context.locked },
  delays: { swing: 1000 },
}).createMachine({
  id: 'door',
  context: { locked: false },
  on: { alarm: '.alarmed' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        push: [{ guard: 'isLocked', target: 'closed' }, { target: 'choosing' }],
        lock: { actions: ({ context }) => void (context.locked = true) },
      },
    },
    choosing: { always: [{ guard: 'isLocked', target: 'closed' }, { target: 'opening' }] },
    opening: {
      invoke: { src: 'open', id: 'open', onDone: 'open', onError: 'closed' },
    },
    open: { after: { swing: 'closed' } },
    alarmed: { type: 'final' },
  },
});

const keys = (machine = doorMachine) => transitionsOf(machine).map((transition) => transition.key);

describe('transition coverage', () => {
  it('lists every transition of a definition: guarded alternatives, timers, eventless, invoke results, root events', () => {
    expect(keys().sort()).toEqual(
      [
        'door|alarm|0',
        'door.closed|push|0',
        'door.closed|push|1',
        'door.closed|lock|0',
        'door.choosing|always|0',
        'door.choosing|always|1',
        'door.opening|xstate.done.actor.open|0',
        'door.opening|xstate.error.actor.open|0',
        'door.open|xstate.after.swing.door.open|0',
      ].sort(),
    );
    expect(transitionsOf(doorMachine).find((transition) => transition.key === 'door.closed|push|0')?.words).toBe('push [isLocked] → door.closed');
  });

  it('reports, for a test that skips transitions, exactly the ones it skipped', async () => {
    // The "test" of the fixture: pushes the door open and lets it swing shut, never locking it,
    // never failing to open and never raising the alarm.
    const clock = new SimulatedClock();
    const actor = createActor(doorMachine, { clock }).start();
    actor.send({ type: 'push' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('open');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('closed');

    const report = coverageOf(doorMachine, takenTransitions('door'));
    expect(report.covered.map((transition) => transition.key).sort()).toEqual(
      ['door.closed|push|1', 'door.choosing|always|1', 'door.opening|xstate.done.actor.open|0', 'door.open|xstate.after.swing.door.open|0'].sort(),
    );
    expect(report.missing.map((transition) => transition.key).sort()).toEqual(
      ['door|alarm|0', 'door.closed|push|0', 'door.closed|lock|0', 'door.choosing|always|0', 'door.opening|xstate.error.actor.open|0'].sort(),
    );
    const failure = coverageFailure(report);
    expect(failure).toContain('door: 4/9 transitions');
    expect(failure).toContain('not taken by any test: door.closed|push|0  (push [isLocked] → door.closed)');
  });

  it('passes a machine whose skipped transitions are all on its exception list, and no more', () => {
    const taken = takenTransitions('door');
    const reasons = {
      'door|alarm|0': 'the alarm is raised by hardware only',
      'door.closed|push|0': 'fixture',
      'door.closed|lock|0': 'fixture',
      'door.choosing|always|0': 'fixture',
      'door.opening|xstate.error.actor.open|0': 'fixture',
    };
    expect(coverageFailure(coverageOf(doorMachine, taken, reasons))).toBeNull();
    // An exception must name a transition that exists and that no test takes.
    const stale = coverageFailure(coverageOf(doorMachine, taken, { ...reasons, 'door.closed|push|1': 'taken after all', 'door|nope|0': 'gone' }));
    expect(stale).toContain('exception for a transition that is taken or does not exist: door.closed|push|1');
    expect(stale).toContain('exception for a transition that is taken or does not exist: door|nope|0');
  });

  it('keeps the keys of a provided copy, so stubbed actors count for the machine', () => {
    expect(keys(doorMachine.provide({ actors: { open: fromPromise(async () => 'stub') } }))).toEqual(keys());
  });
});
