import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from '../i18n/locale.ts';

/** The light or dark set of design tokens (src/ui/theme.css). */
export type Theme = 'light' | 'dark';

/** The visitor's display choices and how to change them. */
export interface ShellSettings {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ShellSettingsContext = createContext<ShellSettings | null>(null);

export function ShellSettingsProvider({ value, children }: { value: ShellSettings; children: ReactNode }) {
  return <ShellSettingsContext value={value}>{children}</ShellSettingsContext>;
}

export function useShellSettings(): ShellSettings {
  const settings = useContext(ShellSettingsContext);
  if (!settings) throw new Error('useShellSettings needs a ShellSettingsProvider above it');
  return settings;
}

const themeKey = 'theme';

export function readTheme(storage: Pick<Storage, 'getItem'> = localStorage): Theme {
  return storage.getItem(themeKey) === 'dark' ? 'dark' : 'light';
}

export function writeTheme(theme: Theme, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(themeKey, theme);
}
