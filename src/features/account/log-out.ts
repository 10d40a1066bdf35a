import type { Api } from '../../api/client.ts';
import type { MessagingPort } from '../../realtime/messaging-port.ts';
import { clearStoredUser } from '../../realtime/stored-user.ts';

/**
 * SPEC §4 logout: out of messaging, the session revoked (Member/SignOut), user info and token
 * cleared; the caller then goes to /main and this logs messaging in again as a guest.
 */
export async function logOut(api: Api, messaging: MessagingPort, afterClear: () => void): Promise<void> {
  await messaging.logout().catch((error: unknown) => console.warn(error));
  await api.post('/api/Member/SignOut').catch(() => undefined);
  clearStoredUser();
  afterClear();
  await messaging.guestAccount().catch((error: unknown) => console.warn(error));
}
