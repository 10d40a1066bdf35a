import { fromCallback } from 'xstate';
import type { QrLoginEvent, QrSocketInput } from '../machines/qr-login-machine.ts';
import type { SiteSocketActor } from './site-socket.tsx';

/**
 * The QR login machine's `qrSocket` actor over the page's one site socket (SPEC §4, QR mode): binds the code
 * shown with qr_login and its secret, turns scanCode_Login and webLoginSuccess of that code into `qr.scanned` and
 * `qr.confirmed` and a refusal of it into `qr.refused`, and unbinds when the code is no longer shown. Frames of
 * an older code are ignored.
 */
export function qrLoginOverSocket(siteSocket: () => SiteSocketActor) {
  return fromCallback<QrLoginEvent, QrSocketInput>(({ input, sendBack }) => {
    const socket = siteSocket();
    const subscriptions = [
      socket.on('qr.scanned', (event) => {
        if (event.qrCode === input.code) sendBack({ type: 'qr.scanned' });
      }),
      socket.on('qr.loggedIn', (event) => {
        if (event.message.qr_code === input.code) sendBack({ type: 'qr.confirmed', session: event.message.data });
      }),
      socket.on('qr.refused', (event) => {
        if (event.qrCode === input.code) sendBack({ type: 'qr.refused' });
      }),
    ];
    socket.send({ type: 'qr.shown', code: input.code, secret: input.secret });
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      socket.send({ type: 'qr.hidden' });
    };
  });
}
