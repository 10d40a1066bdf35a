import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { describeTime, formatTime, fromTimestamp } from './relative-time.ts';

// Local time throughout: Wednesday 2026-11-18 15:30.
const now = new Date(2026, 10, 18, 15, 30, 0);
const at = (day: number, hour: number, minute: number, second = 0) => new Date(2026, 10, day, hour, minute, second);

describe('describeTime (SPEC §4)', () => {
  it.each([
    ['59 s ago', at(18, 15, 29, 1), 'justNow'],
    ['exactly 1 min ago', at(18, 15, 29), 'today'],
    ['this morning', at(18, 0, 0), 'today'],
    ['late yesterday, under 24 h ago', at(17, 23, 59), 'yesterday'],
    ['early yesterday', at(17, 0, 0), 'yesterday'],
    ['the day before', at(16, 12, 0), 'dayBeforeYesterday'],
    ['three days ago', at(15, 12, 0), 'weekday'],
    ['just inside 168 h', new Date(now.getTime() - 168 * 3600_000 + 1000), 'weekday'],
    ['exactly 168 h ago', new Date(now.getTime() - 168 * 3600_000), 'date'],
    ['a month ago', new Date(2026, 9, 18, 9, 0), 'date'],
    ['in the future by a few seconds', at(18, 15, 30, 30), 'justNow'],
    ['tomorrow', at(19, 9, 0), 'date'],
  ])('%s → %s', (_, moment, kind) => {
    expect(describeTime(moment, now).kind).toBe(kind);
  });
});

describe('formatTime', () => {
  const zh = createIntl({ locale: 'zh', messages: messages.zh });
  const en = createIntl({ locale: 'en', messages: messages.en });

  it('says just now, hh:mm, the day labels, a weekday and a date in Chinese', () => {
    expect(formatTime(zh, at(18, 15, 29, 30), now)).toBe('刚刚');
    expect(formatTime(zh, at(18, 9, 5), now)).toBe('09:05');
    expect(formatTime(zh, at(17, 20, 0), now)).toBe('昨天 20:00');
    expect(formatTime(zh, at(16, 8, 0), now)).toBe('前天 08:00');
    expect(formatTime(zh, at(14, 8, 0), now)).toBe('星期六 08:00');
    expect(formatTime(zh, new Date(2026, 0, 2, 8, 0), now)).toBe('2026/01/02');
  });

  it('says the same in English', () => {
    expect(formatTime(en, at(18, 15, 29, 30), now)).toBe('just now');
    expect(formatTime(en, at(18, 21 - 12, 5), now)).toBe('09:05');
    expect(formatTime(en, at(17, 20, 0), now)).toBe('Yesterday 20:00');
    expect(formatTime(en, at(16, 8, 0), now)).toBe('Day before yesterday 08:00');
    expect(formatTime(en, at(14, 8, 0), now)).toBe('Saturday 08:00');
    expect(formatTime(en, new Date(2026, 0, 2, 8, 0), now)).toBe('01/02/2026');
  });

  it('reads contract timestamps as seconds', () => {
    expect(fromTimestamp(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});
