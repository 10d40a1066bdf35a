import type { MessagingEvent, MessagingPort } from './messaging-port.ts';

// The app's messaging port before the system config says which service runs (im_mode own or tim, DESIGN.md,
// Realtime): every call waits for the chosen adapter, and listeners hear its events from the start.

/** A port that delegates to the adapter `chosen` resolves to. */
export function createConfiguredMessaging(chosen: Promise<MessagingPort>): MessagingPort {
  const listeners = new Set<(event: MessagingEvent) => void>();
  let adapter: MessagingPort | null = null;
  const ready = chosen.then((port) => {
    adapter = port;
    port.subscribe((event) => {
      for (const listener of listeners) listener(event);
    });
    return port;
  });
  return {
    login: (userID, userSig) => ready.then((port) => port.login(userID, userSig)),
    logout: () => ready.then((port) => port.logout()),
    guestAccount: () => ready.then((port) => port.guestAccount()),
    updateProfile: (profile) => ready.then((port) => port.updateProfile(profile)),
    whenLoggedIn: (userID) => ready.then((port) => port.whenLoggedIn(userID)),
    joinGroup: (groupID, afterSequence) => ready.then((port) => port.joinGroup(groupID, afterSequence)),
    leaveGroup: (groupID) => ready.then((port) => port.leaveGroup(groupID)),
    sendText: (conversationID, text, clientMsgID) => ready.then((port) => port.sendText(conversationID, text, clientMsgID)),
    sendMessage: (conversationID, messageType, payload, clientMsgID) =>
      ready.then((port) => port.sendMessage(conversationID, messageType, payload, clientMsgID)),
    revokeMessage: (conversationID, messageID) => ready.then((port) => port.revokeMessage(conversationID, messageID)),
    getConversations: () => ready.then((port) => port.getConversations()),
    markRead: (conversationID) => ready.then((port) => port.markRead(conversationID)),
    getHistory: (conversationID, beforeSequence) => ready.then((port) => port.getHistory(conversationID, beforeSequence)),
    syncMessages: (conversationID, afterSequence) => ready.then((port) => port.syncMessages(conversationID, afterSequence)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get pushesHorns() {
      return adapter?.pushesHorns ?? false;
    },
    get pushesRoomStatus() {
      return adapter?.pushesRoomStatus ?? false;
    },
  };
}
