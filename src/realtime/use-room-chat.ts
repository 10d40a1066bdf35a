import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useApi } from '../api/api-context.tsx';
import type { components } from '../api/schema';
import { ChatSendError, roomChatMachine, type ChatDraft, type ChatStanding } from '../machines/room-chat-machine.ts';
import { roomChatMaxLength } from '../rules/chat-lengths.ts';
import { useMessaging } from './messaging-context.tsx';
import { readFrame } from './frame-guard.ts';
import { MessagingRefusal, type ImMessage } from './messaging-port.ts';
import { joinRoomChat, RoomChatCursor, type ChatArrival } from './room-chat-cursor.ts';
import { useSocketEvent } from './site-socket.tsx';
import { useStoredUser } from './stored-user.ts';

// A live room's chat for the screens: the room chat panel lists it and the danmaku overlay flies it
// over the picture, both from this one hook. Messages arrive in sequence order, each once, whether pushed,
// read from history or caught up after a reconnect. After a reconnect (to any server process) the chat joins
// again from the last line it holds: the server replays what was missed, or says resync and the chat reads it.

type Schemas = components['schemas'];

/** A gift sent in the room, as the server tells the room's chat (a custom message with extension "gift"). */
export type RoomGiftNotice = Schemas['RoomGiftNotice'];

/** One chat line as the screens show it; the text is shown as text, never as markup. */
export interface RoomChatMessage {
  /** The server's id of the message. */
  id: string;
  /** Its place in the room's chat, increasing. */
  sequence: number;
  text: string;
  nick: string;
  avatar: string;
  /** The sender's site user id (what the room's managers mute or kick). */
  senderId: number;
  /** Sent by the viewer (from any of their tabs). */
  isMine: boolean;
  /** The sender's standing in the room when sent. */
  badge?: 'anchor' | 'manager' | 'guard' | 'noble';
  /** When it was sent, in seconds since 1970. */
  time: number;
  /** A gift's banner line rather than words (then `text` is empty); the sender is `nick`. */
  gift?: RoomGiftNotice;
  /** A coloured barrage (Barrage/send): its text colour, `#rrggbb`. */
  colour?: string;
  /** The sender's messaging id (a gift's combo is the same sender's same gift). */
  from?: string;
  /** Deleted by the room's anchor or a manager: shown as deleted, its words gone, never flown as danmaku. */
  revoked?: boolean;
  /** Heard while in the room (pushed, or sent from here), not read from history or caught up after a reconnect: what flies as danmaku. */
  live: boolean;
}

/** Where the viewer stands in the chat; what the panel shows. */
export type RoomChatStatus = 'joining' | 'joinFailed' | 'guest' | 'ready' | 'sending' | 'sendFailed' | 'muted' | 'kicked';

export interface RoomChat {
  /** Oldest first; the last `keptMessages` at most. */
  messages: RoomChatMessage[];
  /** Viewers in the room's chat now; null until joined. */
  onlineCount: number | null;
  status: RoomChatStatus;
  /** The last refusal or failure, fit to show. */
  error: string | null;
  maxLength: number;
  /** Sends a line; a guest's send asks for the login dialog instead (onLoginRequest). */
  send(text: string): void;
  retry(): void;
  discard(): void;
  /** Deletes a line (the room's anchor and managers); resolves once the server did, rejects with its refusal. */
  revoke(message: RoomChatMessage): Promise<void>;
}

/** The lines a page keeps: enough to scroll back through a lively minute. */
export const keptMessages = 200;

export interface RoomChatOptions {
  /** The messaging group of the room (LiveRoomInfo.chat_group_id). */
  groupID: string;
  /** A guest pressed send: the page opens the login dialog. */
  onLoginRequest?: () => void;
  /** The viewer was kicked out of the room (on joining, by the server's refusal, or by the site socket's push). */
  onKicked?: () => void;
  /** A gift was sent in the room while the viewer is in it (not those read from history): the player plays its effect. */
  onGift?: (message: RoomChatMessage) => void;
  /** A guard of the anchor or a noble came into the room: the player plays their entry effect. */
  onEntry?: (entry: Schemas['ImRoomEntry']) => void;
}

