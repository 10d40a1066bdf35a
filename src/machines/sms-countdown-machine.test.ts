import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { describeModel, timerEventsOf, TimerClock } from './path-replay.ts';
import { smsCountdownMachine, type SmsCodeRequest } from './sms-countdown-machine.ts';
import { createActor, describeCoverage } from './path-coverage.ts';

// SPEC §4 and §9: 60 s before another code, counted in seconds.
const resendSeconds = 60;
const never = fromPromise<unknown, SmsCodeRequest>(() => new Promise(() => {}));
const machine = smsCountdownMachine.provide({ actors: { requestCode: never } });

describeModel({
  name: 'sms countdown',
  machine,
  events: [
    { type: 'sms.request', mobile: '86-13800000000', purpose: 1, altcha: 'solved' },
    { type: 'xstate.done.actor.requestCode', output: { resend_after: 60 } },
    { type: 'xstate.error.actor.requestCode', error: new Error('too many') },
    ...timerEventsOf(machine),
  ],
  delays: { smsTick: 1000 },
  invariant: (snapshot) => {
    // The button can be pressed exactly when nothing is counting or being asked for.
    expect(snapshot.can({ type: 'sms.request', mobile: '86-1', purpose: 2, altcha: 'solved' })).toBe(snapshot.matches('idle'));
    expect(snapshot.matches('counting')).toBe(snapshot.context.remaining > 0);
    expect(snapshot.context.remaining).toBeLessThanOrEqual(resendSeconds);
    // The request goes out with the human check it was made with: no code is sent without one.
    if (snapshot.matches('requesting')) expect(snapshot.children.requestCode?.getSnapshot().input).toMatchObject({ altcha: 'solved' });
  },
});

describe('sms countdown on the clock', () => {
  it('is free again exactly 60 s after the code was sent', () => {
    const clock = new TimerClock();
    const actor = createActor(smsCountdownMachine.provide({ actors: { requestCode: never } }), { clock }).start();
    actor.send({ type: 'sms.request', mobile: '86-13800000000', purpose: 1, altcha: 'solved' });
    actor.send({ type: 'xstate.done.actor.requestCode', output: null } as never);
    expect(actor.getSnapshot().context.remaining).toBe(resendSeconds);
    // SimulatedClock fires the timers due when it moves, not those they start: move a second at a time.
    for (let second = 1; second < resendSeconds; second++) clock.increment(1000);
    expect(actor.getSnapshot().matches('counting')).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    clock.increment(999);
    expect(actor.getSnapshot().matches('counting')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describeCoverage(smsCountdownMachine);
