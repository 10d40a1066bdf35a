// What other areas may use of the chat area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { storeMessage, toImMessage } from './message-service.ts';
export { roomNoticesStored } from './room-notices.ts';
export { signMessagingUser } from './messaging-account-service.ts';
export { imMessages } from './im-messages.ts';
export { conversationKey, lastSequence, parseConversationID } from './message-service.ts';