/** The gift notice a custom message carries, checked against the contract; null for any other message. */
function giftNoticeOf(message: ImMessage): RoomGiftNotice | null {
  if (!('extension' in message.payload) || message.payload.extension !== 'gift') return null;
  return readFrame('RoomGiftNotice', message.payload.data);
}

/** The coloured barrage a custom message carries, checked against the contract; null for any other message. */
function barrageOf(message: ImMessage): Schemas['ColouredBarrage'] | null {
  if (!('extension' in message.payload) || message.payload.extension !== 'barrage') return null;
  return readFrame('ColouredBarrage', message.payload.data);
}

function toChatMessage(message: ImMessage, me: string | null, live: boolean): RoomChatMessage | null {
  const gift = giftNoticeOf(message);
  const barrage = gift ? null : barrageOf(message);
  if (!gift && !barrage && !('text' in message.payload)) return null;
  return {
    id: message.ID,
    sequence: message.sequence,
    text: barrage ? barrage.content : 'text' in message.payload ? message.payload.text : '',
    ...(gift ? { gift } : {}),
    ...(barrage ? { colour: barrage.colour } : {}),
    from: message.from,
    nick: message.nick,
    avatar: message.avatar,
    senderId: Number(message.from),
    isMine: me !== null && message.from === me,
    ...(message.badge ? { badge: message.badge } : {}),
    time: message.time,
    live,
  };
}

/** The list with the message of `messageID` shown as deleted: its words are dropped, its place stays. */
export function revokeLine(list: readonly RoomChatMessage[], messageID: string): RoomChatMessage[] {
  if (!list.some((message) => message.id === messageID && !message.revoked)) return list as RoomChatMessage[];
  return list.map((message) => {
    if (message.id !== messageID) return message;
    const { gift: _gift, colour: _colour, ...rest } = message;
    return { ...rest, text: '', revoked: true };
  });
}

/** Adds messages to the list in sequence order, each once, keeping the last `keptMessages`. */
export function mergeMessages(list: readonly RoomChatMessage[], incoming: readonly RoomChatMessage[]): RoomChatMessage[] {
  const known = new Set(list.map((message) => message.sequence));
  const fresh = incoming.filter((message) => !known.has(message.sequence) && (known.add(message.sequence), true));
  if (fresh.length === 0) return list as RoomChatMessage[];
  const last = list.at(-1)?.sequence ?? 0;
  const merged = fresh.every((message) => message.sequence > last) && fresh.every((message, i) => i === 0 || message.sequence > fresh[i - 1]!.sequence)
    ? [...list, ...fresh]
    : [...list, ...fresh].sort((a, b) => a.sequence - b.sequence);
  return merged.length > keptMessages ? merged.slice(-keptMessages) : merged;
}

