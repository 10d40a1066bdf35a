import { createContext, useContext, type ReactNode } from 'react';
import type { MessagingPort } from './messaging-port.ts';

/** Does nothing: stories and screens rendered without the app's messaging. */
export const noMessaging: MessagingPort = {
  login: async () => undefined,
  logout: async () => undefined,
  guestAccount: async () => undefined,
  updateProfile: async () => undefined,
  // Nobody logs in, so nothing waits on a group here ever settles.
  whenLoggedIn: () => new Promise(() => {}),
  joinGroup: () => new Promise(() => {}),
  leaveGroup: async () => undefined,
  sendText: () => new Promise(() => {}),
  sendMessage: () => new Promise(() => {}),
  revokeMessage: async () => undefined,
  getConversations: async () => [],
  markRead: async () => undefined,
  getHistory: async () => ({ messages: [], isCompleted: true }),
  syncMessages: async () => ({ messages: [], isCompleted: true }),
  subscribe: () => () => undefined,
  pushesHorns: false,
  pushesRoomStatus: false,
};

const MessagingContext = createContext<MessagingPort>(noMessaging);

/** Gives the screens below it the app's messaging port. */
export function MessagingProvider({ port, children }: { port: MessagingPort; children: ReactNode }) {
  return <MessagingContext value={port}>{children}</MessagingContext>;
}

export function useMessaging(): MessagingPort {
  return useContext(MessagingContext);
}
