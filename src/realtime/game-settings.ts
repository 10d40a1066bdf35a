/**
 * SPEC §3: the game settings live under one local key, `gameSeting` (spelled as the spec spells it):
 * the score pages' pop-up flags and the live rooms' danmaku settings side by side. Each owner reads
 * its own fields and writes them back merged, so neither loses the other's.
 */
export const gameSettingsKey = 'gameSeting';

/** Sent on the window when this page writes the game settings; `storage` tells only the other tabs. */
export const gameSettingsChangedEvent = 'ps:game-settings-changed';

/** Everything stored under `gameSeting`, or nothing when it is missing or not an object. */
export function readGameSettings(storage: Pick<Storage, 'getItem'> = localStorage): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(gameSettingsKey) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Writes `fields` over what `gameSeting` holds, keeps the rest, and tells this tab's listeners. */
export function writeGameSettings(fields: object, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  storage.setItem(gameSettingsKey, JSON.stringify({ ...readGameSettings(storage), ...fields }));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(gameSettingsChangedEvent));
}

/** Calls `listener` whenever the game settings change, in this tab or another. */
export function onGameSettingsChanged(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === gameSettingsKey) listener();
  };
  window.addEventListener(gameSettingsChangedEvent, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(gameSettingsChangedEvent, listener);
    window.removeEventListener('storage', onStorage);
  };
}
