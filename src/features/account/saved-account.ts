// SPEC §3: with remember me on, the login is kept under `account`.
const accountKey = 'account';

export interface SavedAccount {
  countryCode: string;
  mobile: string;
  password: string;
}

export function readSavedAccount(storage: Pick<Storage, 'getItem'> = localStorage): SavedAccount | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(accountKey) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { countryCode, mobile, password } = stored as Record<string, unknown>;
    if (typeof countryCode === 'string' && typeof mobile === 'string' && typeof password === 'string') {
      return { countryCode, mobile, password };
    }
  } catch {
    // unreadable: nothing saved
  }
  return null;
}

export function writeSavedAccount(account: SavedAccount | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  if (account) storage.setItem(accountKey, JSON.stringify(account));
  else storage.removeItem(accountKey);
}
