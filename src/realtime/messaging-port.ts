import type { Api } from '../api/client.ts';
import type { components } from '../api/schema.d.ts';
import { readFrame } from './frame-guard.ts';

type ImClientMessage = components['schemas']['ImClientMessage'];
/** Omit over each member of a union, so the result stays discriminated. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The messaging service of DESIGN.md: who is logged in to chat; conversations come with the chat area. */
export interface MessagingPort {
  login(userID: string, userSig: string): Promise<void>;
  logout(): Promise<void>;
  /** Logs in as the stored guest (SPEC §3 imTouristAccount), asking the server for one if none is stored. */
  guestAccount(): Promise<void>;
  updateProfile(profile: { nick: string; avatar: string }): Promise<void>;
}

/** SPEC §7: nothing waits on the messaging service for longer than a request does. */
export const messagingTimeoutMs = 20_000;
const guestAccountKey = 'imTouristAccount';

function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`messaging ${what} timed out after ${String(ms)} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The stored guest messaging account, if any. */
export function readGuestAccount(storage: Pick<Storage, 'getItem'> = localStorage): { id: string; sig: string } | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(guestAccountKey) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'id' in stored && 'sig' in stored) {
      const { id, sig } = stored;
      if (typeof id === 'string' && typeof sig === 'string') return { id, sig };
    }
  } catch {
    // unreadable: ask for a new one
  }
  return null;
}

async function loginAsGuest(api: Api, port: Pick<MessagingPort, 'login'>): Promise<void> {
  let account = readGuestAccount();
  if (!account) {
    account = await api.get('/api/Universal/imTouristAccount');
    localStorage.setItem(guestAccountKey, JSON.stringify(account));
  }
  await port.login(account.id, account.sig);
}

/** The default adapter: the server's own `/im` socket (server/realtime/messaging-socket.ts). */
export function createOwnMessaging(api: Api, url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/im`): MessagingPort {
  let socket: Promise<WebSocket> | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  function open(): Promise<WebSocket> {
    socket ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.addEventListener('open', () => resolve(ws));
      ws.addEventListener('error', () => reject(new Error('messaging socket failed')));
      ws.addEventListener('close', () => {
        socket = null;
        for (const pending of waiting.values()) pending.reject(new Error('messaging socket closed'));
        waiting.clear();
      });
      ws.addEventListener('message', (event) => {
        // Only answers of the contract's ImServerMessage settle a call (openapi.yaml).
        const reply = readFrame('ImServerMessage', event.data);
        if (!reply) return;
        const pending = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (reply.type === 'ok') pending?.resolve();
        else pending?.reject(new Error(reply.msg));
      });
    });
    return socket;
  }

  function call(what: string, frame: DistributiveOmit<ImClientMessage, 'id'>): Promise<void> {
    const id = nextId++;
    return bounded(
      open().then(
        (ws) =>
          new Promise<void>((resolve, reject) => {
            waiting.set(id, { resolve, reject });
            ws.send(JSON.stringify({ ...frame, id }));
          }),
      ),
      messagingTimeoutMs,
      what,
    );
  }

  const port: MessagingPort = {
    login: (userID, userSig) => call('login', { type: 'login', userID, userSig }),
    logout: () => call('logout', { type: 'logout' }),
    guestAccount: () => loginAsGuest(api, port),
    updateProfile: ({ nick, avatar }) => call('profile', { type: 'profile', nick, avatar }),
  };
  return port;
}

interface TimLike {
  login(options: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  updateMyProfile(options: { nick: string; avatar: string }): Promise<unknown>;
}

/**
 * The Tencent IM adapter, for `im_mode: tim`. The SDK is loaded on first use; its service may be out
 * of reach, so every call gives up after the same bound as a request.
 */
export function createTimMessaging(api: Api, sdkAppId: number, timeoutMs = messagingTimeoutMs): MessagingPort {
  let tim: Promise<TimLike> | null = null;
  const load = () =>
    (tim ??= import('tim-js-sdk').then(({ default: TIM }) => TIM.create({ SDKAppID: sdkAppId }) as unknown as TimLike));
  const call = (what: string, run: (sdk: TimLike) => Promise<unknown>) =>
    bounded(load().then(run), timeoutMs, what).then(() => undefined);
  const port: MessagingPort = {
    login: (userID, userSig) => call('login', (sdk) => sdk.login({ userID, userSig })),
    logout: () => call('logout', (sdk) => sdk.logout()),
    guestAccount: () => loginAsGuest(api, port),
    updateProfile: (profile) => call('profile', (sdk) => sdk.updateMyProfile(profile)),
  };
  return port;
}
