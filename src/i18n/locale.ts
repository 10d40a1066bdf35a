/** The site's languages; the position in this list is what `langIndex` stores. */
export const locales = ['zh', 'en', 'vi'] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'zh';

// SPEC §3: the local storage keys of the language choice.
const langKey = 'lang';
const langIndexKey = 'langIndex';

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

/** The stored language, or zh when none (or an unknown one) is stored. */
export function readLocale(storage: Pick<Storage, 'getItem'> = localStorage): Locale {
  const stored = storage.getItem(langKey);
  return isLocale(stored) ? stored : defaultLocale;
}

export function writeLocale(locale: Locale, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(langKey, locale);
  storage.setItem(langIndexKey, String(locales.indexOf(locale)));
}

/**
 * A team's or league's name in the page's language: the data carries Chinese and English names only,
 * so the Vietnamese site shows the English one. An empty English name falls back to the Chinese.
 */
export function localName(names: { zh: string; en: string }, locale: string): string {
  return locale.startsWith('zh') ? names.zh : names.en || names.zh;
}
