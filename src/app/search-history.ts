// SPEC §3: the search history is kept locally under `historyList`.
const historyKey = 'historyList';
/** How many earlier searches are kept. */
export const searchHistoryLimit = 10;

export function readSearchHistory(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(historyKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string').slice(0, searchHistoryLimit) : [];
  } catch {
    return [];
  }
}

export function writeSearchHistory(history: readonly string[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(historyKey, JSON.stringify(history));
}

/** The history with `term` first, without a repeat of it, at most `searchHistoryLimit` long. */
export function addToSearchHistory(history: readonly string[], term: string): string[] {
  return [term, ...history.filter((entry) => entry !== term)].slice(0, searchHistoryLimit);
}
