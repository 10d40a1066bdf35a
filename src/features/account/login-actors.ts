import { fromPromise } from 'xstate';
import type { Api } from '../../api/client.ts';
import type { LoginSession, PhoneSubmission } from '../../machines/login-machine.ts';
import { qrLoginMachine, type LoginQr, type qrSocketListener } from '../../machines/qr-login-machine.ts';
import { smsCountdownMachine, type SmsCodeRequest } from '../../machines/sms-countdown-machine.ts';

/**
 * The login machine's actors, speaking to the server through the app's client; the QR code's frames come over
 * the page's site socket (`qrSocket`, src/realtime/qr-login-socket.ts), not a socket of its own.
 */
export function loginActors(api: Api, qrSocket: typeof qrSocketListener) {
  const { requestCode, fetchQr, submitPhone } = loginCalls(api);
  return {
    submitPhone,
    qrLogin: qrLoginMachine.provide({ actors: { fetchQr, qrSocket } }),
    smsCountdown: smsCountdownMachine.provide({ actors: { requestCode } }),
  };
}

function loginCalls(api: Api) {
  return {
    submitPhone: fromPromise<LoginSession | null, PhoneSubmission>(async ({ input }) => {
      const { mode, mobile, password, code, altcha } = input;
      if (mode === 'forgot') {
        await api.post('/api/user/forgotPassword', { body: { mobile, code, password, altcha } });
        return null;
      }
      if (mode === 'regiter') {
        return api.post('/api/user/registered', { body: { mobile, code, password, device_type: 'pc', altcha } });
      }
      return api.post('/api/user/login', { body: { mobile, password, device_type: 'pc', altcha } });
    }),
    requestCode: fromPromise<unknown, SmsCodeRequest>(({ input }) =>
      api.post('/api/user/getCode', { body: { mobile: input.mobile, type: input.purpose, altcha: input.altcha } }),
    ),
    fetchQr: fromPromise<LoginQr>(() => api.post('/api/user/getLoginQrcode')),
  };
}
