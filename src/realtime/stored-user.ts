import { useMemo, useSyncExternalStore } from 'react';
import type { components } from '../api/schema';

// The one owner of the stored user (DESIGN.md, Layout): SPEC §3 keeps the logged-in user in local
// storage under `userInfo` as `{ token, id, userSig, profile }`. Nothing else names the key or parses it.
const userInfoKey = 'userInfo';
// Same-tab changes do not fire `storage`; whoever changes the stored user in this tab says so.
const changedEvent = 'pitchside:user-changed';

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

/** What a login (password, code or QR) stores: the user, with the messaging signature. */
export interface StoredSession extends StoredUser {
  userSig: string;
}

type Reader = Pick<Storage, 'getItem'>;

/** The stored entry as an object, or null when there is none or it is unreadable. */
function readEntry(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the stored user, or null when nobody is logged in or the entry is unreadable. */
export function parseStoredUser(raw: string | null): StoredUser | null {
  const stored = readEntry(raw);
  if (!stored) return null;
  const { token, id, profile } = stored;
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

/** The stored user, or null for a guest. */
export function readStoredUser(storage: Reader = localStorage): StoredUser | null {
  return parseStoredUser(storage.getItem(userInfoKey));
}

/** The stored user's token, or null when nobody is logged in (or the stored value is unreadable). */
export function readStoredToken(storage: Reader = localStorage): string | null {
  const token = readEntry(storage.getItem(userInfoKey))?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** The stored user's messaging id and signature, for the start-up login (SPEC §4). */
export function readStoredMessagingUser(storage: Reader = localStorage): { userID: string; userSig: string } | null {
  const stored = readEntry(storage.getItem(userInfoKey));
  if (!stored) return null;
  const { id, userSig } = stored;
  if ((typeof id === 'number' || typeof id === 'string') && typeof userSig === 'string') return { userID: String(id), userSig };
  return null;
}

/** The stored nickname and avatar as messaging shows them (SPEC §4), or null without a stored profile. */
export function readStoredMessagingProfile(storage: Reader = localStorage): { nick: string; avatar: string } | null {
  const profile = readEntry(storage.getItem(userInfoKey))?.profile;
  if (typeof profile !== 'object' || profile === null) return null;
  const { user_nickname, avatar } = profile as { user_nickname?: unknown; avatar?: unknown };
  return { nick: String(user_nickname ?? ''), avatar: String(avatar ?? '') };
}

/** Stores a login's session (SPEC §3). */
export function writeStoredSession(session: StoredSession, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(userInfoKey, JSON.stringify(session));
}

/** Forgets the stored user (log out, 700). */
export function clearStoredUser(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(userInfoKey);
}

/** Tells this tab's readers that the stored user changed (login, logout, 700). */
export function notifyStoredUserChanged(): void {
  window.dispatchEvent(new Event(changedEvent));
}

/**
 * Calls `onChange` when the stored user changes, in this tab (notifyStoredUserChanged) or another
 * (`storage`); `anyKey` also hears other tabs' changes of other keys. Returns the unsubscribe.
 */
export function onStoredUserChanged(onChange: () => void, { anyKey = false }: { anyKey?: boolean } = {}): () => void {
  const onStorage = (event: StorageEvent) => {
    if (anyKey || event.key === null || event.key === userInfoKey) onChange();
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
  const raw = useSyncExternalStore(onStoredUserChanged, () => localStorage.getItem(userInfoKey), () => null);
  return useMemo(() => parseStoredUser(raw), [raw]);
}
