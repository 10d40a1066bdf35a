import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatSendMachine, type OutgoingMessage } from '../../machines/chat-send-machine.ts';
import { useMessaging } from '../../realtime/messaging-context.tsx';
import type { ImConversation, ImMessage } from '../../realtime/messaging-port.ts';
import { privateChatMaxLength } from '../../rules/chat-lengths.ts';

// Private chat for /chat-chat: the member's conversation list, kept as the server pushes it, and the
// open conversation's messages, read a page of 15 at a time upwards, live as they come, each once, with the
// other side's reading of mine (read receipts) and my own outgoing message's status from the send machine.

/** SPEC §9: the time shows on the first message and after a gap of 120 s or more. */
export const timeSeparatorSeconds = 120;

/** Whether each message shows its time (SPEC §3): the first, and any 120 s or more after the one before. */
export function showsTime(messages: readonly Pick<ImMessage, 'time'>[]): boolean[] {
  return messages.map((message, index) => index === 0 || message.time - messages[index - 1]!.time >= timeSeparatorSeconds);
}

function mergeMessages(held: readonly ImMessage[], incoming: readonly ImMessage[]): ImMessage[] {
  const byId = new Map(held.map((message) => [message.ID, message]));
  for (const message of incoming) byId.set(message.ID, { ...byId.get(message.ID), ...message });
  return [...byId.values()].sort((a, b) => a.sequence - b.sequence);
}

export interface PendingMessages {
  messages: OutgoingMessage[];
  /** The first failed; the rest wait for its retry or discard. */
  failed: boolean;
  error: string | null;
}

export interface OpenConversation {
  messages: ImMessage[];
  /** Nothing older is left to read. */
  isCompleted: boolean;
  loadingOlder: boolean;
  /** The first page failed. */
  failed: boolean;
}

const emptyConversation: OpenConversation = { messages: [], isCompleted: false, loadingOlder: false, failed: false };

