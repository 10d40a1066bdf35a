import { describe, expect, it } from 'vitest';
import { addToSearchHistory, readSearchHistory, searchHistoryLimit, writeSearchHistory } from './search-history.ts';

describe('search history (historyList)', () => {
  it('puts the newest first, without repeats, at most 10', () => {
    let history: string[] = [];
    for (let index = 0; index < 12; index++) history = addToSearchHistory(history, `term ${String(index)}`);
    history = addToSearchHistory(history, 'term 5');
    expect(history).toHaveLength(searchHistoryLimit);
    expect(history[0]).toBe('term 5');
    expect(history.filter((entry) => entry === 'term 5')).toHaveLength(1);
  });

  it('is kept under historyList and survives bad entries', () => {
    writeSearchHistory(['曼城', '湖人']);
    expect(localStorage.getItem('historyList')).toBe('["曼城","湖人"]');
    expect(readSearchHistory()).toEqual(['曼城', '湖人']);
    localStorage.setItem('historyList', '{not json');
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem('historyList', '["ok", 3, null]');
    expect(readSearchHistory()).toEqual(['ok']);
  });
});
