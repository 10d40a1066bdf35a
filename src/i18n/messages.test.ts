import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import { messages } from './messages.ts';

// Every source file of the app, as text; stories and tests do not count as using a message.
const sources = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.stories.tsx', '!../**/*.d.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal || element.type === TYPE.pound) return [];
    if ('options' in element) {
      return [element.value, ...Object.values(element.options).flatMap((option) => argumentsOf(option.value))];
    }
    if (element.type === TYPE.tag) return argumentsOf(element.children);
    return [element.value];
  });
}

describe('messages', () => {
  const ids = Object.keys(messages.zh).sort();

  it.each(locales)('%s has every key of zh and no other, none empty', (locale) => {
    const table = messages[locale];
    expect(Object.keys(table).sort()).toEqual(ids);
    expect(Object.entries(table).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(locales)('%s messages are valid ICU with the same placeholders as zh', (locale) => {
    for (const id of ids) {
      const key = id as keyof typeof messages.zh;
      const expected = argumentsOf(parse(messages.zh[key])).sort();
      expect(argumentsOf(parse(messages[locale][key])).sort(), id).toEqual(expected);
    }
  });

  // An id is used when the app names it, or builds ids from data after a fixed start (`scores.stat.${key}`).
  it('are all used by the app', () => {
    expect(sources.length).toBeGreaterThan(20);
    const built = sources.flatMap(([, text]) => [...text.matchAll(/`([\w-]+\.[\w.-]*)\$\{/g)].map((match) => match[1] ?? ''));
    const isUsed = (id: string) =>
      built.some((start) => id.startsWith(start)) || sources.some(([, text]) => text.includes(`'${id}'`) || text.includes(`"${id}"`));
    expect(ids.filter((id) => !isUsed(id))).toEqual([]);
  });
});

describe('headings that share a page', () => {
  // /main shows the live rooms and the football in progress as two sections; axe's landmark-unique
  // wants their names apart in every language (it found both 'Live now' in English).
  it.each(locales)('%s names the two live sections of /main apart', (locale) => {
    expect(messages[locale]['home.liveNow']).not.toBe(messages[locale]['scores.liveNow']);
  });
});
