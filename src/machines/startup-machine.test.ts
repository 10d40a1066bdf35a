import { fromCallback, fromPromise } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { describe, expect, it, vi } from 'vitest';
import { describeModel, timerEventsOf, TimerClock } from './path-replay.ts';
import { startupMachine } from './startup-machine.ts';

// SPEC §9: tourist login delay 500 ms; SPEC §4: profile pushed 1 s after stored info changes.
const delays = { messagingLoginDelay: 500, profilePushDelay: 1000 };
const never = fromPromise<void>(() => new Promise(() => {}));
const names = [
  'loadKickoutList',
  'loadCustomerService',
  'loadConfig',
  'loadUserInfo',
  'loadUploadToken',
  'requestGuestAccount',
  'messagingLogin',
  'pushProfile',
] as const;
const machine = startupMachine.provide({
  actors: { ...Object.fromEntries(names.map((name) => [name, never])), siteSocket: fromCallback(() => () => {}) },
});

for (const input of [
  { loggedIn: true, hasGuestAccount: false },
  { loggedIn: false, hasGuestAccount: false },
  { loggedIn: false, hasGuestAccount: true },
]) {
  describeModel({
    name: `start-up (${input.loggedIn ? 'user' : input.hasGuestAccount ? 'stored guest' : 'new guest'})`,
    machine,
    input,
    events: [
      // SPEC §8: failures of config, upload token and customer info are ignored like successes.
      { type: 'xstate.error.actor.loadConfig', error: new Error('down') },
      { type: 'xstate.done.actor.loadCustomerService', output: undefined },
      { type: 'xstate.error.actor.loadUploadToken', error: new Error('down') },
      { type: 'xstate.done.actor.loadUserInfo', output: undefined },
      { type: 'xstate.done.actor.requestGuestAccount', output: undefined },
      { type: 'xstate.done.actor.messagingLogin', output: undefined },
      { type: 'profile.changed' },
      { type: 'xstate.done.actor.pushProfile', output: undefined },
      // The other outcome of each request: the same transition for the sequence, counted apart.
      { type: 'xstate.done.actor.loadKickoutList', output: undefined },
      { type: 'xstate.error.actor.loadKickoutList', error: new Error('down') },
      { type: 'xstate.error.actor.loadCustomerService', error: new Error('down') },
      { type: 'xstate.done.actor.loadConfig', output: undefined },
      { type: 'xstate.error.actor.loadUserInfo', error: new Error('down') },
      { type: 'xstate.done.actor.loadUploadToken', output: undefined },
      { type: 'xstate.error.actor.requestGuestAccount', error: new Error('down') },
      { type: 'xstate.error.actor.messagingLogin', error: new Error('down') },
      { type: 'xstate.error.actor.pushProfile', error: new Error('down') },
      ...timerEventsOf(machine),
    ],
    // The regions run side by side, so all their interleavings are too many: the simple paths walk
    // the messaging and profile regions only.
    simpleEvents: [
      { type: 'xstate.done.actor.requestGuestAccount', output: undefined },
      { type: 'xstate.done.actor.messagingLogin', output: undefined },
      { type: 'profile.changed' },
      ...timerEventsOf(machine),
    ],
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
    delays,
    invariant: (snapshot) => {
      expect(snapshot.matches({ user: 'guest' })).toBe(!input.loggedIn);
      if (snapshot.matches({ messaging: 'requestingGuest' })) expect(input.loggedIn || input.hasGuestAccount).toBe(false);
      if (snapshot.matches({ messaging: 'waiting' })) expect(input.loggedIn || input.hasGuestAccount).toBe(true);
      expect(snapshot.children.siteSocket).toBeDefined();
    },
  });
}

describe('start-up on the clock', () => {
  it('attaches the one site socket at start and keeps it through the whole sequence', () => {
    const clock = new TimerClock();
    const socketStarts = vi.fn();
    const socketStops = vi.fn();
    const done = fromPromise<void>(async () => undefined);
    const actor = createActor(
      machine.provide({
        actors: {
          ...Object.fromEntries(names.filter((name) => name !== 'pushProfile').map((name) => [name, done])),
          siteSocket: fromCallback(() => {
            socketStarts();
            return socketStops;
          }),
        },
      }),
      { clock, input: { loggedIn: true, hasGuestAccount: false } },
    ).start();
    const socket = actor.getSnapshot().children.siteSocket;
    expect(socketStarts).toHaveBeenCalledTimes(1);
    clock.increment(delays.messagingLoginDelay);
    actor.send({ type: 'profile.changed' });
    clock.increment(delays.profilePushDelay);
    expect(actor.getSnapshot().children.siteSocket).toBe(socket);
    expect(socketStarts).toHaveBeenCalledTimes(1);
    expect(socketStops).not.toHaveBeenCalled();
    actor.stop();
    expect(socketStops).toHaveBeenCalledTimes(1);
  });

  it('logs a stored user into messaging 500 ms after start', () => {
    const clock = new TimerClock();
    const messagingLogin = vi.fn(() => new Promise<void>(() => {}));
    const actor = createActor(
      machine.provide({ actors: { messagingLogin: fromPromise(messagingLogin) } }),
      { clock, input: { loggedIn: true, hasGuestAccount: false } },
    ).start();
    clock.increment(499);
    expect(messagingLogin).not.toHaveBeenCalled();
    clock.increment(1);
    expect(messagingLogin).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('pushes the profile once, 1 s after the last change', () => {
    const clock = new TimerClock();
    const pushProfile = vi.fn(() => new Promise<void>(() => {}));
    const actor = createActor(machine.provide({ actors: { pushProfile: fromPromise(pushProfile) } }), {
      clock,
      input: { loggedIn: false, hasGuestAccount: true },
    }).start();
    actor.send({ type: 'profile.changed' });
    clock.increment(600);
    actor.send({ type: 'profile.changed' });
    clock.increment(999);
    expect(pushProfile).not.toHaveBeenCalled();
    clock.increment(1);
    expect(pushProfile).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describeCoverage(startupMachine);
