import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MessagingProvider, noMessaging } from '../../realtime/messaging-context.tsx';
import type { ImConversation, MessagingEvent, MessagingPort } from '../../realtime/messaging-port.ts';
import { useUnreadChatCount } from './unread-chat-count.ts';

const conversation = (id: string, unreadCount: number): ImConversation => ({
  conversationID: id,
  type: 'C2C',
  userProfile: { userID: id, nick: id, avatar: '' },
  lastMessage: null,
  unreadCount,
});

function fakeMessaging(list: ImConversation[]) {
  const listeners = new Set<(event: MessagingEvent) => void>();
  const port: MessagingPort = {
    ...noMessaging,
    whenLoggedIn: async () => '1',
    getConversations: async () => list,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const wrapper = ({ children }: { children: ReactNode }) => <MessagingProvider port={port}>{children}</MessagingProvider>;
  const emit = (event: MessagingEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { wrapper, emit, listeners };
}

describe('the unread chat count', () => {
  it('adds the conversations up, follows their changes and forgets a removed one', async () => {
    const { wrapper, emit } = fakeMessaging([conversation('C2C2', 2), conversation('C2C3', 1)]);
    const { result } = renderHook(() => useUnreadChatCount('1'), { wrapper });
    await waitFor(() => expect(result.current).toBe(3));
    emit({ type: 'conversation', conversation: conversation('C2C2', 5), removed: false });
    expect(result.current).toBe(6);
    emit({ type: 'conversation', conversation: conversation('C2C3', 0), removed: true });
    expect(result.current).toBe(5);
  });

  it('is zero for a guest, and stops listening when the member leaves', async () => {
    const { wrapper, listeners } = fakeMessaging([conversation('C2C2', 2)]);
    const { result, rerender } = renderHook(({ me }: { me: string | null }) => useUnreadChatCount(me), { wrapper, initialProps: { me: '1' as string | null } });
    await waitFor(() => expect(result.current).toBe(2));
    rerender({ me: null });
    expect(result.current).toBe(0);
    expect(listeners.size).toBe(0);
  });
});
