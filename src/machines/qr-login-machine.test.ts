import { fromCallback, fromPromise } from 'xstate';
import { createActor, describeCoverage } from './path-coverage.ts';
import { describe, expect, it } from 'vitest';
import { describeModel, timerEventsOf, TimerClock } from './path-replay.ts';
import { qrLoginMachine, type LoginQr, type QrLoginEvent, type QrSession, type QrSocketInput } from './qr-login-machine.ts';

// Server codes are good for 3 minutes (qr-login-service.ts).
const qrExpiryMs = 180_000;
const qr: LoginQr = { code: 'abcdefghijklmnop', qr_secret: 'secret-of-this-page-only-0123456789', img: '/api/qr/abcdefghijklmnop.svg' };
const session: QrSession = {
  token: 't',
  id: 7,
  userSig: 's',
  profile: { id: 7, user_nickname: 'Fan', avatar: '/a.svg', balance: 0, exp_icon: '', is_anchor: 0 },
};
const machine = qrLoginMachine.provide({
  actors: {
    fetchQr: fromPromise<LoginQr>(() => new Promise(() => {})),
    qrSocket: fromCallback<QrLoginEvent, QrSocketInput>(() => () => {}),
  },
});

describeModel({
  name: 'qr login',
  machine,
  events: [
    { type: 'xstate.done.actor.fetchQr', output: qr },
    { type: 'xstate.error.actor.fetchQr', error: new Error('network') },
    { type: 'qr.scanned' },
    { type: 'qr.confirmed', session },
    { type: 'qr.refused' },
    { type: 'qr.refresh' },
    ...timerEventsOf(machine),
  ],
  delays: { qrExpiry: qrExpiryMs },
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  invariant: (snapshot) => {
    // 'refresh' shows exactly when the code is gone or never came; a check mark only once scanned.
    expect(snapshot.hasTag('refresh')).toBe(snapshot.matches('expired') || snapshot.matches('failed'));
    expect(snapshot.hasTag('scanned')).toBe(snapshot.matches({ showing: 'scanned' }));
    if (snapshot.matches('showing')) expect(snapshot.context.qr).toEqual(qr);
    // A code the server refused to bind to this page is not kept.
    if (snapshot.matches('failed')) expect(snapshot.context.qr).toBeNull();
    if (snapshot.status === 'done') expect(snapshot.output).toEqual(session);
  },
});

describe('qr login on the clock', () => {
  it('expires 3 minutes after the code shows, scanned or not', () => {
    const clock = new TimerClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'xstate.done.actor.fetchQr', output: qr } as never);
    actor.send({ type: 'qr.scanned' });
    clock.increment(qrExpiryMs - 1);
    expect(actor.getSnapshot().hasTag('scanned')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
  });
});

describeCoverage(qrLoginMachine);
