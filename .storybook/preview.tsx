import type { Preview } from '@storybook/react-vite';
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

// The precompiled messages, as the built site uses them once its first lazy screen has loaded.
const messages = {
  zh: { ...zhFirst, ...zhRest },
  en: { ...enFirst, ...enRest },
  vi: { ...viFirst, ...viRest },
} as Record<Locale, CompiledMessages>;

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
    (Story, { globals }) => {
      const locale = isLocale(globals.locale) ? globals.locale : defaultLocale;
      document.documentElement.lang = locale;
      document.documentElement.dataset.theme = globals.theme === 'dark' ? 'dark' : 'light';
      return (
        <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages[locale]}>
          <Story />
        </IntlProvider>
      );
    },
  ],
};

export default preview;
