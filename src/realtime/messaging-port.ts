import type { Api } from '../api/client.ts';
import type { components } from '../api/schema.d.ts';
import { readFrame } from './frame-guard.ts';
import { readGuestAccount, storeGuestAccount } from './guest-account.ts';

type Schemas = components['schemas'];
type ImClientMessage = Schemas['ImClientMessage'];
type ImServerMessage = Schemas['ImServerMessage'];
/** A message as tim-js-sdk shapes it (openapi.yaml ImMessage). */
export type ImMessage = Schemas['ImMessage'];
/** A conversation as tim-js-sdk shapes it (openapi.yaml ImConversation). */
export type ImConversation = Schemas['ImConversation'];
export type ImElemType = Schemas['ImElemType'];
export type ImPayload = Schemas['ImPayload'];
/** Why the server refused a frame (ImError.reason). */
export type MessagingRefusalReason = NonNullable<Schemas['ImError']['reason']>;
/** Omit over each member of a union, so the result stays discriminated. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the messaging service pushes: a new message, a group's online count, or that the connection came back. */
export type MessagingEvent =
  /**
   * A message of a conversation the connection is in. `replayed`: a live room's line sent again after a join that
   * resumed from afterSequence (said while the tab was away, so not heard live); stored before that join answered.
   */
  | { type: 'message'; message: ImMessage; replayed?: true }
  | { type: 'online'; conversationID: string; count: number }
  /**
   * The connection dropped and is back, or another user logged in on it: logged in again. Whoever joined a group
   * joins it again, from the last line it holds (joinGroup's afterSequence), and a conversation asks for what it
   * missed (syncMessages).
   */
  | { type: 'reconnected' }
  /** One of the member's conversations changed (replace it in the list), or is gone (removed). */
  | { type: 'conversation'; conversation: ImConversation; removed: boolean }
  /** The other side of a C2C talk read the member's messages up to `sequence`. */
  | { type: 'read'; conversationID: string; sequence: number }
  /** A horn just blown somewhere on the site, heard in whichever room this connection is in. */
  | { type: 'horn'; horn: Schemas['HornMessage'] }
  /** A guard of the room's anchor or a noble came into a room this connection is in (its entry effect). */
  | { type: 'entry'; entry: Schemas['ImRoomEntry'] }
  /** A message of a joined group was deleted by the room's anchor or a manager. */
  | { type: 'revoked'; conversationID: string; messageID: string; sequence: number }
  /** A live room whose chat this connection is in went on or off air. */
  | { type: 'roomStatus'; status: Schemas['ImRoomStatus'] }
  /** The connection dropped; 'reconnected' follows once it is back. Pushes are not heard meanwhile. */
  | { type: 'disconnected' };

/** A group joined: its audience and newest line now, and whether what was missed has to be read (joinGroup). */
export interface JoinedGroup {
  onlineCount: number;
  lastSequence: number;
  /** The lines after the join's afterSequence are not all held any more: read them with syncMessages. */
  resync?: true;
}

/** A page of a conversation, oldest first. */
export interface MessagePage {
  messages: ImMessage[];
  isCompleted: boolean;
}

/** The server refused a frame; `message` is fit to show (in the language of the login), `reason` says why. */
export class MessagingRefusal extends Error {
  constructor(
    message: string,
    readonly reason?: MessagingRefusalReason,
  ) {
    super(message);
    this.name = 'MessagingRefusal';
  }
}

/**
 * The messaging service of DESIGN.md: who is logged in to chat, groups (live rooms' chats), messages and
 * their history. Conversations are named as tim-js-sdk names them (GROUP<id>, C2C<id>), so screens do not
 * know which adapter runs.
 */
