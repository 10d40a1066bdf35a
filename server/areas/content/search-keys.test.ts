import { describe, expect, it } from 'vitest';
import { foldQuery, searchKeys } from './search-keys.ts';

describe('search keys', () => {
  it('asks for one character alone, and for the pairs of a longer word', () => {
    expect(searchKeys('曼')).toEqual(['曼']);
    expect(searchKeys('曼联')).toEqual(['曼联']);
    expect(searchKeys('巴塞罗那')).toEqual(['巴塞', '塞罗', '罗那']);
  });

  it('folds ASCII capitals only, keeps each word apart and drops blanks', () => {
    expect(foldQuery('  Man UTD ')).toBe('man utd');
    expect(foldQuery('Barça')).toBe('barça');
    expect(searchKeys('man u')).toEqual(['ma', 'an', 'u']);
    expect(searchKeys('')).toEqual([]);
  });
});
