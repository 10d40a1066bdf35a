import { createActor, describeCoverage } from './path-coverage.ts';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { delayOf, describeEvent, describePath, replaySteps, timerEventsOf, TimerClock, type PathWords } from './path-replay.ts';
import { sessionMachine, type SessionEvent, type SessionToast } from './session-machine.ts';

// SPEC §8 and §9, written out here so the tests check the machine against the spec, not against itself.
const toastMs = 5000;
const sessionGoneGuardMs = 2000;
const loggedOutCodes = [50008, 50012, 50014];

type SessionSnapshot = ReturnType<typeof sessionMachine.transition>;
type SessionPath = StatePath<SessionSnapshot, SessionEvent>;

const failure = (code: number, msg = ''): SessionEvent => ({ type: 'response.failed', code, msg });

const modelEvents: SessionEvent[] = [
  failure(1, 'Bad input'),
  failure(1),
  ...loggedOutCodes.map((code) => failure(code, `Token ${code}`)),
  failure(700),
  { type: 'network.failed' },
  { type: 'relogin.confirmed' },
  { type: 'relogin.cancelled' },
  { type: 'toast.closed' },
];

const timerEvents = timerEventsOf(sessionMachine);

// Every 700 that acts also (re)starts the 5 s toast, so the toast cannot time out while the 2 s
// guard is still running: paths that say otherwise cannot happen on a clock.
function happensOnAClock(snapshot: SessionSnapshot, event: SessionEvent): boolean {
  return !(delayOf(event) === 'toastDuration' && snapshot.matches({ sessionGone: 'guarded' }));
}

const words: PathWords<SessionSnapshot, SessionEvent> = {
  state: ({ value }) =>
    Object.entries(value)
      .map(([region, state]) => `${region}.${String(state)}`)
      .join(' '),
  event: (event) => {
    if (event.type !== 'response.failed') return undefined;
    return event.msg === '' ? `${event.type}(${String(event.code)})` : `${event.type}(${String(event.code)}, "${event.msg}")`;
  },
};

/** What SPEC §8 says should be on screen and done, tracked from the events and the clock alone. */
class SpecOracle {
  toast: SessionToast | null = null;
  confirmOpen = false;
  clearUserCalls = 0;
  resetTokenAndReloadCalls = 0;
  private toastShownAt = 0;
  private lastActing700At: number | null = null;

  onEvent(event: SessionEvent, now: number): void {
    if (event.type === 'response.failed' && event.code === 700) {
      if (this.lastActing700At === null || now - this.lastActing700At >= sessionGoneGuardMs) {
        this.lastActing700At = now;
        this.clearUserCalls += 1;
        this.showToast({ tone: 'warning', messageId: 'session.loginFirst' }, now);
      }
    } else if (event.type === 'response.failed') {
      this.showToast(event.msg ? { tone: 'error', text: event.msg } : { tone: 'error', messageId: 'error.generic' }, now);
      if (loggedOutCodes.includes(event.code)) this.confirmOpen = true;
    } else if (event.type === 'relogin.confirmed' && this.confirmOpen) {
      this.resetTokenAndReloadCalls += 1;
      this.confirmOpen = false;
    } else if (event.type === 'relogin.cancelled') {
      this.confirmOpen = false;
    } else if (event.type === 'toast.closed') {
      this.toast = null;
    }
  }

  /** When the spec says the timer of `delay` fires: 5 s after the toast showed, 2 s after the acting 700. */
  dueOf(delay: string): number {
    if (delay === 'toastDuration') return this.toastShownAt + toastMs;
    if (delay === 'sessionGoneGuard' && this.lastActing700At !== null) return this.lastActing700At + sessionGoneGuardMs;
    throw new Error(`no ${delay} timer is due`);
  }

  onTime(now: number): void {
    if (this.toast && now - this.toastShownAt >= toastMs) this.toast = null;
  }

  private showToast(toast: SessionToast, now: number): void {
    this.toast = toast;
    this.toastShownAt = now;
  }
}

function startSession() {
  const clock = new TimerClock();
  const clearUser = vi.fn();
  const resetTokenAndReload = vi.fn();
  const actor = createActor(sessionMachine.provide({ actions: { clearUser, resetTokenAndReload } }), { clock });
  actor.start();
  return { actor, clock, clearUser, resetTokenAndReload };
}

function replay(path: SessionPath): void {
  const { actor, clock, clearUser, resetTokenAndReload } = startSession();
  const oracle = new SpecOracle();
  replaySteps(actor, path, {
    fireTimer: (delay, event) => {
      // The clock moves to the spec's moment, not the machine's: a timer of the wrong length fires
      // a millisecond early (caught here) or not at all (caught by the replay).
      const due = oracle.dueOf(delay);
      const before = actor.getSnapshot().value;
      clock.increment(due - 1 - clock.now());
      expect(actor.getSnapshot().value, `${describeEvent(event)} 1 ms early`).toEqual(before);
      clock.increment(1);
      oracle.onTime(clock.now());
    },
    sent: (event) => oracle.onEvent(event, clock.now()),
    check: (snapshot) => {
      expect(snapshot.matches({ toast: 'shown' })).toBe(oracle.toast !== null);
      expect(snapshot.context.toast).toEqual(oracle.toast);
      expect(snapshot.matches({ reloginConfirm: 'open' })).toBe(oracle.confirmOpen);
      expect(snapshot.can({ type: 'relogin.confirmed' })).toBe(oracle.confirmOpen);
      expect(clearUser).toHaveBeenCalledTimes(oracle.clearUserCalls);
      expect(resetTokenAndReload).toHaveBeenCalledTimes(oracle.resetTokenAndReloadCalls);
    },
    event: words.event,
  });
  actor.stop();
}

