// SPEC §3: with remember me on, the login is kept under `account`: the country code and mobile only.
// A password is never stored in the browser (ASVS V2.10); one saved by an older version is removed on read.
const accountKey = 'account';

export interface SavedAccount {
  countryCode: string;
  mobile: string;
}

export function readSavedAccount(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): SavedAccount | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(accountKey) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { countryCode, mobile } = stored as Record<string, unknown>;
    if (typeof countryCode === 'string' && typeof mobile === 'string') {
      if ('password' in stored) storage.setItem(accountKey, JSON.stringify({ countryCode, mobile }));
      return { countryCode, mobile };
    }
  } catch {
    // unreadable: nothing saved
  }
  return null;
}

export function writeSavedAccount(account: SavedAccount | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  if (account) storage.setItem(accountKey, JSON.stringify({ countryCode: account.countryCode, mobile: account.mobile }));
  else storage.removeItem(accountKey);
}
