import type { Language } from './server-messages.ts';

/** A catalogue row's words in its Chinese, English and Vietnamese versions; any but the Chinese may be empty. */
export interface CatalogueText {
  zh: string;
  en: string;
  vi: string;
}

/**
 * The words a reader of `language` sees: Vietnamese falls back to English and English to Chinese, so a row an
 * admin added in one language still shows in every other.
 */
export function catalogueText(language: Language, { zh, en, vi }: CatalogueText): string {
  if (language === 'zh') return zh;
  if (language === 'vi' && vi !== '') return vi;
  return en === '' ? zh : en;
}
