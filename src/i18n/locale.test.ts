import { describe, expect, it } from 'vitest';
import { localName, readLocale, writeLocale } from './locale.ts';

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

  it('names teams in Chinese on the zh site and in English on the en and vi sites', () => {
    const names = { zh: '阿森纳', en: 'Arsenal' };
    expect(localName(names, 'zh')).toBe('阿森纳');
    expect(localName(names, 'en')).toBe('Arsenal');
    expect(localName(names, 'vi')).toBe('Arsenal');
    expect(localName({ zh: '阿森纳', en: '' }, 'en')).toBe('阿森纳');
  });
});
