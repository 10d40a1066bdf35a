/** What the messaging socket's frames are refused with; each is a key of server/i18n/messages. */
export const imMessages = {
  badSignature: 'Messaging signature refused',
  notLoggedIn: 'Not logged in to messaging',
  noGroup: 'No such group',
  notMember: 'Join the conversation first',
  unavailable: 'This conversation is not open yet',
  wrongPayload: 'The message does not fit its type',
  foreignUrl: 'Only files served by the site can be sent',
  serverCard: 'A red envelope is sent with Redenvelope/insert, not as a card',
} as const;
