import type { Preview } from '@storybook/react-vite';
import { IntlProvider } from 'react-intl';
import { defaultLocale, isLocale } from '../src/i18n/locale.ts';
import { messages } from '../src/i18n/messages.ts';
import '../src/ui/theme.css';

const preview: Preview = {
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
