import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createActor, describeCoverage } from './path-coverage.ts';
import { loginMachine, type LoginSession, type PhoneSubmission } from './login-machine.ts';
import type { SmsCountdownEvent } from './sms-countdown-machine.ts';
import { describeModel } from './path-replay.ts';

const session: LoginSession = {
  token: 't',
  id: 7,
  userSig: 's',
  profile: { id: 7, user_nickname: 'Fan', avatar: '/a.svg', balance: 0, exp_icon: '', is_anchor: 0 },
};
/** The code requests each countdown stub received, so states can be checked against them. */
const codeRequests = new WeakMap<AnyActorRef, SmsCountdownEvent[]>();
const requestsTo = (countdown: AnyActorRef | undefined) => (countdown ? (codeRequests.get(countdown) ?? []) : []);
const stubs = {
  qrLogin: fromCallback(() => () => {}),
  smsCountdown: fromCallback<SmsCountdownEvent>(({ receive, self }) => {
    codeRequests.set(self, []);
    receive((event) => codeRequests.get(self)?.push(event));
    return () => {};
  }),
  submitPhone: fromPromise<LoginSession | null, PhoneSubmission>(() => new Promise(() => {})),
};
// Children are stubs here; their own machines have their own tests.
const machine = loginMachine.provide({ actors: stubs as never });

