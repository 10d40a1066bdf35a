import { useCallback, useEffect, useState } from 'react';
import { defaultGoalPopupSettings, type FollowedTeam, type GoalPopupSettings } from '../../machines/goal-popup-queue-machine.ts';
import { onGameSettingsChanged, readGameSettings, writeGameSettings } from '../../realtime/game-settings.ts';
/** SPEC §3: the immediate settings are kept on this device only. */
export const immediateSettingsKey = 'immediateSeting';

/**
 * SPEC §3 immediate settings (defaults value1 true, value2 true, value3 false, value4 false). The spec
 * names them only; Pitchside reads them as what the score lists show: value1 matches in progress,
 * value2 matches not started, value3 only matches with a live room, value4 only collected matches.
 */
export interface ImmediateSettings {
  value1: boolean;
  value2: boolean;
  value3: boolean;
  value4: boolean;
}

export const defaultImmediateSettings: ImmediateSettings = { value1: true, value2: true, value3: false, value4: false };

function readObject(storage: Pick<Storage, 'getItem'>, key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

const names = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((entry): entry is string => typeof entry === 'string'))] : [];

const isTeam = (value: unknown): value is FollowedTeam =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).zh === 'string' &&
  typeof (value as Record<string, unknown>).en === 'string';

/** The followed teams as stored, each once, anything else dropped. */
function teams(value: unknown): FollowedTeam[] {
  if (!Array.isArray(value)) return [];
  const byName = new Map<string, FollowedTeam>();
  for (const entry of value) if (isTeam(entry) && !byName.has(entry.zh)) byName.set(entry.zh, { zh: entry.zh, en: entry.en });
  return [...byName.values()];
}

/** SPEC §3's game settings as stored, each flag that is missing or not a boolean read as its default. */
export function readGoalPopupSettings(storage: Pick<Storage, 'getItem'> = localStorage): GoalPopupSettings {
  const stored = readGameSettings(storage);
  return {
    goal: flag(stored.goal, defaultGoalPopupSettings.goal),
    red: flag(stored.red, defaultGoalPopupSettings.red),
    yellow: flag(stored.yellow, defaultGoalPopupSettings.yellow),
    voice: flag(stored.voice, defaultGoalPopupSettings.voice),
    mutedLeagues: names(stored.mutedLeagues),
    scope: stored.scope === 'all' ? 'all' : 'followed',
    followedTeams: teams(stored.followedTeams),
  };
}

/** Writes the pop-up settings and keeps whatever else `gameSeting` holds (the danmaku settings). */
export function writeGoalPopupSettings(settings: GoalPopupSettings, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  writeGameSettings(settings, storage);
}

/** Calls `listener` whenever the game settings change, in this tab or another. */
export const onGoalPopupSettingsChanged = onGameSettingsChanged;

export function readImmediateSettings(storage: Pick<Storage, 'getItem'> = localStorage): ImmediateSettings {
  const stored = readObject(storage, immediateSettingsKey);
  return {
    value1: flag(stored.value1, defaultImmediateSettings.value1),
    value2: flag(stored.value2, defaultImmediateSettings.value2),
    value3: flag(stored.value3, defaultImmediateSettings.value3),
    value4: flag(stored.value4, defaultImmediateSettings.value4),
  };
}

export function writeImmediateSettings(settings: ImmediateSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(immediateSettingsKey, JSON.stringify(settings));
}

/** Whether a match stays on the list under the immediate settings. */
export function shownByImmediateSettings(
  match: { status: 'not_started' | 'in_progress' | 'over'; anchor_count: number; is_collect: number },
  settings: ImmediateSettings,
): boolean {
  if (match.status === 'in_progress' && !settings.value1) return false;
  if (match.status === 'not_started' && !settings.value2) return false;
  if (settings.value3 && match.anchor_count === 0) return false;
  if (settings.value4 && match.is_collect !== 1) return false;
  return true;
}

/** The game settings, kept in step with every writer; the setter stores them, applied at once. */
export function useGoalPopupSettings(): [GoalPopupSettings, (settings: GoalPopupSettings) => void] {
  const [settings, setSettings] = useState(readGoalPopupSettings);
  useEffect(() => onGoalPopupSettingsChanged(() => setSettings(readGoalPopupSettings())), []);
  return [settings, useCallback((next: GoalPopupSettings) => writeGoalPopupSettings(next), [])];
}
