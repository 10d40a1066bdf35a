import type { MessageFormatElement } from 'react-intl';
import type { Locale } from './locale.ts';
import type { MessageId } from './messages.ts';
import zh from './compiled/zh.json';

/** A language's messages as react-intl takes them precompiled: no message parser ships to browsers. */
export type CompiledMessages = Record<MessageId, MessageFormatElement[]>;

// The default language comes with the app; the others load when chosen (`npm run i18n:compile` writes them).
const loaders: Record<Locale, () => Promise<CompiledMessages>> = {
  zh: () => Promise.resolve(zh as CompiledMessages),
  en: () => import('./compiled/en.json').then((module) => module.default as CompiledMessages),
  vi: () => import('./compiled/vi.json').then((module) => module.default as CompiledMessages),
};

const loaded = new Map<Locale, CompiledMessages>([['zh', zh as CompiledMessages]]);

/** A language's messages if they are already here (zh always is). */
export function loadedMessages(locale: Locale): CompiledMessages | undefined {
  return loaded.get(locale);
}

/** Fetches a language's messages once and keeps them. */
export async function loadMessages(locale: Locale): Promise<CompiledMessages> {
  const known = loaded.get(locale);
  if (known) return known;
  const messages = await loaders[locale]();
  loaded.set(locale, messages);
  return messages;
}
