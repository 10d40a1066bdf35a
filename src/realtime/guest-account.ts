// The guest's messaging account (SPEC §3 imTouristAccount), as local storage keeps it. Apart from the messaging
// adapters so the start-up can ask whether one is stored without loading them.

const guestAccountKey = 'imTouristAccount';

export interface GuestAccount {
  id: string;
  sig: string;
}

/** The stored guest messaging account, if any. */
export function readGuestAccount(storage: Pick<Storage, 'getItem'> = localStorage): GuestAccount | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(guestAccountKey) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'id' in stored && 'sig' in stored) {
      const { id, sig } = stored;
      if (typeof id === 'string' && typeof sig === 'string') return { id, sig };
    }
  } catch {
    // unreadable: ask for a new one
  }
  return null;
}

export function storeGuestAccount(account: GuestAccount, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(guestAccountKey, JSON.stringify(account));
}
