import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { components } from '../api/schema.d.ts';

type Schemas = components['schemas'];

/**
 * The code, secret and image of user/getLoginQrcode. The secret binds the code to this page's socket, so
 * another page that shows the code cannot take the login (QRLjacking): it lives in this context only, never in storage.
 */
export type LoginQr = Pick<Schemas['LoginQrCode'], 'code' | 'qr_secret' | 'img'>;

/** What the `qrSocket` actor is given: the code to bind and the secret that proves it is this page's. */
export interface QrSocketInput {
  code: string;
  secret: string;
}

/**
 * What the login flows keep of a session (webLoginSuccess carries the same LoginSession as a password login):
 * all of it but the profile, of which the part stored as the user info (SPEC §3).
 */
export type QrSession = Omit<Schemas['LoginSession'], 'profile'> & {
  profile: Pick<Schemas['MemberProfile'], 'id' | 'user_nickname' | 'avatar' | 'balance' | 'exp_icon' | 'is_anchor'>;
};

export type QrLoginEvent =
  | { type: 'qr.scanned' }
  | { type: 'qr.confirmed'; session: QrSession }
  | { type: 'qr.refused' }
  | { type: 'qr.refresh' };

export interface QrLoginContext {
  qr: LoginQr | null;
  session: QrSession | null;
}

/**
 * Listens on the socket for the frames of one code: sends `qr_login` with it and its secret, then turns
 * scanCode_Login into `qr.scanned`, webLoginSuccess into `qr.confirmed` and the server's refusal into `qr.refused`.
 */
export const qrSocketListener = fromCallback<QrLoginEvent, QrSocketInput>(() => () => {});

export const qrLoginMachine = setup({
  types: {
    context: {} as QrLoginContext,
    events: {} as QrLoginEvent,
    output: {} as QrSession,
  },
  actors: {
    fetchQr: fromPromise<LoginQr>(async () => ({ code: '', qr_secret: '', img: '' })),
    qrSocket: qrSocketListener,
  },
  actions: {
    keepQr: assign({ qr: (_, qr: LoginQr) => qr }),
    keepSession: assign({ session: ({ event }) => (event.type === 'qr.confirmed' ? event.session : null) }),
    forgetQr: assign({ qr: null }),
  },
  delays: {
    // The server's codes are good for 3 minutes (server/areas/account/qr-login-service.ts).
    qrExpiry: 180_000,
  },
}).createMachine({
  id: 'qrLogin',
  context: { qr: null, session: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchQr',
        src: 'fetchQr',
        onDone: { target: 'showing', actions: { type: 'keepQr', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'forgetQr' },
      },
    },
    showing: {
      invoke: {
        src: 'qrSocket',
        input: ({ context }) => ({ code: context.qr?.code ?? '', secret: context.qr?.qr_secret ?? '' }),
      },
      after: { qrExpiry: { target: 'expired' } },
      on: {
        'qr.confirmed': { target: 'confirmed', actions: 'keepSession' },
        // The server would not bind the code to this socket (used, expired, or no longer this page's).
        'qr.refused': { target: 'failed', actions: 'forgetQr' },
        'qr.refresh': 'loading',
      },
      initial: 'waiting',
      states: {
        waiting: { on: { 'qr.scanned': 'scanned' } },
        scanned: { tags: ['scanned'] },
      },
    },
    expired: {
      tags: ['refresh'],
      on: { 'qr.refresh': { target: 'loading', actions: 'forgetQr' } },
    },
    failed: {
      tags: ['refresh'],
      on: { 'qr.refresh': 'loading' },
    },
    confirmed: {
      type: 'final',
    },
  },
  output: ({ context }) => {
    if (!context.session) throw new Error('confirmed without a session');
    return context.session;
  },
});

export type QrLoginActor = ActorRefFrom<typeof qrLoginMachine>;
