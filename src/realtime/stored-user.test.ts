import { describe, expect, it } from 'vitest';
import {
  clearStoredUser,
  parseStoredUser,
  readStoredMessagingProfile,
  readStoredMessagingUser,
  readStoredToken,
  readStoredUser,
  writeStoredSession,
} from './stored-user.ts';

describe('the stored user (userInfo, SPEC §3)', () => {
  it('reads token, id and profile', () => {
    const stored = JSON.stringify({
      token: 'tok',
      id: 7,
      userSig: 'sig',
      profile: { id: 7, user_nickname: '球迷小王', avatar: '/a.svg', balance: 5000, exp_icon: '/l.svg', is_anchor: 1 },
    });
    expect(parseStoredUser(stored)).toEqual({
      token: 'tok',
      id: 7,
      profile: { id: 7, user_nickname: '球迷小王', avatar: '/a.svg', balance: 5000, exp_icon: '/l.svg', is_anchor: 1 },
    });
  });

  it('counts nobody as logged in without a token or with an unreadable entry', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{oops')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ token: '', id: 1, profile: {} }))).toBeNull();
    expect(parseStoredUser(JSON.stringify({ token: 'tok', id: 1 }))).toBeNull();
  });

  it('fills a partial profile with neutral values', () => {
    expect(parseStoredUser(JSON.stringify({ token: 'tok', id: 3, profile: { is_anchor: '1' } }))?.profile).toEqual({
      id: 3,
      user_nickname: '',
      avatar: '',
      exp_icon: '',
      balance: 0,
      is_anchor: 0,
    });
  });

  it('is written by a login and read back by each of its readers under the one key', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const profile = { id: 7, user_nickname: '球迷小王', avatar: '/a.svg', balance: 5000, exp_icon: '/l.svg', is_anchor: 0 as const };
    writeStoredSession({ token: 'tok', id: 7, userSig: 'sig', profile }, store);
    expect([...storage.keys()]).toEqual(['userInfo']);
    expect(readStoredUser(store)).toEqual({ token: 'tok', id: 7, profile });
    expect(readStoredToken(store)).toBe('tok');
    expect(readStoredMessagingUser(store)).toEqual({ userID: '7', userSig: 'sig' });
    expect(readStoredMessagingProfile(store)).toEqual({ nick: '球迷小王', avatar: '/a.svg' });
    clearStoredUser(store);
    expect(readStoredUser(store)).toBeNull();
    expect(readStoredToken(store)).toBeNull();
    expect(readStoredMessagingUser(store)).toBeNull();
    expect(readStoredMessagingProfile(store)).toBeNull();
  });
});
