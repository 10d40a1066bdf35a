import { readFileSync } from 'node:fs';

/**
 * What the server says to users, in their language (SPEC: zh default, en, vi). Each message is
 * written once in the code, in English (or, for SPEC texts, as the SPEC gives it); that text is its
 * id in the catalogues of ./messages, which a test keeps complete. `{name}` marks a parameter.
 */
export const languages = ['zh', 'en', 'vi'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh';

export type MessageParams = Readonly<Record<string, string | number>>;

function catalogue(language: Language): Readonly<Record<string, string>> {
  return JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

export const catalogues: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  zh: catalogue('zh'),
  en: catalogue('en'),
  vi: catalogue('vi'),
};

/** The language a request asks for in its `lang` header (the site sends its own), else zh. */
export function languageOf(headers: Readonly<Record<string, string | string[] | undefined>>): Language {
  const asked = headers.lang;
  return languages.find((language) => language === asked) ?? defaultLanguage;
}

/** The message in the language, its parameters filled in; a text no catalogue has is said as it is. */
export function translate(text: string, language: Language, params?: MessageParams): string {
  const template = catalogues[language][text] ?? text;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}
