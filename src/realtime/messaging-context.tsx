import { createContext, useContext, type ReactNode } from 'react';
import type { MessagingPort } from './messaging-port.ts';

/** Does nothing: stories and screens rendered without the app's messaging. */
export const noMessaging: MessagingPort = {
  login: async () => undefined,
  logout: async () => undefined,
  guestAccount: async () => undefined,
  updateProfile: async () => undefined,
};

const MessagingContext = createContext<MessagingPort>(noMessaging);

/** Gives the screens below it the app's messaging port. */
export function MessagingProvider({ port, children }: { port: MessagingPort; children: ReactNode }) {
  return <MessagingContext value={port}>{children}</MessagingContext>;
}

export function useMessaging(): MessagingPort {
  return useContext(MessagingContext);
}
