import type { Api } from '../api/client.ts';
import {
  bounded,
  loginAsGuest,
  messagingTimeoutMs,
  historyPageSize,
  type ImConversation,
  type ImMessage,
  type MessagingEvent,
  type MessagingPort,
  MessagingRefusal,
} from './messaging-port.ts';

// The Tencent IM adapter of the messaging port (DESIGN.md, Realtime), for im_mode tim: the same port over
// tim-js-sdk, whose message and conversation shapes the port's already mirror. Tencent's service may be out of
// reach, so every call is bounded like a request. Pictures and files already stored by the site travel as custom
// messages that carry their address (the SDK's own image and file messages upload a File themselves).

/** The part of tim-js-sdk's instance the adapter uses (tim-js-sdk v2). */
export interface TimSdk {
  login(options: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  updateMyProfile(options: { nick: string; avatar: string }): Promise<unknown>;
  joinGroup(options: { groupID: string }): Promise<{ data: { group?: { memberCount?: number; nextMessageSeq?: number } } }>;
  quitGroup(groupID: string): Promise<unknown>;
  createTextMessage(options: { to: string; conversationType: string; payload: { text: string } }): unknown;
  createCustomMessage(options: { to: string; conversationType: string; payload: { data: string; description: string; extension: string } }): unknown;
  sendMessage(message: unknown): Promise<{ data: { message: TimMessage } }>;
  getMessageList(options: { conversationID: string; nextReqMessageID?: string; count?: number }): Promise<{
    data: { messageList: TimMessage[]; nextReqMessageID: string; isCompleted: boolean };
  }>;
  getConversationList(): Promise<{ data: { conversationList: TimConversation[] } }>;
  setMessageRead(options: { conversationID: string }): Promise<unknown>;
  /** A message the SDK holds (received or read from history in this session), or null. */
  findMessage(messageID: string): unknown;
  revokeMessage(message: unknown): Promise<unknown>;
  on(event: string, handler: (event: { data: unknown }) => void): void;
}

/** tim-js-sdk's Message, as far as the port reads it. */
export interface TimMessage {
  ID: string;
  conversationID: string;
  conversationType: string;
  from: string;
  to: string;
  nick?: string;
  avatar?: string;
  time: number;
  sequence: number;
  type: string;
  payload: Record<string, unknown>;
  isPeerRead?: boolean;
}

export interface TimConversation {
  conversationID: string;
  type: string;
  unreadCount: number;
  userProfile?: { userID: string; nick?: string; avatar?: string };
  groupProfile?: { groupID: string; name?: string; avatar?: string; ownerID?: string };
  lastMessage?: { lastSequence?: number } | null;
}

/** tim-js-sdk's constants the adapter needs (TIM.TYPES, TIM.EVENT). */
export const timConstants = {
  c2c: 'C2C',
  group: 'GROUP',
  messageReceived: 'onMessageReceived',
  conversationListUpdated: 'onConversationListUpdated',
  messageReadByPeer: 'onMessageReadByPeer',
  messageRevoked: 'onMessageRevoked',
} as const;

const attachment = 'pitchside:attachment';

/** A TIM message as the port's ImMessage; a site attachment (custom) as the picture or file it carries. */
export function fromTimMessage(message: TimMessage): ImMessage {
  const base = {
    ID: message.ID,
    clientMsgID: message.ID,
    conversationID: message.conversationID,
    conversationType: message.conversationType === timConstants.group ? ('GROUP' as const) : ('C2C' as const),
    from: message.from,
    to: message.to,
    nick: message.nick ?? '',
    avatar: message.avatar ?? '',
    time: message.time,
    sequence: message.sequence,
    ...(message.isPeerRead === undefined ? {} : { isPeerRead: message.isPeerRead }),
  };
  const { payload } = message;
  if (message.type === 'TIMTextElem') return { ...base, type: 'TIMTextElem', payload: { text: String(payload.text ?? '') } };
  if (message.type === 'TIMCustomElem' && payload.extension === attachment) {
    try {
      const carried = JSON.parse(String(payload.data)) as Record<string, unknown>;
      if (carried.kind === 'image') {
        return { ...base, type: 'TIMImageElem', payload: { url: String(carried.url), width: Number(carried.width), height: Number(carried.height) } };
      }
      if (carried.kind === 'file') return { ...base, type: 'TIMFileElem', payload: { name: String(carried.name), url: String(carried.url), size: Number(carried.size) } };
    } catch {
      // shown as the custom message it is
    }
  }
  return {
    ...base,
    type: 'TIMCustomElem',
    payload: { data: String(payload.data ?? ''), description: String(payload.description ?? ''), extension: String(payload.extension ?? '') },
  };
}

function fromTimConversation(conversation: TimConversation, last: ImMessage | null): ImConversation {
  return {
    conversationID: conversation.conversationID,
    type: conversation.type === timConstants.group ? 'GROUP' : 'C2C',
    unreadCount: conversation.unreadCount,
    lastMessage: last,
    ...(conversation.userProfile
      ? { userProfile: { userID: conversation.userProfile.userID, nick: conversation.userProfile.nick ?? '', avatar: conversation.userProfile.avatar ?? '' } }
      : {}),
    ...(conversation.groupProfile
      ? {
          groupProfile: {
            groupID: conversation.groupProfile.groupID,
            name: conversation.groupProfile.name ?? '',
            avatar: conversation.groupProfile.avatar ?? '',
            ownerID: conversation.groupProfile.ownerID ?? '',
          },
        }
      : {}),
  };
}

/** The Tencent IM adapter; `loadSdk` gives the SDK instance (tim-js-sdk's TIM.create by default). */
export function createTimMessaging(
  api: Api,
  sdkAppId: number,
  options: { timeoutMs?: number; loadSdk?: () => Promise<TimSdk> } = {},
): MessagingPort {
  const timeoutMs = options.timeoutMs ?? messagingTimeoutMs;
  const listeners = new Set<(event: MessagingEvent) => void>();
  const emit = (event: MessagingEvent) => {
    for (const listener of listeners) listener(event);
  };
  /** Where each conversation's history continues (TIM pages by message id, the port by sequence). */
  const cursors = new Map<string, string>();
  let current: string | null = null;
  const waiters = new Set<{ userID?: string; resolve: (userID: string) => void }>();
  let sdk: Promise<TimSdk> | null = null;
  const load = () =>
    (sdk ??= (
      options.loadSdk ??
      (() => import('tim-js-sdk').then(({ default: TIM }) => TIM.create({ SDKAppID: sdkAppId }) as unknown as TimSdk))
    )().then((instance) => {
      instance.on(timConstants.messageReceived, ({ data }) => {
        for (const message of data as TimMessage[]) emit({ type: 'message', message: fromTimMessage(message) });
      });
      instance.on(timConstants.conversationListUpdated, ({ data }) => {
        for (const conversation of data as TimConversation[]) emit({ type: 'conversation', conversation: fromTimConversation(conversation, null), removed: false });
      });
      instance.on(timConstants.messageReadByPeer, ({ data }) => {
        const messages = data as TimMessage[];
        const newest = messages.reduce((most, message) => Math.max(most, message.sequence), 0);
        if (messages[0]) emit({ type: 'read', conversationID: messages[0].conversationID, sequence: newest });
      });
      instance.on(timConstants.messageRevoked, ({ data }) => {
        for (const message of data as TimMessage[]) {
          emit({ type: 'revoked', conversationID: message.conversationID, messageID: message.ID, sequence: message.sequence });
        }
      });
      return instance;
    }));
  const run = <T>(what: string, work: (instance: TimSdk) => Promise<T>) => bounded(load().then(work), timeoutMs, what);
  const send = async (conversationID: string, message: (instance: TimSdk, to: string, conversationType: string) => unknown) => {
    const group = conversationID.startsWith('GROUP');
    const to = conversationID.slice(group ? 5 : 3);
    const answer = await run('send', (instance) => instance.sendMessage(message(instance, to, group ? timConstants.group : timConstants.c2c)));
    return fromTimMessage(answer.data.message);
  };

  const port: MessagingPort = {
    login: async (userID, userSig) => {
      await run('login', (instance) => instance.login({ userID, userSig }));
      current = userID;
      for (const waiter of [...waiters]) {
        if (waiter.userID !== undefined && waiter.userID !== userID) continue;
        waiters.delete(waiter);
        waiter.resolve(userID);
      }
    },
    logout: async () => {
      current = null;
      await run('logout', (instance) => instance.logout());
    },
    guestAccount: () => loginAsGuest(api, port),
    updateProfile: (profile) => run('profile', (instance) => instance.updateMyProfile(profile)).then(() => undefined),
    whenLoggedIn: (userID) =>
      current !== null && (userID === undefined || userID === current)
        ? Promise.resolve(current)
        : new Promise((resolve) => waiters.add({ userID, resolve })),
    joinGroup: async (groupID, afterSequence) => {
      const answer = await run('join', (instance) => instance.joinGroup({ groupID }));
      const group = answer.data.group;
      // Tencent IM replays nothing on a join: a tab joining again reads what it missed.
      return {
        onlineCount: group?.memberCount ?? 0,
        lastSequence: Math.max(0, (group?.nextMessageSeq ?? 1) - 1),
        ...(afterSequence === undefined ? {} : { resync: true as const }),
      };
    },
    leaveGroup: (groupID) => run('leave', (instance) => instance.quitGroup(groupID)).then(() => undefined),
    sendText: (conversationID, text) => send(conversationID, (instance, to, conversationType) => instance.createTextMessage({ to, conversationType, payload: { text } })),
    sendMessage: (conversationID, messageType, payload) =>
      send(conversationID, (instance, to, conversationType) => {
        if ('text' in payload) return instance.createTextMessage({ to, conversationType, payload });
        if ('data' in payload) return instance.createCustomMessage({ to, conversationType, payload });
        const carried = 'width' in payload ? { kind: 'image', ...payload } : { kind: 'file', ...payload };
        return instance.createCustomMessage({
          to,
          conversationType,
          payload: { data: JSON.stringify(carried), description: messageType === 'TIMImageElem' ? '[图片]' : '[文件]', extension: attachment },
        });
      }),
    // Tencent IM lets a group's owner and admins revoke others' messages; the SDK revokes a message it holds.
    revokeMessage: (_conversationID, messageID) =>
      run('revoke', async (instance) => {
        const message = instance.findMessage(messageID);
        if (!message) throw new MessagingRefusal('message not found', 'unavailable');
        await instance.revokeMessage(message);
      }),
    getConversations: async () => {
      const answer = await run('conversations', (instance) => instance.getConversationList());
      return answer.data.conversationList.map((conversation) => fromTimConversation(conversation, null));
    },
    markRead: (conversationID) => run('read', (instance) => instance.setMessageRead({ conversationID })).then(() => undefined),
    getHistory: async (conversationID, beforeSequence) => {
      const nextReqMessageID = beforeSequence === undefined ? undefined : cursors.get(conversationID);
      const answer = await run('history', (instance) =>
        instance.getMessageList({ conversationID, count: historyPageSize, ...(nextReqMessageID ? { nextReqMessageID } : {}) }),
      );
      cursors.set(conversationID, answer.data.nextReqMessageID);
      return { messages: answer.data.messageList.map(fromTimMessage), isCompleted: answer.data.isCompleted };
    },
    // The SDK catches up by itself after a reconnect and pushes what came meanwhile.
    syncMessages: async () => ({ messages: [], isCompleted: true }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Horns are the site's own, not Tencent's: with this adapter rooms read the horn list.
    pushesHorns: false,
    pushesRoomStatus: false,
  };
  return port;
}
