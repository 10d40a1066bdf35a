import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import { loadMessages } from './load-messages.ts';
import { messages } from './messages.ts';

describe('compiled messages (src/i18n/compiled, written by npm run i18n:compile)', () => {
  it.each(locales)('%s matches its source messages; run `npm run i18n:compile` after editing messages/', async (locale) => {
    const compiled = await loadMessages(locale);
    const expected = Object.fromEntries(Object.entries(messages[locale]).map(([id, text]) => [id, parse(text)]));
    expect(compiled).toEqual(expected);
  });
});
