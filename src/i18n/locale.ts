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
