// SPEC §3: the logged-in user is kept in local storage as `{ token, id, userSig, profile }`.
const userInfoKey = 'userInfo';

/** The stored user's token, or null when nobody is logged in (or the stored value is unreadable). */
export function readStoredToken(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  const raw = storage.getItem(userInfoKey);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored === 'object' && stored !== null && 'token' in stored && typeof stored.token === 'string') {
      return stored.token === '' ? null : stored.token;
    }
  } catch {
    // an unreadable entry means nobody is logged in
  }
  return null;
}

export function clearStoredUser(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(userInfoKey);
}
