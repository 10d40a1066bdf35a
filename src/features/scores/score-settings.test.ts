import { describe, expect, it } from 'vitest';
import {
  defaultImmediateSettings,
  readGoalPopupSettings,
  readImmediateSettings,
  shownByImmediateSettings,
  writeGoalPopupSettings,
} from './score-settings.ts';
import { readDanmakuSettings, writeDanmakuSettings } from '../../realtime/danmaku-settings.ts';
import { gameSettingsKey } from '../../realtime/game-settings.ts';
import { defaultGoalPopupSettings } from '../../machines/goal-popup-queue-machine.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('score settings', () => {
  it('default to SPEC §3: red and yellow on, voice off, pop-ups for followed matches only; value1 and value2 on, value3 and value4 off', () => {
    const storage = memoryStorage();
    expect(readGoalPopupSettings(storage)).toEqual({
      goal: true,
      red: true,
      yellow: true,
      voice: false,
      mutedLeagues: [],
      scope: 'followed',
      followedTeams: [],
    });
    expect(readImmediateSettings(storage)).toEqual({ value1: true, value2: true, value3: false, value4: false });
  });

  it('keep the danmaku settings stored under gameSeting when the pop-up flags are written', () => {
    const storage = memoryStorage({ [gameSettingsKey]: JSON.stringify({ show: true, area: 3, size: 2, opacity: 100 }) });
    const settings = { ...defaultGoalPopupSettings, red: false, voice: true, mutedLeagues: ['英超'], scope: 'all' as const, followedTeams: [{ zh: '阿森纳', en: 'Arsenal' }] };
    writeGoalPopupSettings(settings, storage);
    expect(JSON.parse(storage.getItem(gameSettingsKey) ?? '')).toEqual({ show: true, area: 3, size: 2, opacity: 100, ...settings });
    expect(readGoalPopupSettings(storage)).toEqual(settings);
  });

  it('read a broken stored value as the defaults', () => {
    const defaults = defaultGoalPopupSettings;
    expect(readGoalPopupSettings(memoryStorage({ [gameSettingsKey]: '{not json' }))).toEqual(defaults);
    expect(readGoalPopupSettings(memoryStorage({ [gameSettingsKey]: '[1,2]' }))).toEqual(defaults);
    expect(readGoalPopupSettings(memoryStorage({ [gameSettingsKey]: 'null' }))).toEqual(defaults);
  });

  it('read each bad field as its default and keep the good ones', () => {
    const stored = JSON.stringify({
      goal: 'no',
      red: false,
      yellow: 0,
      voice: true,
      mutedLeagues: ['西甲', 7, '西甲', null],
      scope: 'everything',
      followedTeams: [{ zh: '阿森纳', en: 'Arsenal' }, {}, '切尔西', { zh: '阿森纳', en: 'Arsenal FC' }],
    });
    expect(readGoalPopupSettings(memoryStorage({ [gameSettingsKey]: stored }))).toEqual({
      goal: true,
      red: false,
      yellow: true,
      voice: true,
      mutedLeagues: ['西甲'],
      scope: 'followed',
      followedTeams: [{ zh: '阿森纳', en: 'Arsenal' }],
    });
    expect(readGoalPopupSettings(memoryStorage({ [gameSettingsKey]: JSON.stringify({ mutedLeagues: 'all' }) })).mutedLeagues).toEqual([]);
  });

  it('hide matches by status, live room and collection', () => {
    const live = { status: 'in_progress' as const, anchor_count: 0, is_collect: 0 };
    expect(shownByImmediateSettings(live, defaultImmediateSettings)).toBe(true);
    expect(shownByImmediateSettings(live, { ...defaultImmediateSettings, value1: false })).toBe(false);
    expect(shownByImmediateSettings({ ...live, status: 'not_started' }, { ...defaultImmediateSettings, value2: false })).toBe(false);
    expect(shownByImmediateSettings(live, { ...defaultImmediateSettings, value3: true })).toBe(false);
    expect(shownByImmediateSettings({ ...live, anchor_count: 2 }, { ...defaultImmediateSettings, value3: true })).toBe(true);
    expect(shownByImmediateSettings(live, { ...defaultImmediateSettings, value4: true })).toBe(false);
  });

  it('keep the danmaku settings beside the pop-up flags under gameSeting, neither writer losing the other', () => {
    const storage = memoryStorage();
    writeGoalPopupSettings({ ...defaultGoalPopupSettings, red: false, voice: true, mutedLeagues: ['英超'] }, storage);
    writeDanmakuSettings({ show: false, area: 1, size: 3, opacity: 40 }, storage);
    expect(JSON.parse(storage.getItem(gameSettingsKey) ?? '')).toEqual({
      goal: true,
      red: false,
      yellow: true,
      voice: true,
      mutedLeagues: ['英超'],
      scope: 'followed',
      followedTeams: [],
      show: false,
      area: 1,
      size: 3,
      opacity: 40,
    });
    writeGoalPopupSettings({ ...readGoalPopupSettings(storage), voice: false }, storage);
    expect(readDanmakuSettings(storage)).toEqual({ show: false, area: 1, size: 3, opacity: 40 });
  });

});
