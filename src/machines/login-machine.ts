import { assign, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import { qrLoginMachine, type QrSession } from './qr-login-machine.ts';
import { smsCountdownMachine } from './sms-countdown-machine.ts';

/** The phone modes of SPEC §4 (`regiter` is the spec's own spelling). */
export type PhoneMode = 'code' | 'regiter' | 'forgot';

export type LoginField = 'countryCode' | 'mobile' | 'password' | 'smsCode';

/** Message ids (src/i18n/messages) the login dialog shows under its form. */
export type LoginNotice = 'login.incomplete' | 'login.mobileRequired' | 'login.humanCheckNeeded' | 'login.resetDone';

/** What a phone submission sends: the mobile already as `country-number` (SPEC §3). */
export interface PhoneSubmission {
  mode: PhoneMode;
  mobile: string;
  password: string;
  code: string;
  altcha: string;
}

export type LoginSession = QrSession;

export type LoginEvent =
  | { type: 'mode.phone' }
  | { type: 'mode.qr' }
  | { type: 'mode.code' }
  | { type: 'mode.regiter' }
  | { type: 'mode.forgot' }
  | { type: 'field.changed'; field: LoginField; value: string }
  | { type: 'password.toggled' }
  | { type: 'remember.toggled' }
  | { type: 'altcha.solved'; payload: string }
  | { type: 'altcha.reset' }
  | { type: 'sms.request' }
  | { type: 'form.submit' }
  | { type: 'login.close' };

export interface LoginContext {
  mode: PhoneMode;
  countryCode: string;
  mobile: string;
  password: string;
  smsCode: string;
  passwordShown: boolean;
  remember: boolean;
  altcha: string | null;
  /** Bumped when a solution is spent, so the dialog shows a fresh widget. */
  altchaRound: number;
  notice: LoginNotice | null;
  session: LoginSession | null;
  /** How the session came: QR logins reload the page (SPEC §4). */
  via: 'qr' | 'phone' | null;
}

export interface LoginInput {
  /** The country code of the system config's first entry; 86 without one (SPEC §5). */
  countryCode?: string;
  /** The saved login under `account` when remember me was on: never a password (SPEC §3). */
  saved?: { countryCode: string; mobile: string } | null;
}

// SPEC §5.
export const mobileMaxLength = 11;
export const smsCodeMaxLength = 6;
export const defaultCountryCode = '86';

const limits: Partial<Record<LoginField, number>> = { mobile: mobileMaxLength, smsCode: smsCodeMaxLength };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    qrLogin: qrLoginMachine,
    smsCountdown: smsCountdownMachine,
    submitPhone: fromPromise<LoginSession | null, PhoneSubmission>(async () => null),
  },
  actions: {
    setMode: assign({ mode: (_, mode: PhoneMode) => mode, notice: null }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const max = limits[event.field];
      const value = max === undefined ? event.value : event.value.slice(0, max);
      return { ...context, [event.field]: value, notice: null };
    }),
    togglePassword: assign({ passwordShown: ({ context }) => !context.passwordShown }),
    toggleRemember: assign({ remember: ({ context }) => !context.remember }),
    keepAltcha: assign({
      altcha: ({ event }) => (event.type === 'altcha.solved' ? event.payload : null),
      notice: ({ context }) => (context.notice === 'login.humanCheckNeeded' ? null : context.notice),
    }),
    dropAltcha: assign({ altcha: null, altchaRound: ({ context }) => context.altchaRound + 1 }),
    warnIncomplete: assign({ notice: 'login.incomplete' as const }),
    warnNoMobile: assign({ notice: 'login.mobileRequired' as const }),
    warnHumanCheck: assign({ notice: 'login.humanCheckNeeded' as const }),
    noteResetDone: assign({ notice: 'login.resetDone' as const, mode: 'code' as const, smsCode: '' }),
    keepSession: assign({ session: (_, params: { session: LoginSession; via: 'qr' | 'phone' }) => params.session, via: (_, params) => params.via }),
    requestSms: sendTo('sms', ({ context }) => ({
      type: 'sms.request' as const,
      mobile: `${context.countryCode}-${context.mobile}`,
      purpose: context.mode === 'regiter' ? (1 as const) : (2 as const),
      altcha: context.altcha ?? '',
    })),
    /** The app saves the session (and the account under remember me); provided by the dialog. */
    sessionStarted: () => {},
  },
  guards: {
    isComplete: ({ context }) =>
      context.mobile !== '' && context.password !== '' && (context.mode === 'code' || context.smsCode !== ''),
    // Login, register, reset and every code request (so a script can neither learn which numbers have accounts nor send SMS at will).
    needsHumanCheck: ({ context }) => context.altcha === null,
    hasMobile: ({ context }) => context.mobile !== '',
    isCode: ({ context }) => context.mode === 'code',
    isRegiter: ({ context }) => context.mode === 'regiter',
    isForgot: ({ context }) => context.mode === 'forgot',
    isNotForgot: ({ context }) => context.mode !== 'forgot',
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    mode: 'code',
    countryCode: input.saved?.countryCode ?? input.countryCode ?? defaultCountryCode,
    mobile: input.saved?.mobile ?? '',
    password: '',
    smsCode: '',
    passwordShown: false,
    remember: Boolean(input.saved),
    altcha: null,
    altchaRound: 0,
    notice: null,
    session: null,
    via: null,
  }),
  on: { 'login.close': '.closed' },
  initial: 'qr',
  states: {
    qr: {
      invoke: {
        id: 'qr',
        src: 'qrLogin',
        onDone: {
          target: 'loggedIn',
          actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output, via: 'qr' as const }) },
        },
      },
      on: { 'mode.phone': 'phone' },
    },
    phone: {
      // One countdown for every phone mode: switching mode does not let a second code go out early.
      invoke: { id: 'sms', src: 'smsCountdown' },
      on: {
        'mode.qr': 'qr',
        'mode.regiter': { guard: 'isCode', actions: { type: 'setMode', params: 'regiter' } },
        'mode.code': [
          { guard: 'isRegiter', actions: { type: 'setMode', params: 'code' } },
          { guard: 'isForgot', actions: { type: 'setMode', params: 'code' } },
        ],
        'mode.forgot': { guard: 'isNotForgot', actions: { type: 'setMode', params: 'forgot' } },
        'field.changed': { actions: 'setField' },
        'password.toggled': { actions: 'togglePassword' },
        'remember.toggled': { actions: 'toggleRemember' },
        'altcha.solved': { actions: 'keepAltcha' },
        'altcha.reset': { actions: assign({ altcha: null }) },
        // A solution is spent by the request it goes with: the widget is reset for the next one.
        'sms.request': [
          { guard: not('hasMobile'), actions: 'warnNoMobile' },
          { guard: 'needsHumanCheck', actions: 'warnHumanCheck' },
          { actions: ['requestSms', 'dropAltcha'] },
        ],
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: { type: 'isComplete' }, target: 'checking' },
              { actions: 'warnIncomplete' },
            ],
          },
        },
        checking: {
          always: [{ guard: 'needsHumanCheck', target: 'editing', actions: 'warnHumanCheck' }, { target: 'submitting' }],
        },
        submitting: {
          tags: ['busy'],
          // The solution on hand goes with this submission: no code request may spend it twice.
          on: { 'mode.regiter': {}, 'mode.code': {}, 'mode.forgot': {}, 'mode.qr': {}, 'sms.request': {} },
          invoke: {
            id: 'submitPhone',
            src: 'submitPhone',
            input: ({ context }) => ({
              mode: context.mode,
              mobile: `${context.countryCode}-${context.mobile}`,
              password: context.password,
              code: context.smsCode,
              altcha: context.altcha ?? '',
            }),
            onDone: [
              { guard: 'isForgot', target: 'editing', actions: ['noteResetDone', 'dropAltcha'] },
              {
                guard: ({ event }) => event.output !== null,
                target: '#login.loggedIn',
                actions: {
                  type: 'keepSession',
                  params: ({ event }) => ({ session: event.output as LoginSession, via: 'phone' as const }),
                },
              },
              { target: 'editing', actions: 'dropAltcha' },
            ],
            // The server's msg is shown by the session machine (SPEC §8); a spent solution is no good again.
            onError: { target: 'editing', actions: 'dropAltcha' },
          },
        },
      },
    },
    loggedIn: {
      entry: 'sessionStarted',
      type: 'final',
    },
    closed: {
      type: 'final',
    },
  },
});

export type LoginActor = ActorRefFrom<typeof loginMachine>;