export function usePrivateChat(me: string | null) {
  const messaging = useMessaging();
  const [conversations, setConversations] = useState<ImConversation[] | null>(null);
  const [openID, setOpenID] = useState<string | null>(null);
  const [open, setOpen] = useState<OpenConversation>(emptyConversation);
  const openRef = useRef<string | null>(null);
  useEffect(() => {
    openRef.current = openID;
  }, [openID]);
  const [ready, setReady] = useState(false);
  /** The newest sequence the open conversation holds: what a sync after a reconnect starts from. */
  const lastHeld = useRef(0);
  useEffect(() => {
    lastHeld.current = open.messages.at(-1)?.sequence ?? 0;
  }, [open.messages]);

  // Logged in to messaging as the stored user (start-up does it), then the list.
  useEffect(() => {
    if (me === null) return;
    let live = true;
    void messaging.whenLoggedIn(me).then(async () => {
      if (!live) return;
      setReady(true);
      const list = await messaging.getConversations().catch(() => []);
      if (live) setConversations(list);
    });
    return () => {
      live = false;
    };
  }, [messaging, me]);

  const markRead = useCallback(
    (conversationID: string) => {
      setConversations((list) => list?.map((item) => (item.conversationID === conversationID ? { ...item, unreadCount: 0 } : item)) ?? list);
      void messaging.markRead(conversationID).catch(() => undefined);
    },
    [messaging],
  );

  useEffect(
    () =>
      messaging.subscribe((event) => {
        if (event.type === 'conversation') {
          setConversations((list) => {
            const rest = (list ?? []).filter((item) => item.conversationID !== event.conversation.conversationID);
            if (event.removed) return rest;
            // The open conversation is being read: its count stays at 0.
            const conversation = event.conversation.conversationID === openRef.current ? { ...event.conversation, unreadCount: 0 } : event.conversation;
            return [conversation, ...rest];
          });
          if (event.removed && event.conversation.conversationID === openRef.current) setOpenID(null);
        }
        if (event.type === 'message' && event.message.conversationID === openRef.current) {
          setOpen((state) => ({ ...state, messages: mergeMessages(state.messages, [event.message]) }));
          if (event.message.from !== me && document.visibilityState === 'visible') markRead(event.message.conversationID);
        }
        if (event.type === 'read' && event.conversationID === openRef.current) {
          setOpen((state) => ({
            ...state,
            messages: state.messages.map((message) =>
              message.from === me && message.sequence <= event.sequence ? { ...message, isPeerRead: true } : message,
            ),
          }));
        }
        if (event.type === 'reconnected') {
          void messaging.getConversations().then(setConversations, () => undefined);
          const conversationID = openRef.current;
          if (conversationID) {
            void messaging.syncMessages(conversationID, lastHeld.current).then(
              (page) => setOpen((current) => ({ ...current, messages: mergeMessages(current.messages, page.messages) })),
              () => undefined,
            );
          }
        }
      }),
    [messaging, me, markRead],
  );

  // Opening a conversation reads its latest page and marks it read.
  useEffect(() => {
    if (!openID || !ready) return;
    let live = true;
    messaging.getHistory(openID).then(
      (page) => {
        if (!live) return;
        setOpen({ messages: page.messages, isCompleted: page.isCompleted, loadingOlder: false, failed: false });
        markRead(openID);
      },
      () => live && setOpen({ ...emptyConversation, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [messaging, openID, ready, markRead]);

  const loadOlder = useCallback(() => {
    const conversationID = openRef.current;
    if (!conversationID || open.isCompleted || open.loadingOlder || open.messages.length === 0) return;
    setOpen((state) => ({ ...state, loadingOlder: true }));
    messaging.getHistory(conversationID, open.messages[0]!.sequence).then(
      (page) => {
        if (openRef.current !== conversationID) return;
        setOpen((state) => ({ ...state, messages: mergeMessages(state.messages, page.messages), isCompleted: page.isCompleted, loadingOlder: false }));
      },
      () => setOpen((state) => ({ ...state, loadingOlder: false })),
    );
  }, [messaging, open]);

  // The composer: one send machine per page; its message.out is sent through the port to its conversation.
  const [idPrefix] = useState(() => `w${Math.floor(Math.random() * 2 ** 40).toString(36)}`);
  const composer = useActorRef(chatSendMachine, { input: { maxLength: privateChatMaxLength, idPrefix } });
  useEffect(() => {
    const subscription = composer.on('message.out', ({ message }) => {
      messaging.sendMessage(message.conversationID, message.messageType, message.payload, message.clientMsgID).then(
        (stored) => {
          if (openRef.current === message.conversationID) setOpen((state) => ({ ...state, messages: mergeMessages(state.messages, [stored]) }));
          composer.send({ type: 'send.stored' });
        },
        (error: unknown) => composer.send({ type: 'send.failed', reason: error instanceof Error ? error.message : 'Error' }),
      );
    });
    return () => subscription.unsubscribe();
  }, [composer, messaging]);
  /** My messages not yet stored, in the order sent: the first is on its way or failed, the rest wait behind it. */
  const pending = useSelector(
    composer,
    (snapshot): PendingMessages | null =>
      snapshot.context.pending
        ? { messages: [snapshot.context.pending, ...snapshot.context.queue], failed: snapshot.matches('failed'), error: snapshot.context.error }
        : null,
    (a, b) => a?.messages[0] === b?.messages[0] && a?.messages.length === b?.messages.length && a?.failed === b?.failed && a?.error === b?.error,
  );
  const draft = useSelector(composer, (snapshot) => snapshot.context.draft);
  const canSend = useSelector(composer, (snapshot) => snapshot.can({ type: 'draft.send', to: '' }));

  const openConversation = useCallback(
    (conversationID: string | null, seed?: ImConversation) => {
      if (conversationID && seed) {
        setConversations((list) => (list?.some((item) => item.conversationID === conversationID) ? list : [seed, ...(list ?? [])]));
      }
      if (composer.getSnapshot().matches('failed')) composer.send({ type: 'send.discard' });
      openRef.current = conversationID;
      setOpen(emptyConversation);
      setOpenID(conversationID);
    },
    [composer],
  );

  return {
    ready,
    conversations,
    openID,
    open,
    openConversation,
    loadOlder,
    composer,
    pending,
    draft,
    canSend,
    unreadTotal: (conversations ?? []).reduce((sum, item) => sum + item.unreadCount, 0),
  };
}

export type PrivateChat = ReturnType<typeof usePrivateChat>;
