import { useCallback, useEffect, useState } from 'react';
import { defaultDanmakuSettings, type DanmakuArea, type DanmakuSettings, type DanmakuSize } from '../machines/danmaku-lane-machine.ts';
import { onGameSettingsChanged, readGameSettings, writeGameSettings } from './game-settings.ts';

const oneTwoThree = <T extends 1 | 2 | 3>(value: unknown, fallback: T): T => (value === 1 || value === 2 || value === 3 ? (value as T) : fallback);

/** SPEC §3's danmaku settings as stored under `gameSeting`, each field missing or out of range read as its default. */
export function readDanmakuSettings(storage: Pick<Storage, 'getItem'> = localStorage): DanmakuSettings {
  const stored = readGameSettings(storage);
  const opacity = typeof stored.opacity === 'number' && Number.isFinite(stored.opacity) ? Math.min(100, Math.max(0, Math.round(stored.opacity))) : defaultDanmakuSettings.opacity;
  return {
    show: typeof stored.show === 'boolean' ? stored.show : defaultDanmakuSettings.show,
    area: oneTwoThree<DanmakuArea>(stored.area, defaultDanmakuSettings.area),
    size: oneTwoThree<DanmakuSize>(stored.size, defaultDanmakuSettings.size),
    opacity,
  };
}

/** Writes the danmaku settings and keeps whatever else `gameSeting` holds (the score pop-up flags). */
export function writeDanmakuSettings(settings: DanmakuSettings, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const { show, area, size, opacity } = settings;
  writeGameSettings({ show, area, size, opacity }, storage);
}

/** The danmaku settings, kept in step with every writer in this tab and the others; the setter stores them. */
export function useDanmakuSettings(): [DanmakuSettings, (settings: DanmakuSettings) => void] {
  const [settings, setSettings] = useState(readDanmakuSettings);
  useEffect(() => onGameSettingsChanged(() => setSettings(readDanmakuSettings())), []);
  return [settings, useCallback((next: DanmakuSettings) => writeDanmakuSettings(next), [])];
}
