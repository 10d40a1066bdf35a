import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../api/client.ts';
import type { LoginSession, PhoneSubmission } from '../../machines/login-machine.ts';
import { qrLoginMachine, type LoginQr, type QrLoginEvent } from '../../machines/qr-login-machine.ts';
import { smsCountdownMachine, type SmsPurpose } from '../../machines/sms-countdown-machine.ts';

/** The login machine's actors, speaking to the server through the app's client and the `/ws` socket. */
export function loginActors(api: Api, socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`) {
  const { requestCode, fetchQr, qrSocket, submitPhone } = loginCalls(api, socketUrl);
  return {
    submitPhone,
    qrLogin: qrLoginMachine.provide({ actors: { fetchQr, qrSocket } }),
    smsCountdown: smsCountdownMachine.provide({ actors: { requestCode } }),
  };
}

function loginCalls(api: Api, socketUrl: string) {
  return {
    submitPhone: fromPromise<LoginSession | null, PhoneSubmission>(async ({ input }) => {
      const { mode, mobile, password, code, altcha } = input;
      if (mode === 'forgot') {
        await api.post('/api/user/forgotPassword', { body: { mobile, code, password } });
        return null;
      }
      if (mode === 'regiter') {
        return api.post('/api/user/registered', { body: { mobile, code, password, device_type: 'pc', altcha } });
      }
      return api.post('/api/user/login', { body: { mobile, password, device_type: 'pc', altcha } });
    }),
    requestCode: fromPromise<unknown, { mobile: string; purpose: SmsPurpose }>(({ input }) =>
      api.post('/api/user/getCode', { body: { mobile: input.mobile, type: input.purpose } }),
    ),
    fetchQr: fromPromise<LoginQr>(() => api.post('/api/user/getLoginQrcode')),
    qrSocket: fromCallback<QrLoginEvent, { code: string }>(({ input, sendBack }) => {
      const socket = new WebSocket(socketUrl);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'qr_login', code: input.code })));
      socket.addEventListener('message', (event) => {
        let frame: unknown;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (typeof frame !== 'object' || frame === null || !('type' in frame)) return;
        if ('qr_code' in frame && frame.qr_code !== input.code) return;
        if (frame.type === 'scanCode_Login') sendBack({ type: 'qr.scanned' });
        if (frame.type === 'webLoginSuccess' && 'data' in frame) {
          sendBack({ type: 'qr.confirmed', session: frame.data as LoginSession });
        }
      });
      return () => socket.close();
    }),
  };
}
