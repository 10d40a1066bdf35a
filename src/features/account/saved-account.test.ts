import { describe, expect, it } from 'vitest';
import { readSavedAccount, writeSavedAccount } from './saved-account.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the saved login under remember me', () => {
  it('keeps the country code and mobile, never a password, even when handed one', () => {
    const storage = memoryStorage();
    const account = { countryCode: '86', mobile: '13800000001', password: 'pitchside1' };
    writeSavedAccount(account, storage);
    expect(storage.items.get('account')).not.toContain('pitchside1');
    expect(readSavedAccount(storage)).toEqual({ countryCode: '86', mobile: '13800000001' });
  });

  it('removes a password saved by an older version the first time it reads the login', () => {
    const storage = memoryStorage({ account: JSON.stringify({ countryCode: '86', mobile: '13800000001', password: 'pitchside1' }) });
    expect(readSavedAccount(storage)).toEqual({ countryCode: '86', mobile: '13800000001' });
    expect(storage.items.get('account')).toBe(JSON.stringify({ countryCode: '86', mobile: '13800000001' }));
  });

  it('forgets the login when remember me is off', () => {
    const storage = memoryStorage({ account: JSON.stringify({ countryCode: '86', mobile: '13800000001' }) });
    writeSavedAccount(null, storage);
    expect(readSavedAccount(storage)).toBeNull();
  });
});
