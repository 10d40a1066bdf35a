import type { Preview } from '@storybook/react-vite';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLocale, isLocale, type Locale } from '../src/i18n/locale.ts';
import enFirst from '../src/i18n/compiled/en.first.json';
import enRest from '../src/i18n/compiled/en.rest.json';
import viFirst from '../src/i18n/compiled/vi.first.json';
import viRest from '../src/i18n/compiled/vi.rest.json';
import zhFirst from '../src/i18n/compiled/zh.first.json';
import zhRest from '../src/i18n/compiled/zh.rest.json';
import type { CompiledMessages } from '../src/i18n/load-messages.ts';
import '../src/ui/theme.css';
import { BilingualDocsPage } from './bilingual-docs-page.tsx';

// The precompiled messages, as the built site uses them once its first lazy screen has loaded.
const messages = {
  zh: { ...zhFirst, ...zhRest },
  en: { ...enFirst, ...enRest },
  vi: { ...viFirst, ...viRest },
} as Record<Locale, CompiledMessages>;

/**
 * On a docs page, the language the page asks of the story's place (`data-docs-locale`, see
 * bilingual-docs-page.tsx); the toolbar's elsewhere. The story renders once it is known.
 */
function DocsLocale({ fallback, children }: { fallback: Locale; children: (locale: Locale) => ReactNode }) {
  const probe = useRef<HTMLSpanElement>(null);
  const [locale, setLocale] = useState<Locale | null>(null);
  useLayoutEffect(() => {
    const asked = probe.current?.closest<HTMLElement>('[data-docs-locale]')?.dataset.docsLocale;
    setLocale(isLocale(asked) ? asked : fallback);
  }, [fallback]);
  return (
    <>
      <span ref={probe} hidden />
      {locale && children(locale)}
    </>
  );
}

const preview: Preview = {
  // Every component's docs page, built from its stories and its props' TSDoc.
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'Language of the site',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'zh', title: '中文' },
          { value: 'en', title: 'English' },
          { value: 'vi', title: 'Tiếng Việt' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: defaultLocale, theme: 'light' },
  parameters: {
    controls: { matchers: { color: /(background|color)$/i } },
    docs: { page: BilingualDocsPage },
    // Accessibility violations fail the story tests, not only the panel.
    a11y: { test: 'error' },
    // The widths the site is checked at: a phone, just under the 992 px breakpoint, a laptop.
    viewport: {
      options: {
        phone: { name: 'Phone 390', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        narrow: { name: 'Under the breakpoint 900', styles: { width: '900px', height: '700px' }, type: 'tablet' },
        laptop: { name: 'Laptop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
  decorators: [
    (Story, { globals, viewMode }) => {
      const chosen = isLocale(globals.locale) ? globals.locale : defaultLocale;
      document.documentElement.dataset.theme = globals.theme === 'dark' ? 'dark' : 'light';
      const inLocale = (locale: Locale) => (
        <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages[locale]}>
          <Story />
        </IntlProvider>
      );
      // A docs page shows stories in several languages at once: the page's own language stays.
      if (viewMode === 'docs') return <DocsLocale fallback={chosen}>{inLocale}</DocsLocale>;
      document.documentElement.lang = chosen;
      return inLocale(chosen);
    },
  ],
};

export default preview;
