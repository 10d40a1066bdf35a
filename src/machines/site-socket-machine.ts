import { and, assign, emit, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import type { components } from '../api/schema.d.ts';

type Schemas = components['schemas'];
export type SocketServerMessage = Schemas['SocketServerMessage'];
export type SocketClientMessage = Schemas['SocketClientMessage'];
export type SocketStream = Schemas['SocketStream'];
export type ClassifyType = Schemas['SocketClassify']['classify_type'];

/** SPEC §9: a heartbeat every 30 s, unless the server's `registered` frame says otherwise. */
export const defaultHeartbeatMs = 30_000;
/** Reconnect backoff: 1 s doubling up to 30 s, each wait scaled by a jitter of 50–100 %. */
export const reconnectBaseMs = 1_000;
export const reconnectMaxMs = 30_000;

/** The wait before reconnect attempt `attempt` (1-based) for a jitter draw in [0, 1). */
export function reconnectDelayMs(attempt: number, draw: number): number {
  const ceiling = Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + draw / 2));
}

export interface SiteSocketInput {
  /** The websocket address: `/ws` of the site or universal/getConfig's websocket. */
  url: string;
  /** The odds company of the toggle frame. */
  companyId: number;
  /** The sport of the classify frame. */
  classifyType: ClassifyType;
  /** The stored user's token, bound at register; null for guests. */
  token: string | null;
  /** A draw in [0, 1) for the reconnect jitter; the caller gives Math.random, tests a fixed one. */
  random: () => number;
}

export interface SiteSocketContext extends SiteSocketInput {
  heartbeatMs: number;
  /** Reconnect attempts since the last successful register. */
  attempt: number;
  /** The jitter draw of the wait under way. */
  draw: number;
  /** Last seq seen by stream, sent as resume after a reconnect. */
  lastSeq: Partial<Record<SocketStream, number>>;
  /**
   * The login QR code the page shows and its secret, bound again after every register; null when none shows.
   * Held in memory only: the secret is what makes the code this page's, so no other page can use it.
   */
  qr: { code: string; secret: string } | null;
}

export type SiteSocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: SocketServerMessage }
  | { type: 'socket.closed' }
  | { type: 'socket.stopped' }
  | { type: 'company.toggled'; companyId: number }
  | { type: 'sport.classified'; classifyType: ClassifyType }
  | { type: 'qr.shown'; code: string; secret: string }
  | { type: 'qr.hidden' }
  /** The stored user changed (login, logout): the connection registers again with the new token, or none. */
  | { type: 'token.changed'; token: string | null };

type Pushed<T extends SocketServerMessage['type']> = Extract<SocketServerMessage, { type: T }>;

/** What the machine tells its listeners (`actor.on(...)`). */
export type SiteSocketEmitted =
  | { type: 'match.pushed'; push: Pushed<'football_match' | 'basketball_match' | 'esports_match'> }
  | { type: 'exponent.pushed'; push: Pushed<'football_exponent' | 'basketball_exponent'> }
  | { type: 'goal.pushed'; push: Pushed<'goal'> }
  | { type: 'momentum.pushed'; push: Pushed<'football_momentum' | 'basketball_momentum'> }
  | { type: 'streams.resync'; streams: SocketStream[] }
  | { type: 'qr.scanned'; qrCode: string }
  | { type: 'qr.loggedIn'; message: Pushed<'webLoginSuccess'> }
  | { type: 'qr.refused'; qrCode: string }
  | { type: 'session.gone' }
  | { type: 'live.kickedOut'; roomId: number }
  | { type: 'live.alert'; alert: Pushed<'live_alert'> };

/** What the machine asks the connection actor to do. */
export interface ConnectionCommand {
  type: 'frame.send';
  frame: SocketClientMessage;
}

/**
 * The connection the caller provides as `connection`: opens `url`, reports `socket.opened`,
 * `socket.message` (parsed frames) and `socket.closed`, sends the frames it is given, closes on stop.
 */
export const unprovidedConnection = fromCallback<ConnectionCommand, { url: string }>(() => {
  throw new Error('provide the connection actor');
});

function sequenced(message: SocketServerMessage): { stream: SocketStream; seq: number } | null {
  return 'seq' in message ? { stream: message.type, seq: message.seq } : null;
}

function command(frame: SocketClientMessage): ConnectionCommand {
  return { type: 'frame.send', frame };
}

/**
 * The site socket of SPEC §4 (live scores, QR login, 700, kick-outs): connect, register (info web), then toggle (company_id), classify
 * (classify_type) and resume (last seq by stream); heartbeat every 30 s; when the socket closes,
 * reconnect after a backoff with jitter; stopped for good on `socket.stopped`.
 */
