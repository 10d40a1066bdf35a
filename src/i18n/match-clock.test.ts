import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { matchClockText } from './match-clock.ts';
import type { MessageId } from './messages.ts';
import en from './messages/en.json';
import vi from './messages/vi.json';
import zh from './messages/zh.json';

function translator(messages: Record<string, string>, locale: string) {
  const intl = createIntl({ locale, messages });
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

describe('the match clock in the page language', () => {
  const inZh = translator(zh, 'zh');
  const inEn = translator(en, 'en');
  const inVi = translator(vi, 'vi');

  it('says the words of the feed in Chinese on the zh site', () => {
    expect(matchClockText('Break', inZh)).toBe('节间休息');
    expect(matchClockText('HT', inZh)).toBe('中场');
    expect(matchClockText('FT', inZh)).toBe('完场');
    expect(matchClockText('Q3 05:00', inZh)).toBe('第3节 05:00');
    expect(matchClockText('Map 2', inZh)).toBe('第2局');
    expect(matchClockText("ET 95'", inZh)).toBe("加时 95'");
  });

  it('keeps the short English forms on the en site and says them in Vietnamese on the vi site', () => {
    expect(matchClockText('Q3 05:00', inEn)).toBe('Q3 05:00');
    expect(matchClockText('Break', inEn)).toBe('Break');
    expect(matchClockText('Break', inVi)).toBe('Nghỉ giữa hiệp');
  });

  it('leaves minutes, which read the same everywhere, as they are', () => {
    expect(matchClockText("67'", inZh)).toBe("67'");
    expect(matchClockText("45+2'", inZh)).toBe("45+2'");
    expect(matchClockText('', inZh)).toBe('');
  });
});
