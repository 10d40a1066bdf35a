import { createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { qrLoginMachine, type LoginQr, type QrSession } from '../machines/qr-login-machine.ts';
import { siteSocketMachine, type ConnectionCommand, type SocketClientMessage } from '../machines/site-socket-machine.ts';
import type { components } from '../api/schema.d.ts';
import { qrLoginOverSocket } from './qr-login-socket.ts';

type LoginSession = components['schemas']['LoginSession'];

const qr: LoginQr = { code: 'code-1', qr_secret: 'secret-1', img: '/api/qr/code-1.svg' };
const session: QrSession = {
  token: 't',
  id: 9,
  userSig: 's',
  profile: { id: 9, user_nickname: 'Ann', avatar: '', balance: 0, exp_icon: '', is_anchor: 0 },
};

/** The site socket with its connection stubbed, registered, and the QR machine over it. */
async function start() {
  const frames: SocketClientMessage[] = [];
  const connection = fromCallback<ConnectionCommand, { url: string }>(({ receive }) => {
    receive((command) => frames.push(command.frame));
  });
  const socket = createActor(siteSocketMachine.provide({ actors: { connection } }), {
    input: { url: 'ws://test/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 },
  }).start();
  socket.send({ type: 'socket.opened' });
  socket.send({
    type: 'socket.message',
    message: { code: 101, type: 'registered', connection_id: 'c', server_time: 0, heartbeat_ms: 30_000, user_id: null },
  });
  const login = createActor(
    qrLoginMachine.provide({ actors: { fetchQr: fromPromise(async () => qr), qrSocket: qrLoginOverSocket(() => socket) } }),
  ).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { socket, login, frames };
}

describe('QR login over the site socket', () => {
  it('binds the code shown with its secret, takes its scan and login, and ignores those of another code', async () => {
    const { socket, login, frames } = await start();
    expect(login.getSnapshot().matches('showing')).toBe(true);
    expect(frames.at(-1)).toEqual({ type: 'qr_login', code: 'code-1', qr_secret: 'secret-1' });

    socket.send({ type: 'socket.message', message: { code: 200, type: 'scanCode_Login', qr_code: 'old-code' } });
    expect(login.getSnapshot().hasTag('scanned')).toBe(false);
    socket.send({ type: 'socket.message', message: { code: 200, type: 'scanCode_Login', qr_code: 'code-1' } });
    expect(login.getSnapshot().hasTag('scanned')).toBe(true);

    const full = { ...session, profile: { ...session.profile } };
    socket.send({ type: 'socket.message', message: { code: 200, type: 'webLoginSuccess', qr_code: 'old-code', data: fullSession(full) } });
    expect(login.getSnapshot().status).toBe('active');
    socket.send({ type: 'socket.message', message: { code: 200, type: 'webLoginSuccess', qr_code: 'code-1', data: fullSession(full) } });
    expect(login.getSnapshot().status).toBe('done');
    expect(login.getSnapshot().output).toMatchObject(session);
    // The code is no longer shown, so a reconnect does not bind it again.
    expect(socket.getSnapshot().context.qr).toBeNull();
  });

  it('shows the code as failed when the server refuses to bind it, and forgets it and its secret', async () => {
    const { socket, login } = await start();
    const refusal = { code: 1, type: 'error', msg: 'This QR code belongs to another page' } as const;
    socket.send({ type: 'socket.message', message: { ...refusal, qr_code: 'old-code' } });
    expect(login.getSnapshot().matches('showing')).toBe(true);
    socket.send({ type: 'socket.message', message: { ...refusal, qr_code: 'code-1' } });
    expect(login.getSnapshot().matches('failed')).toBe(true);
    expect(login.getSnapshot().hasTag('refresh')).toBe(true);
    expect(login.getSnapshot().context.qr).toBeNull();
    expect(socket.getSnapshot().context.qr).toBeNull();
  });
});

/** A LoginSession as webLoginSuccess carries it: the whole MemberProfile. */
function fullSession(base: QrSession): LoginSession {
  return {
    ...base,
    profile: {
      ...base.profile,
      signature: '',
      sex: 0,
      mobile: '',
      income_balance: 0,
      coins: 0,
      level: 1,
      experience: 0,
      next_level_experience: null,
      anchor_level: null,
      anchor_experience: 0,
      is_expert: 0,
      room_id: null,
      nobility: null,
      free_horns: 0,
      follow_count: 0,
      fan_count: 0,
      has_payment_password: 0,
      invite_code: '',
      created_at: 0,
    },
  };
}