/** The room's chat: join on mount, leave on unmount; see RoomChat. */
export function useRoomChat(roomId: number, { groupID, onLoginRequest, onKicked, onGift, onEntry }: RoomChatOptions): RoomChat {
  const messaging = useMessaging();
  const api = useApi();
  const user = useStoredUser();
  const loggedIn = user !== null;
  const conversationID = `GROUP${groupID}`;
  const [messages, setMessages] = useState<RoomChatMessage[]>([]);
  const [onlineCount, setOnlineCount] = useState<number | null>(null);
  // Where the chat stands across joins: who the viewer is to messaging, the lines held, and where a join resumes.
  const [seen] = useState(() => new RoomChatCursor());
  const callbacks = useRef({ onLoginRequest, onKicked, onGift, onEntry });
  useEffect(() => {
    callbacks.current = { onLoginRequest, onKicked, onGift, onEntry };
  }, [onLoginRequest, onKicked, onGift, onEntry]);

  /** Shows messages the page did not hold; returns the chat lines made of them. */
  const show = useCallback((fresh: ImMessage[], live: boolean) => {
    const lines = fresh.flatMap((message) => toChatMessage(message, seen.me, live) ?? []);
    if (lines.length > 0) setMessages((list) => mergeMessages(list, lines));
    return lines;
  }, [seen]);
  /** Shows the messages the page does not hold yet; returns the chat lines made of those. */
  const add = useCallback((incoming: ImMessage[], arrival: ChatArrival, live: boolean) => show(seen.take(incoming, arrival), live), [seen, show]);

  const machine = useMemo(
    () =>
      roomChatMachine.provide({
        actors: {
          joinRoom: fromPromise<ChatStanding>(async () => {
            seen.loggedInAs(await messaging.whenLoggedIn(user ? String(user.id) : undefined));
            const joined = await joinRoomChat(messaging, groupID, seen, (fresh) => show(fresh, false));
            setOnlineCount(joined.onlineCount);
            if (!user) return { muted: false, kicked: false };
            const status = await api.quiet.post('/api/Live/getUserStatus', { body: { room_id: roomId } });
            return { muted: status.is_taboo === 1, kicked: status.is_kicked === 1 };
          }),
          sendMessage: fromPromise<void, ChatDraft>(async ({ input }) => {
            try {
              add([await messaging.sendText(conversationID, input.text, input.clientMsgID)], 'sent', true);
            } catch (error) {
              if (error instanceof MessagingRefusal) throw new ChatSendError(error.message, error.reason);
              throw error;
            }
          }),
        },
      }),
    [messaging, api, groupID, conversationID, roomId, user, add, show, seen],
  );
  const actor = useActorRef(machine, { input: { loggedIn, maxLength: roomChatMaxLength } });

  useEffect(() => {
    const unsubscribe = messaging.subscribe((event) => {
      if (event.type === 'message' && event.message.conversationID === conversationID) {
        const [line] = add([event.message], 'push', event.replayed !== true);
        if (line?.gift && line.live) callbacks.current.onGift?.(line);
      } else if (event.type === 'revoked' && event.conversationID === conversationID) {
        setMessages((list) => revokeLine(list, event.messageID));
      } else if (event.type === 'online' && event.conversationID === conversationID) setOnlineCount(event.count);
      else if (event.type === 'entry' && event.entry.conversationID === conversationID) callbacks.current.onEntry?.(event.entry);
      else if (event.type === 'reconnected') actor.send({ type: 'connection.lost' });
    });
    const login = actor.on('login.requested', () => callbacks.current.onLoginRequest?.());
    const left = actor.on('room.left', () => callbacks.current.onKicked?.());
    return () => {
      unsubscribe();
      login.unsubscribe();
      left.unsubscribe();
      void messaging.leaveGroup(groupID).catch(() => undefined);
    };
  }, [messaging, actor, conversationID, groupID, add, seen]);

  useSocketEvent(
    'live.kickedOut',
    useCallback((event: { roomId: number }) => {
      if (event.roomId === roomId) actor.send({ type: 'room.kicked' });
    }, [actor, roomId]),
  );

  const status = useSelector(actor, (snapshot): RoomChatStatus => {
    if (snapshot.matches('kicked')) return 'kicked';
    if (snapshot.matches('joinFailed')) return 'joinFailed';
    if (snapshot.matches('joining')) return 'joining';
    for (const state of ['guest', 'ready', 'sending', 'sendFailed', 'muted'] as const) if (snapshot.matches({ joined: state })) return state;
    return 'joining';
  });
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  return {
    messages,
    onlineCount,
    status,
    error,
    maxLength: roomChatMaxLength,
    send: useCallback((text: string) => actor.send({ type: 'chat.send', text }), [actor]),
    retry: useCallback(() => actor.send({ type: 'chat.retry' }), [actor]),
    discard: useCallback(() => actor.send({ type: 'chat.discard' }), [actor]),
    revoke: useCallback(
      async (message: RoomChatMessage) => {
        await messaging.revokeMessage(conversationID, message.id);
        setMessages((list) => revokeLine(list, message.id));
      },
      [messaging, conversationID],
    ),
  };
}
