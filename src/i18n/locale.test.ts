import { describe, expect, it } from 'vitest';
import { readLocale, writeLocale } from './locale.ts';


describe('locale', () => {
  it('defaults to zh when nothing or something unknown is stored', () => {
    localStorage.clear();
    expect(readLocale()).toBe('zh');
    localStorage.setItem('lang', 'fr');
    expect(readLocale()).toBe('zh');
  });

  it('writes lang and langIndex and reads the choice back', () => {
    writeLocale('vi');
    expect(localStorage.getItem('lang')).toBe('vi');
    expect(localStorage.getItem('langIndex')).toBe('2');
    expect(readLocale()).toBe('vi');
  });
});