export interface MessagingPort {
  login(userID: string, userSig: string): Promise<void>;
  logout(): Promise<void>;
  /** Logs in as the stored guest (SPEC §3 imTouristAccount), asking the server for one if none is stored. */
  guestAccount(): Promise<void>;
  updateProfile(profile: { nick: string; avatar: string }): Promise<void>;
  /** The messaging user id once logged in (as `userID` when given: the stored user, not the guest before them). */
  whenLoggedIn(userID?: string): Promise<string>;
  /**
   * Joins a group's conversation on this connection, until leaveGroup or a reconnect. With `afterSequence` (the last
   * line the tab holds, when it joins again), the lines after it arrive as 'message' events marked replayed, in
   * order, before any newer one; or the answer says `resync` when the service no longer holds them all, and the tab
   * reads them with syncMessages.
   */
  joinGroup(groupID: string, afterSequence?: number): Promise<JoinedGroup>;
  leaveGroup(groupID: string): Promise<void>;
  /** Sends a text; resolves with the message once the server stored it. The same clientMsgID is stored once. */
  sendText(conversationID: string, text: string, clientMsgID: string): Promise<ImMessage>;
  /** Sends a message of any kind (text, image, file, custom card); resolves once stored. */
  sendMessage(conversationID: string, messageType: ImElemType, payload: ImPayload, clientMsgID: string): Promise<ImMessage>;
  /** Deletes a message of a live room's chat (its anchor and managers only); everyone in the room is told ('revoked'). */
  revokeMessage(conversationID: string, messageID: string): Promise<void>;
  /** The logged-in member's conversations, newest first. */
  getConversations(): Promise<ImConversation[]>;
  /** Marks a conversation read; a C2C sender is told. */
  markRead(conversationID: string): Promise<void>;
  /** A page of history (15), newest last: before `beforeSequence`, or the latest. */
  getHistory(conversationID: string, beforeSequence?: number): Promise<MessagePage>;
  /** The messages after `afterSequence`, oldest first (up to 100; isCompleted false: ask again). */
  syncMessages(conversationID: string, afterSequence: number): Promise<MessagePage>;
  /** Calls `listener` for every push until the returned function is called. */
  subscribe(listener: (event: MessagingEvent) => void): () => void;
  /** Whether new horns arrive as pushes ('horn' events); where not, rooms read the horn list now and then. */
  readonly pushesHorns: boolean;
  /** Whether a joined room's going on and off air arrives as a push ('roomStatus' events); where not, rooms read their status now and then. */
  readonly pushesRoomStatus: boolean;
}

/** SPEC §7: nothing waits on the messaging service for longer than a request does. */
export const messagingTimeoutMs = 20_000;
/** After the socket drops while logged in, the next try waits this long, times the attempt (at most 10 s). */
export const reconnectStepMs = 1000;
/** SPEC §9: history comes 15 messages at a time. */
export const historyPageSize = 15;