const shortestPaths = getShortestPaths(sessionMachine, {
  events: [...modelEvents, ...timerEvents],
  filterEvents: happensOnAClock,
  serializeState: ({ value, context }) => JSON.stringify({ value, toast: context.toast }),
});

// The simple paths walk the state values with one event of each kind, so their number stays small.
const simplePaths = getSimplePaths(sessionMachine, {
  events: [
    failure(1, 'Bad input'),
    failure(50012, 'Logged in elsewhere'),
    failure(700),
    { type: 'relogin.confirmed' },
    { type: 'relogin.cancelled' },
    { type: 'toast.closed' },
    ...timerEvents,
  ],
  filterEvents: happensOnAClock,
  serializeState: ({ value }) => JSON.stringify(value),
});

describe('session machine: shortest paths', () => {
  it('reach every combination of regions and toast', () => {
    // 2 toast × 2 confirm × 2 guard state values, with the toast's contents on top.
    const values = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(values.size).toBe(8);
  });

  for (const path of shortestPaths) {
    it(describePath(path, words), () => replay(path));
  }
});

describe('session machine: simple paths', () => {
  it('include paths where the timers fire', () => {
    const delays = simplePaths.flatMap((path) => path.steps.map((step) => delayOf(step.event))).filter(Boolean);
    expect(new Set(delays)).toEqual(new Set(['toastDuration', 'sessionGoneGuard']));
  });

  for (const path of simplePaths) {
    it(describePath(path, words), () => replay(path));
  }
});

describe('session machine on the clock', () => {
  it('acts once for two 700s 1999 ms apart', () => {
    const { actor, clock, clearUser } = startSession();
    actor.send(failure(700));
    clock.increment(sessionGoneGuardMs - 1);
    actor.send(failure(700));
    expect(clearUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ sessionGone: 'guarded' })).toBe(true);
  });

  it('acts again for a 700 2000 ms after the first', () => {
    const { actor, clock, clearUser } = startSession();
    actor.send(failure(700));
    clock.increment(sessionGoneGuardMs);
    expect(actor.getSnapshot().matches({ sessionGone: 'armed' })).toBe(true);
    actor.send(failure(700));
    expect(clearUser).toHaveBeenCalledTimes(2);
  });

  it('shows 请登录后操作 as a message id on the first 700', () => {
    const { actor } = startSession();
    actor.send(failure(700, 'session gone'));
    expect(actor.getSnapshot().context.toast).toEqual({ tone: 'warning', messageId: 'session.loginFirst' });
  });

  it('shows an error toast for 5 s', () => {
    const { actor, clock } = startSession();
    actor.send(failure(1, 'Bad input'));
    expect(actor.getSnapshot().context.toast).toEqual({ tone: 'error', text: 'Bad input' });
    clock.increment(toastMs - 1);
    expect(actor.getSnapshot().matches({ toast: 'shown' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context.toast).toBeNull();
  });

  it('restarts the 5 s when a new error replaces the toast', () => {
    const { actor, clock } = startSession();
    actor.send(failure(1, 'First'));
    clock.increment(4000);
    actor.send(failure(1, 'Second'));
    clock.increment(4000);
    expect(actor.getSnapshot().context.toast).toEqual({ tone: 'error', text: 'Second' });
    clock.increment(1000);
    expect(actor.getSnapshot().context.toast).toBeNull();
  });

  it("shows the message id of 'Error' when the server sends no msg", () => {
    const { actor } = startSession();
    actor.send(failure(1));
    expect(actor.getSnapshot().context.toast).toEqual({ tone: 'error', messageId: 'error.generic' });
  });

  it.each(loggedOutCodes)('opens the logged-out confirm beside the toast for %i', (code) => {
    const { actor, resetTokenAndReload } = startSession();
    actor.send(failure(code, 'Token expired'));
    expect(actor.getSnapshot().matches({ toast: 'shown', reloginConfirm: 'open' })).toBe(true);
    actor.send({ type: 'relogin.confirmed' });
    expect(resetTokenAndReload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ reloginConfirm: 'closed' })).toBe(true);
  });

  it('stays on cancel without resetting the token', () => {
    const { actor, resetTokenAndReload } = startSession();
    actor.send(failure(50012, 'Logged in elsewhere'));
    actor.send({ type: 'relogin.cancelled' });
    expect(actor.getSnapshot().matches({ reloginConfirm: 'closed' })).toBe(true);
    expect(resetTokenAndReload).not.toHaveBeenCalled();
  });

  it('shows nothing for network errors', () => {
    const { actor, clearUser } = startSession();
    const before = actor.getSnapshot();
    actor.send({ type: 'network.failed' });
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context.toast).toBeNull();
    expect(clearUser).not.toHaveBeenCalled();
  });
});

describeCoverage(sessionMachine);
