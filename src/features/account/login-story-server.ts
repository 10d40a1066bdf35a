import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiData } from '../../api/client.ts';
import { storyServer } from '../../api/story-server.ts';
import { loginMachine, type LoginSession, type PhoneSubmission } from '../../machines/login-machine.ts';
import { qrLoginMachine, type LoginQr, type QrLoginEvent, type QrSocketInput } from '../../machines/qr-login-machine.ts';
import { smsCountdownMachine, type SmsCodeRequest } from '../../machines/sms-countdown-machine.ts';

// What the login dialog's stories (the hand-written ones and the machine paths) put in place of the
// server: the two calls the dialog makes itself, and the login machine with stub actors.

type Config = ApiData<'/api/universal/getConfig', 'get'>;
type Challenge = ApiData<'/api/altcha/challenge', 'get'>;

const countries: Pick<Config, 'CountryCode'> = {
  CountryCode: [
    { id: 1, code: '86', name: '中国' },
    { id: 2, code: '84', name: 'Việt Nam' },
  ],
};

// An easy challenge (one PBKDF2 round, counter 1), so the widget solves it at once when clicked.
const easyChallenge: Promise<Challenge> = createChallenge({
  algorithm: 'PBKDF2/SHA-256',
  cost: 1,
  counter: 1,
  deriveKey,
  hmacSignatureSecret: 'story',
  hmacKeySignatureSecret: 'story',
}).then(({ parameters, signature }) => ({
  parameters: { ...parameters, keySignature: parameters.keySignature ?? '', expiresAt: parameters.expiresAt ?? 0 },
  signature: signature ?? '',
}));

/** A fresh fake server for the dialog's own calls: the country codes and the human check's challenge. */
export const loginStoryServer = () =>
  storyServer({
    '/api/universal/getConfig': () => countries,
    '/api/altcha/challenge': () => easyChallenge,
  });

export const storySession: LoginSession = {
  token: 'story-token',
  id: 7,
  userSig: 'story-sig',
  profile: { id: 7, user_nickname: '球迷小王', avatar: '', balance: 5000, exp_icon: '', is_anchor: 0 },
};

export interface LoginStubs {
  fetchQr: () => Promise<LoginQr>;
  /** What the QR socket reports once the code shows. */
  qrFrames?: QrLoginEvent[];
  /** Called with the socket's voice each time the QR socket opens, for a story that reports later. */
  onQrSocket?: (sendBack: (event: QrLoginEvent) => void) => void;
  /** The QR code's life, asked each time a code shows. */
  qrExpiry?: () => number;
  requestCode?: (request: SmsCodeRequest) => Promise<unknown>;
  submitPhone: (submission: PhoneSubmission) => Promise<LoginSession | null>;
}

/** The login machine with stubs in place of the server. */
export function stubbedLoginMachine({ fetchQr, qrFrames = [], onQrSocket, qrExpiry = () => 180_000, requestCode = async () => undefined, submitPhone }: LoginStubs) {
  return loginMachine.provide({
    actors: {
      qrLogin: qrLoginMachine.provide({
        actors: {
          fetchQr: fromPromise<LoginQr>(fetchQr),
          qrSocket: fromCallback<QrLoginEvent, QrSocketInput>(({ sendBack }) => {
            for (const frame of qrFrames) sendBack(frame);
            onQrSocket?.(sendBack);
            return () => {};
          }),
        },
        delays: { qrExpiry },
      }),
      smsCountdown: smsCountdownMachine.provide({
        actors: { requestCode: fromPromise<unknown, SmsCodeRequest>(({ input }) => requestCode(input)) },
        // The count stands still at 60 s while the story is looked at (and compared as a screenshot).
        delays: { smsTick: 3_600_000 },
      }),
      submitPhone: fromPromise<LoginSession | null, PhoneSubmission>(({ input }) => submitPhone(input)),
    },
  });
}
