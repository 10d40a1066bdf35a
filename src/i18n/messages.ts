import type { Locale } from './locale.ts';
import en from './messages/en.json';
import vi from './messages/vi.json';
import zh from './messages/zh.json';

/** Every visible string has an id; zh.json, the default language, defines the set. */
export type MessageId = keyof typeof zh;

export const messages: Record<Locale, Record<MessageId, string>> = { zh, en, vi };

// Makes react-intl check every message id used in the app against zh.json.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl reads the ids from this global namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