export const siteSocketMachine = setup({
  types: {
    context: {} as SiteSocketContext,
    events: {} as SiteSocketEvent,
    input: {} as SiteSocketInput,
    emitted: {} as SiteSocketEmitted,
  },
  actors: { connection: unprovidedConnection },
  delays: {
    heartbeat: ({ context }) => context.heartbeatMs,
    reconnectBackoff: ({ context }) => reconnectDelayMs(context.attempt, context.draw),
  },
  guards: {
    isRegistered: ({ event }) => event.type === 'socket.message' && event.message.type === 'registered',
    hasSeenPushes: ({ context }) => Object.keys(context.lastSeq).length > 0,
  },
  actions: {
    sendRegister: sendTo('connection', ({ context }) =>
      command(context.token ? { type: 'register', info: 'web', token: context.token } : { type: 'register', info: 'web' }),
    ),
    sendToggle: sendTo('connection', ({ context }) => command({ type: 'toggle', company_id: context.companyId })),
    sendClassify: sendTo('connection', ({ context }) => command({ type: 'classify', classify_type: context.classifyType })),
    sendResume: sendTo('connection', ({ context }) => command({ type: 'resume', seq: context.lastSeq })),
    sendHeartbeat: sendTo('connection', () => command({ type: 'heartbeat' })),
    sendQrLogin: enqueueActions(({ context, enqueue }) => {
      const { qr } = context;
      if (qr !== null) enqueue.sendTo('connection', command({ type: 'qr_login', code: qr.code, qr_secret: qr.secret }));
    }),
    storeQr: assign({ qr: ({ context, event }) => (event.type === 'qr.shown' ? { code: event.code, secret: event.secret } : context.qr) }),
    forgetQr: assign({ qr: null }),
    storeToken: assign({ token: ({ context, event }) => (event.type === 'token.changed' ? event.token : context.token) }),
    storeHeartbeat: assign({
      heartbeatMs: ({ context, event }) =>
        event.type === 'socket.message' && event.message.type === 'registered' ? event.message.heartbeat_ms : context.heartbeatMs,
      attempt: 0,
    }),
    storeCompany: assign({ companyId: ({ context, event }) => (event.type === 'company.toggled' ? event.companyId : context.companyId) }),
    storeClassify: assign({
      classifyType: ({ context, event }) => (event.type === 'sport.classified' ? event.classifyType : context.classifyType),
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1, draw: ({ context }) => context.random() }),
    recordSeq: assign({
      lastSeq: ({ context, event }) => {
        const seen = event.type === 'socket.message' ? sequenced(event.message) : null;
        if (!seen || (context.lastSeq[seen.stream] ?? -1) >= seen.seq) return context.lastSeq;
        return { ...context.lastSeq, [seen.stream]: seen.seq };
      },
    }),
    emitMessage: emit(({ event }): SiteSocketEmitted => {
      if (event.type !== 'socket.message') throw new Error('emitMessage runs on socket.message only');
      const message = event.message;
      switch (message.type) {
        case 'football_match':
        case 'basketball_match':
        case 'esports_match':
          return { type: 'match.pushed', push: message };
        case 'football_exponent':
        case 'basketball_exponent':
          return { type: 'exponent.pushed', push: message };
        case 'goal':
          return { type: 'goal.pushed', push: message };
        case 'football_momentum':
        case 'basketball_momentum':
          return { type: 'momentum.pushed', push: message };
        case 'resync':
          return { type: 'streams.resync', streams: message.streams };
        case 'scanCode_Login':
          return { type: 'qr.scanned', qrCode: message.qr_code };
        case 'webLoginSuccess':
          return { type: 'qr.loggedIn', message };
        case 'session_gone':
          return { type: 'session.gone' };
        case 'live_kickout':
          return { type: 'live.kickedOut', roomId: message.room_id };
        case 'live_alert':
          return { type: 'live.alert', alert: message };
        case 'error':
          if (message.qr_code !== undefined) return { type: 'qr.refused', qrCode: message.qr_code };
          return { type: 'streams.resync', streams: [] };
        default:
          return { type: 'streams.resync', streams: [] };
      }
    }),
  },
}).createMachine({
  id: 'siteSocket',
  context: ({ input }) => ({ ...input, heartbeatMs: defaultHeartbeatMs, attempt: 0, draw: 0, lastSeq: {}, qr: null }),
  initial: 'open',
  // A QR code shown while the socket is down is bound once it is subscribed again.
  on: {
    'socket.stopped': '.closed',
    'qr.shown': { actions: 'storeQr' },
    'qr.hidden': { actions: 'forgetQr' },
    // Kept for the next register; a subscribed connection registers again at once (below).
    'token.changed': { actions: 'storeToken' },
  },
  states: {
    open: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ url: context.url }) },
      initial: 'connecting',
      on: {
        'socket.closed': 'reconnecting',
        'company.toggled': { actions: 'storeCompany' },
        'sport.classified': { actions: 'storeClassify' },
      },
      states: {
        connecting: { on: { 'socket.opened': { target: 'registering', actions: 'sendRegister' } } },
        registering: {
          on: {
            'socket.message': [
              {
                guard: and(['isRegistered', 'hasSeenPushes']),
                target: 'subscribed',
                actions: ['storeHeartbeat', 'sendToggle', 'sendClassify', 'sendResume', 'sendQrLogin'],
              },
              {
                guard: 'isRegistered',
                target: 'subscribed',
                actions: ['storeHeartbeat', 'sendToggle', 'sendClassify', 'sendQrLogin'],
              },
            ],
          },
        },
        subscribed: {
          tags: ['subscribed'],
          after: { heartbeat: { target: 'subscribed', reenter: true, actions: 'sendHeartbeat' } },
          on: {
            'socket.message': [
              // The answer to a register sent again for a new token: nothing to tell the screens.
              { guard: 'isRegistered', actions: 'storeHeartbeat' },
              { actions: ['recordSeq', 'emitMessage'] },
            ],
            'token.changed': { actions: ['storeToken', 'sendRegister'] },
            'company.toggled': { actions: ['storeCompany', 'sendToggle'] },
            'sport.classified': { actions: ['storeClassify', 'sendClassify'] },
            'qr.shown': { actions: ['storeQr', 'sendQrLogin'] },
          },
        },
      },
    },
    reconnecting: {
      entry: 'countAttempt',
      after: { reconnectBackoff: 'open' },
    },
    closed: { type: 'final' },
  },
});