export function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`messaging ${what} timed out after ${String(ms)} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export async function loginAsGuest(api: Api, port: Pick<MessagingPort, 'login'>): Promise<void> {
  let account = readGuestAccount();
  if (!account) {
    account = await api.get('/api/Universal/imTouristAccount');
    storeGuestAccount(account);
  }
  await port.login(account.id, account.sig);
}

type Answer<T extends ImServerMessage['type']> = Extract<ImServerMessage, { type: T }>;

export interface OwnMessagingOptions {
  url?: string;
  /** The language refusals come in (ImLogin.lang). */
  language?: () => 'zh' | 'en' | 'vi';
}

/** The default adapter: the server's own `/im` socket (server/realtime/messaging-socket.ts). */
export function createOwnMessaging(api: Api, options: OwnMessagingOptions = {}): MessagingPort {
  // Read through globalThis: the port also runs in Node (the port's conformance test), which has no location.
  const page = (globalThis as { location?: { protocol: string; host: string } }).location;
  const url = options.url ?? `${page?.protocol === 'https:' ? 'wss' : 'ws'}://${page?.host ?? ''}/im`;
  let socket: Promise<WebSocket> | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (frame: ImServerMessage) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: MessagingEvent) => void>();
  /** Who is logged in, kept to log in again after a reconnect. */
  let credentials: { userID: string; userSig: string } | null = null;
  /** Who the connection is logged in as now, and who waits for a login. */
  let current: string | null = null;
  const loginWaiters = new Set<{ userID?: string; resolve: (userID: string) => void }>();
  const loggedInAs = (userID: string | null) => {
    current = userID;
    if (userID === null) return;
    for (const waiter of [...loginWaiters]) {
      if (waiter.userID !== undefined && waiter.userID !== userID) continue;
      loginWaiters.delete(waiter);
      waiter.resolve(userID);
    }
  };
  const whenLoggedIn = (userID?: string): Promise<string> =>
    current !== null && (userID === undefined || userID === current)
      ? Promise.resolve(current)
      : new Promise((resolve) => loginWaiters.add({ userID, resolve }));
  /** The groups joined, whose owners are told to join again after a reconnect or a login ('reconnected'). */
  const groups = new Set<string>();
  /**
   * Each group's newest line as its last join answered: a line at or below it pushed after that answer is one
   * the join replayed (said before it), not one heard live.
   */
  const joinedAt = new Map<string, number>();
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const emit = (event: MessagingEvent) => {
    for (const listener of listeners) listener(event);
  };

  function open(): Promise<WebSocket> {
    socket ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.addEventListener('open', () => resolve(ws));
      ws.addEventListener('error', () => reject(new Error('messaging socket failed')));
      ws.addEventListener('close', () => {
        socket = null;
        for (const pending of waiting.values()) pending.reject(new Error('messaging socket closed'));
        waiting.clear();
        current = null;
        joinedAt.clear();
        emit({ type: 'disconnected' });
        if (credentials) scheduleReconnect();
      });
      ws.addEventListener('message', (event) => {
        // Only frames of the contract's ImServerMessage reach the port (openapi.yaml).
        const frame = readFrame('ImServerMessage', event.data);
        if (!frame) return;
        if (frame.type === 'message') {
          const replayed = frame.message.sequence <= (joinedAt.get(frame.message.conversationID) ?? 0);
          return emit({ type: 'message', message: frame.message, ...(replayed ? { replayed: true as const } : {}) });
        }
        if (frame.type === 'group_joined') joinedAt.set(frame.conversationID, frame.lastSequence);
        if (frame.type === 'online_count') return emit({ type: 'online', conversationID: frame.conversationID, count: frame.count });
        if (frame.type === 'conversation') return emit({ type: 'conversation', conversation: frame.conversation, removed: frame.removed === true });
        if (frame.type === 'read_receipt') return emit({ type: 'read', conversationID: frame.conversationID, sequence: frame.sequence });
        if (frame.type === 'horn') return emit({ type: 'horn', horn: frame.horn });
        if (frame.type === 'room_entry') return emit({ type: 'entry', entry: frame });
        if (frame.type === 'room_status') return emit({ type: 'roomStatus', status: frame });
        if (frame.type === 'message_revoked') {
          return emit({ type: 'revoked', conversationID: frame.conversationID, messageID: frame.messageID, sequence: frame.sequence });
        }
        const pending = waiting.get(frame.id);
        waiting.delete(frame.id);
        if (frame.type === 'error') pending?.reject(new MessagingRefusal(frame.msg, frame.reason));
        else pending?.resolve(frame);
      });
    });
    return socket;
  }

  function scheduleReconnect(): void {
    if (reconnectTimer !== null) return;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      const who = credentials;
      if (!who) return;
      void (async () => {
        const answer = await send('login', { type: 'login', userID: who.userID, userSig: who.userSig, lang: options.language?.() ?? 'zh' });
        if (answer.type !== 'ok') throw new Error(`messaging login answered ${answer.type}`);
        attempt = 0;
        loggedInAs(who.userID);
        emit({ type: 'reconnected' });
      })().catch(() => {
        socket = null;
        scheduleReconnect();
      });
    }, Math.min(attempt * reconnectStepMs, 10_000));
  }

  function send(what: string, frame: DistributiveOmit<ImClientMessage, 'id'>): Promise<ImServerMessage> {
    const id = nextId++;
    return bounded(
      open().then(
        (ws) =>
          new Promise<ImServerMessage>((resolve, reject) => {
            waiting.set(id, { resolve, reject });
            ws.send(JSON.stringify({ ...frame, id }));
          }),
      ),
      messagingTimeoutMs,
      what,
    );
  }

  async function expect<T extends ImServerMessage['type']>(type: T, answer: Promise<ImServerMessage>): Promise<Answer<T>> {
    const frame = await answer;
    if (frame.type !== type) throw new Error(`messaging answered ${frame.type}, not ${type}`);
    return frame as Answer<T>;
  }

  const call = (what: string, frame: DistributiveOmit<ImClientMessage, 'id'>) => send(what, frame).then(() => undefined);
  const asked = (what: string, frame: DistributiveOmit<ImClientMessage, 'id'>) => whenLoggedIn().then(() => send(what, frame));

  const port: MessagingPort = {
    login: async (userID, userSig) => {
      await call('login', { type: 'login', userID, userSig, lang: options.language?.() ?? 'zh' });
      credentials = { userID, userSig };
      loggedInAs(userID);
      // A user who logs in (or out) while in a room takes part in its chat as who they are now: its owner joins again.
      if (groups.size > 0) emit({ type: 'reconnected' });
    },
    logout: async () => {
      credentials = null;
      current = null;
      await call('logout', { type: 'logout' });
    },
    guestAccount: () => loginAsGuest(api, port),
    updateProfile: ({ nick, avatar }) => call('profile', { type: 'profile', nick, avatar }),
    whenLoggedIn,
    joinGroup: async (groupID, afterSequence) => {
      const joined = await expect('group_joined', asked('join', { type: 'join_group', groupID, ...(afterSequence === undefined ? {} : { afterSequence }) }));
      groups.add(groupID);
      return { onlineCount: joined.onlineCount, lastSequence: joined.lastSequence, ...(joined.resync ? { resync: true as const } : {}) };
    },
    leaveGroup: async (groupID) => {
      groups.delete(groupID);
      joinedAt.delete(`GROUP${groupID}`);
      if (socket) await call('leave', { type: 'leave_group', groupID });
    },
    sendText: async (conversationID, text, clientMsgID) =>
      (await expect('sent', asked('send', { type: 'send', conversationID, clientMsgID, messageType: 'TIMTextElem', payload: { text } }))).message,
    sendMessage: async (conversationID, messageType, payload, clientMsgID) =>
      (await expect('sent', asked('send', { type: 'send', conversationID, clientMsgID, messageType, payload }))).message,
    revokeMessage: (conversationID, messageID) => asked('revoke', { type: 'revoke', conversationID, messageID }).then(() => undefined),
    getConversations: async () => (await expect('conversation_list', asked('conversations', { type: 'conversations' }))).conversations,
    markRead: (conversationID) => asked('read', { type: 'read', conversationID }).then(() => undefined),
    getHistory: async (conversationID, beforeSequence) => {
      const page = await expect(
        'message_list',
        asked('history', { type: 'history', conversationID, count: historyPageSize, ...(beforeSequence === undefined ? {} : { beforeSequence }) }),
      );
      return { messages: page.messages, isCompleted: page.isCompleted };
    },
    syncMessages: async (conversationID, afterSequence) => {
      const page = await expect('message_list', asked('sync', { type: 'sync', conversationID, afterSequence }));
      return { messages: page.messages, isCompleted: page.isCompleted };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pushesHorns: true,
    pushesRoomStatus: true,
  };
  return port;
}
