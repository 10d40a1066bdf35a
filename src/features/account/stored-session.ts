import type { LoginSession } from '../../machines/login-machine.ts';

// SPEC §3: the logged-in user is kept in local storage as `{ token, id, userSig, profile }`.
const userInfoKey = 'userInfo';

export function writeStoredSession(session: LoginSession, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(userInfoKey, JSON.stringify(session));
}

/** The stored user's messaging id and signature, for the start-up login (SPEC §4). */
export function readStoredMessagingUser(storage: Pick<Storage, 'getItem'> = localStorage): { userID: string; userSig: string } | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(userInfoKey) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'id' in stored && 'userSig' in stored) {
      const { id, userSig } = stored;
      if ((typeof id === 'number' || typeof id === 'string') && typeof userSig === 'string') return { userID: String(id), userSig };
    }
  } catch {
    // unreadable: nobody
  }
  return null;
}
