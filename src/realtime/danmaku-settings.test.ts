import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gameSettingsKey } from './game-settings.ts';
import { readDanmakuSettings, useDanmakuSettings } from './danmaku-settings.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

afterEach(() => localStorage.clear());

describe('danmaku settings', () => {
  it('default to SPEC §3: show true, area 3, size 2, opacity 100', () => {
    expect(readDanmakuSettings(memoryStorage())).toEqual({ show: true, area: 3, size: 2, opacity: 100 });
  });

  it('read values out of range or of the wrong kind as their defaults', () => {
    const storage = memoryStorage({ [gameSettingsKey]: JSON.stringify({ show: 'no', area: 7, size: 0, opacity: 250 }) });
    expect(readDanmakuSettings(storage)).toEqual({ show: true, area: 3, size: 2, opacity: 100 });
    expect(readDanmakuSettings(memoryStorage({ [gameSettingsKey]: '{broken' }))).toEqual({ show: true, area: 3, size: 2, opacity: 100 });
  });

  it('reach every hook in this tab at once, and follow a write from another tab', () => {
    const first = renderHook(() => useDanmakuSettings());
    const second = renderHook(() => useDanmakuSettings());
    act(() => first.result.current[1]({ show: true, area: 2, size: 1, opacity: 60 }));
    expect(second.result.current[0]).toEqual({ show: true, area: 2, size: 1, opacity: 60 });
    act(() => {
      localStorage.setItem(gameSettingsKey, JSON.stringify({ show: false, area: 1, size: 3, opacity: 20 }));
      window.dispatchEvent(new StorageEvent('storage', { key: gameSettingsKey }));
    });
    expect(first.result.current[0]).toEqual({ show: false, area: 1, size: 3, opacity: 20 });
  });
});
