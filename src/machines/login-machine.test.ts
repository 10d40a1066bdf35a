import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine, type LoginSession, type PhoneSubmission } from './login-machine.ts';
import { describeModel } from './path-replay.ts';

const session: LoginSession = {
  token: 't',
  id: 7,
  userSig: 's',
  profile: { id: 7, user_nickname: 'Fan', avatar: '/a.svg', balance: 0, exp_icon: '', is_anchor: 0 },
};
const stubs = {
  qrLogin: fromCallback(() => () => {}),
  smsCountdown: fromCallback(() => () => {}),
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
    { type: 'xstate.done.actor.submitPhone', output: session },
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
      notice: snapshot.context.notice,
    }),
  invariant: (snapshot) => {
    const { context } = snapshot;
    // SPEC §5: mobile max 11, SMS code max 6; the default country code is 86.
    expect(context.mobile.length).toBeLessThanOrEqual(11);
    expect(context.smsCode.length).toBeLessThanOrEqual(6);
    expect(context.countryCode).toBe('86');
    // Nothing is sent without the human check (login, register) or without the fields the mode needs.
    if (snapshot.matches({ phone: 'submitting' })) {
      expect(context.mobile !== '' && context.password !== '').toBe(true);
      if (context.mode !== 'forgot') expect(context.altcha).not.toBeNull();
      if (context.mode !== 'code') expect(context.smsCode).not.toBe('');
    }
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

  it('goes back to code after a successful reset (SPEC §4)', () => {
    const actor = start();
    actor.send({ type: 'mode.phone' });
    actor.send({ type: 'mode.forgot' });
    for (const [field, value] of [['mobile', '13800000000'], ['password', 'secret1'], ['smsCode', '123456']] as const) {
      actor.send({ type: 'field.changed', field, value });
    }
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ phone: 'submitting' })).toBe(true);
    actor.send({ type: 'xstate.done.actor.submitPhone', output: null } as never);
    expect(actor.getSnapshot().context.mode).toBe('code');
    expect(actor.getSnapshot().context.notice).toBe('login.resetDone');
  });

  it('takes the saved account under remember me: the mobile, never a password', () => {
    const actor = createActor(machine, { input: { saved: { countryCode: '852', mobile: '91234567' } } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ countryCode: '852', mobile: '91234567', password: '', remember: true });
  });
});
