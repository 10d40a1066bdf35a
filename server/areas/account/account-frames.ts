import { defineAreaFrames } from '../../ports/socket-frames.ts';
import { bindLoginQrcode } from './qr-login-service.ts';
import { resolveSession } from './session-service.ts';

// The site socket's frames the account decides: whose a registering token is (a gone session is told 700), and
// whether a login page's QR code may be bound to its connection, which then hears the scan and the login.

export const accountFrames = defineAreaFrames('account', { site: ['register', 'qr_login'] }, (server) => ({
  im: {},
  site: {
    async register(token) {
      const lookup = await resolveSession(server, token);
      return lookup.status === 'ok' ? { userId: lookup.user.id } : null;
    },
    qr_login: ({ code, secret }, connection) => bindLoginQrcode(server, { code, secret, connectionId: connection.id }),
  },
}));
