import { useEffect, useState } from 'react';
import { useMessaging } from '../../realtime/messaging-context.tsx';
import type { ImConversation } from '../../realtime/messaging-port.ts';

const unreadByConversation = (list: readonly ImConversation[]): ReadonlyMap<string, number> =>
  new Map(list.map((conversation) => [conversation.conversationID, conversation.unreadCount]));

/**
 * How many private and group messages the member has not read, across their conversations, for the
 * top bar's Chat badge: the list once logged in to messaging, then each conversation's changes.
 * Zero for a guest, and while messaging is out of reach.
 */
export function useUnreadChatCount(me: string | null): number {
  const messaging = useMessaging();
  // Kept with the member they belong to, so another member's counts are never shown.
  const [state, setState] = useState<{ me: string | null; unread: ReadonlyMap<string, number> }>({ me: null, unread: new Map() });

  useEffect(() => {
    if (me === null) return;
    const setUnread = (change: (current: ReadonlyMap<string, number>) => ReadonlyMap<string, number>) =>
      setState((current) => ({ me, unread: change(current.me === me ? current.unread : new Map()) }));
    let live = true;
    void messaging.whenLoggedIn(me).then(async () => {
      const list = await messaging.getConversations().catch(() => []);
      if (live) setUnread(() => unreadByConversation(list));
    });
    const unsubscribe = messaging.subscribe((event) => {
      if (event.type === 'conversation') {
        setUnread((current) => {
          const next = new Map(current);
          if (event.removed) next.delete(event.conversation.conversationID);
          else next.set(event.conversation.conversationID, event.conversation.unreadCount);
          return next;
        });
      }
      if (event.type === 'reconnected') {
        void messaging.getConversations().then(
          (list) => live && setUnread(() => unreadByConversation(list)),
          () => undefined,
        );
      }
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [messaging, me]);

  if (me === null || state.me !== me) return 0;
  let total = 0;
  for (const count of state.unread.values()) total += count;
  return total;
}
