import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { guestMessagingAccount } from './messaging-account-service.ts';

export const chatHandlers = defineAreaHandlers('chat', {
  universalImTouristAccount: ({ server }) => guestMessagingAccount(server),
});
