import { useMemo, useSyncExternalStore } from 'react';
import type { components } from '../api/schema';

/** The part of the own profile the stored user info keeps (SPEC §3). */
export type StoredProfile = Pick<
  components['schemas']['MemberProfile'],
  'id' | 'user_nickname' | 'avatar' | 'balance' | 'exp_icon' | 'is_anchor'
>;

/** Who is logged in, as local storage keeps it under `userInfo` (SPEC §3). */
export interface StoredUser {
  token: string;
  id: number;
  profile: StoredProfile;
}

const userInfoKey = 'userInfo';
// Same-tab changes do not fire `storage`; whoever changes the stored user in this tab says so.
const changedEvent = 'pitchside:user-changed';

/** Reads the stored user, or null when nobody is logged in or the entry is unreadable. */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { token, id, profile } = stored as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || typeof profile !== 'object' || profile === null) return null;
  const fields = profile as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const profileId = typeof fields.id === 'number' ? fields.id : typeof id === 'number' ? id : 0;
  return {
    token,
    id: typeof id === 'number' ? id : profileId,
    profile: {
      id: profileId,
      user_nickname: text(fields.user_nickname),
      avatar: text(fields.avatar),
      exp_icon: text(fields.exp_icon),
      balance: typeof fields.balance === 'number' ? fields.balance : 0,
      is_anchor: fields.is_anchor === 1 ? 1 : 0,
    },
  };
}

/** Tells this tab's readers that the stored user changed (login, logout, 700). */
export function notifyStoredUserChanged(): void {
  window.dispatchEvent(new Event(changedEvent));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === userInfoKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changedEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changedEvent, onChange);
  };
}

/** The logged-in user from local storage, kept current across tabs; null for a guest. */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(userInfoKey), () => null);
  return useMemo(() => parseStoredUser(raw), [raw]);
}
