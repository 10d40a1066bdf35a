import { createSession, sessionIdOfToken } from '../../server/areas/account/session-service.ts';
import { signMessagingUser } from '../../server/areas/chat/messaging-account-service.ts';
import type { ServerContext } from '../../server/ports/server-context.ts';

/**
 * A userSig for the site's own /im: a guest's as it is, a member's for a new login session of theirs
 * (a member's signature is bound to a live session), as login would answer it.
 */
export async function messagingSigFor(server: ServerContext, userID: string): Promise<string> {
  if (userID.startsWith('guest_')) return signMessagingUser(server, userID, null);
  const token = await createSession(server, Number(userID), { deviceType: 'pc', ip: '127.0.0.1' });
  return signMessagingUser(server, userID, await sessionIdOfToken(server, token));
}
