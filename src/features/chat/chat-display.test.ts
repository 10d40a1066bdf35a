import { describe, expect, it } from 'vitest';
import { emojiNames, splitEmoji } from '../../ui/emoji-table.ts';
import { formatBytes, readCard } from './chat-message.tsx';
import { showsTime } from './use-private-chat.ts';

describe('chat display rules', () => {
  it('has the 142 emoji of SPEC §3, each name once', () => {
    expect(emojiNames).toHaveLength(142);
    expect(new Set(emojiNames).size).toBe(142);
  });

  it('turns known bracketed names into pictures and leaves the rest as text', () => {
    expect(splitEmoji('好[微笑][不存在]<b>[OK]')).toEqual([
      { kind: 'text', text: '好' },
      { kind: 'emoji', tag: '[微笑]', url: '/emoji/1.svg' },
      { kind: 'text', text: '[不存在]<b>' },
      { kind: 'emoji', tag: '[OK]', url: `/emoji/${String(emojiNames.indexOf('OK') + 1)}.svg` },
    ]);
  });

  it('shows the time on the first message and after a gap of 120 s or more (SPEC §9)', () => {
    expect(showsTime([{ time: 1000 }, { time: 1119 }, { time: 1239 }, { time: 1240 }])).toEqual([true, false, true, false]);
  });

  it('reads cards and sizes as shown', () => {
    expect(readCard('{"title":"套餐","imageUrl":"https://x/y.png","id":3,"type":"plan","price":9.9}')).toEqual({
      title: '套餐',
      imageUrl: '',
      id: 3,
      type: 'plan',
      price: 9.9,
    });
    expect(readCard('not json')).toBeNull();
    expect(formatBytes(79)).toBe('79 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
  });
});
