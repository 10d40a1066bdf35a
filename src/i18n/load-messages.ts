import type { MessageFormatElement } from 'react-intl';
import { readLocale, type Locale } from './locale.ts';
import type { MessageId } from './messages.ts';
import zhFirst from './compiled/zh.first.json';

/** A language's messages as react-intl takes them precompiled: no message parser ships to browsers. */
export type CompiledMessages = Record<MessageId, MessageFormatElement[]>;
type SomeMessages = Partial<CompiledMessages>;

/**
 * `npm run i18n:compile` splits each language in two (scripts/split-messages.ts): what the modules of
 * the first load name, and the rest, which arrives with the first lazy screen. zh's first part comes
 * with the app, so a page in the default language paints without waiting for any message file.
 */
const loaders: Record<Locale, { first: () => Promise<SomeMessages>; rest: () => Promise<SomeMessages> }> = {
  zh: {
    first: () => Promise.resolve(zhFirst as SomeMessages),
    rest: () => import('./compiled/zh.rest.json').then((module) => module.default as SomeMessages),
  },
  en: {
    first: () => import('./compiled/en.first.json').then((module) => module.default as SomeMessages),
    rest: () => import('./compiled/en.rest.json').then((module) => module.default as SomeMessages),
  },
  vi: {
    first: () => import('./compiled/vi.first.json').then((module) => module.default as SomeMessages),
    rest: () => import('./compiled/vi.rest.json').then((module) => module.default as SomeMessages),
  },
};

const loaded = new Map<Locale, SomeMessages>([['zh', zhFirst as SomeMessages]]);
const complete = new Map<Locale, Promise<CompiledMessages>>();
const firstParts = new Map<Locale, Promise<SomeMessages>>();
const listeners = new Set<() => void>();

function firstPart(locale: Locale): Promise<SomeMessages> {
  let loading = firstParts.get(locale);
  if (!loading) {
    loading = loaders[locale].first().then((first) => {
      // The whole set may have arrived first: never replace it by its first part.
      if (!loaded.has(locale)) loaded.set(locale, first);
      return first;
    });
    firstParts.set(locale, loading);
    loading.catch(() => firstParts.delete(locale));
  }
  return loading;
}

/**
 * A language's messages as far as they are here (zh's first part always is). Typed as the whole set:
 * the first part holds every id that the modules of the first load name, and any other module shows
 * only through `withAllMessages`, so whatever is on the page finds its messages.
 */
export function loadedMessages(locale: Locale): CompiledMessages | undefined {
  return loaded.get(locale) as CompiledMessages | undefined;
}

/** Calls `listener` whenever more messages have arrived. */
export function onMessagesLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The messages the first load shows: enough to paint the shell and /main. */
export async function loadFirstMessages(locale: Locale): Promise<SomeMessages> {
  return loaded.get(locale) ?? firstPart(locale);
}

/** Fetches a language's whole set of messages once and keeps it. */
export function loadMessages(locale: Locale): Promise<CompiledMessages> {
  let loading = complete.get(locale);
  if (!loading) {
    loading = Promise.all([firstPart(locale), loaders[locale].rest()]).then(([first, rest]) => {
      const all = { ...first, ...rest } as CompiledMessages;
      loaded.set(locale, all);
      for (const listener of listeners) listener();
      return all;
    });
    complete.set(locale, loading);
    loading.catch(() => complete.delete(locale));
  }
  return loading;
}

/** Code loaded later (a lazy screen or dialog) shows once the stored language's whole set is here. */
export function withAllMessages<T>(loading: Promise<T>): Promise<T> {
  return Promise.all([loading, loadMessages(readLocale())]).then(([value]) => value);
}