describeModel({
  name: 'login',
  machine,
  input: { countryCode: '86' },
  events: [
    { type: 'mode.phone' },
    { type: 'mode.qr' },
    { type: 'mode.code' },
    { type: 'mode.regiter' },
    { type: 'mode.forgot' },
    { type: 'field.changed', field: 'mobile', value: '138000000001234' },
    { type: 'field.changed', field: 'password', value: 'secret1' },
    { type: 'field.changed', field: 'smsCode', value: '1234567' },
    { type: 'altcha.solved', payload: 'solved' },
    { type: 'sms.request' },
    { type: 'form.submit' },
    { type: 'password.toggled' },
    { type: 'remember.toggled' },
    { type: 'xstate.done.actor.submitPhone', output: session },
    // A login or registration answered without a session leaves the dialog open.
    { type: 'xstate.done.actor.submitPhone', output: null },
    { type: 'xstate.error.actor.submitPhone', error: new Error('Wrong password') },
    { type: 'xstate.done.actor.qr', output: session },
    { type: 'login.close' },
  ],
  simpleEvents: [
    { type: 'mode.phone' },
    { type: 'mode.regiter' },
    { type: 'mode.forgot' },
    { type: 'mode.code' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.qr', output: session },
    { type: 'login.close' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      mode: snapshot.context.mode,
      filled: [snapshot.context.mobile !== '', snapshot.context.password !== '', snapshot.context.smsCode !== ''],
      altcha: snapshot.context.altcha !== null,
      // Whether a solution has been spent (bounded, so the graph stays finite).
      spent: snapshot.context.altchaRound > 0,
      notice: snapshot.context.notice,
    }),
  invariant: (snapshot) => {
    const { context } = snapshot;
    // SPEC §5: mobile max 11, SMS code max 6; the default country code is 86.
    expect(context.mobile.length).toBeLessThanOrEqual(11);
    expect(context.smsCode.length).toBeLessThanOrEqual(6);
    expect(context.countryCode).toBe('86');
    // Nothing is sent without the human check (login, register, reset) or without the fields the mode needs.
    if (snapshot.matches({ phone: 'submitting' })) {
      expect(context.mobile !== '' && context.password !== '').toBe(true);
      expect(context.altcha).not.toBeNull();
      if (context.mode !== 'code') expect(context.smsCode).not.toBe('');
    }
    // Every code request carries a solved check and a mobile, and spends it: the widget starts a new
    // round for each (no code without a human check, a solution used once, so a script cannot send SMS at will).
    const requests = requestsTo(snapshot.children.sms);
    for (const request of requests) {
      expect(request.altcha).toBe('solved');
      expect(request.mobile).toMatch(/^86-\d+$/);
    }
    expect(context.altchaRound).toBeGreaterThanOrEqual(requests.length);
    if (snapshot.matches('loggedIn')) expect(context.session).toEqual(session);
  },
});

describe('login machine rules', () => {
  const start = () => createActor(machine, { input: { countryCode: '86' } }).start();

  it('opens on the QR code (SPEC §4)', () => {
    expect(start().getSnapshot().matches('qr')).toBe(true);
  });

  it('warns with the incomplete-input text and sends nothing (SPEC §5)', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.notice).toBe('login.incomplete');
    expect(actor.getSnapshot().matches({ phone: 'editing' })).toBe(true);
  });

  it('asks for a mobile before an SMS code', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'mode.regiter' });
    actor.send({ type: 'sms.request' });
    expect(actor.getSnapshot().context.notice).toBe('login.mobileRequired');
  });

  it('asks for the human check before a code, and spends one solution per code request', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'mode.forgot' });
    actor.send({ type: 'field.changed', field: 'mobile', value: '13800000000' });
    actor.send({ type: 'sms.request' });
    expect(actor.getSnapshot().context.notice).toBe('login.humanCheckNeeded');
    expect(requestsTo(actor.getSnapshot().children.sms)).toEqual([]);
    // Solving the check clears its notice.
    actor.send({ type: 'altcha.solved', payload: 'first' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'sms.request' });
    expect(requestsTo(actor.getSnapshot().children.sms)).toEqual([
      { type: 'sms.request', mobile: '86-13800000000', purpose: 2, altcha: 'first' },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ altcha: null, altchaRound: 1 });
    // The spent solution is not sent again, neither with a code request nor with the reset.
    actor.send({ type: 'sms.request' });
    expect(actor.getSnapshot().context.notice).toBe('login.humanCheckNeeded');
    expect(requestsTo(actor.getSnapshot().children.sms)).toHaveLength(1);
    for (const [field, value] of [['password', 'secret1'], ['smsCode', '123456']] as const) {
      actor.send({ type: 'field.changed', field, value });
    }
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ phone: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('login.humanCheckNeeded');
  });

  it('forgets the solution when the widget resets it (expired), so the next code request asks again', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'field.changed', field: 'mobile', value: '13800000000' });
    actor.send({ type: 'altcha.solved', payload: 'old' });
    actor.send({ type: 'altcha.reset' });
    expect(actor.getSnapshot().context.altcha).toBeNull();
    actor.send({ type: 'sms.request' });
    expect(actor.getSnapshot().context.notice).toBe('login.humanCheckNeeded');
    expect(requestsTo(actor.getSnapshot().children.sms)).toEqual([]);
  });

  it('asks a register code with purpose 1 and its own solution', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'mode.regiter' });
    actor.send({ type: 'field.changed', field: 'mobile', value: '13800000000' });
    actor.send({ type: 'altcha.solved', payload: 'register' });
    actor.send({ type: 'sms.request' });
    expect(requestsTo(actor.getSnapshot().children.sms)).toEqual([
      { type: 'sms.request', mobile: '86-13800000000', purpose: 1, altcha: 'register' },
    ]);
  });

  it('goes back to code after a successful reset (SPEC §4), the reset having spent its solution', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'mode.forgot' });
    for (const [field, value] of [['mobile', '13800000000'], ['password', 'secret1'], ['smsCode', '123456']] as const) {
      actor.send({ type: 'field.changed', field, value });
    }
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.notice).toBe('login.humanCheckNeeded');
    actor.send({ type: 'altcha.solved', payload: 'reset' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ phone: 'submitting' })).toBe(true);
    actor.send({ type: 'xstate.done.actor.submitPhone', output: null } as never);
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'code', notice: 'login.resetDone', altcha: null, altchaRound: 1 });
  });

  it('takes the saved account under remember me: the mobile, never a password', () => {
    const actor = createActor(machine, { input: { saved: { countryCode: '852', mobile: '91234567' } } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ countryCode: '852', mobile: '91234567', password: '', remember: true });
  });
});

describeCoverage(loginMachine);
