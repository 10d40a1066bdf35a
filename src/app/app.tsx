import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { ApiProvider } from '../api/api-context.tsx';
import { createApi } from '../api/client.ts';
import { loadedMessages, loadMessages, onMessagesLoaded } from '../i18n/load-messages.ts';
import { defaultLocale, readLocale, writeLocale, type Locale } from '../i18n/locale.ts';
import { sessionMachine } from '../machines/session-machine.ts';
import { MessagingProvider } from '../realtime/messaging-context.tsx';
import { createConfiguredMessaging } from '../realtime/configured-messaging.ts';
import { useStartup } from '../features/account/use-startup.ts';
import { siteConfigQuery } from '../api/queries/account.ts';
import { liveNowQuery } from '../api/queries/live.ts';
import { sharedSiteSocketAtStartup } from '../realtime/site-socket.tsx';
import { clearStoredUser, notifyStoredUserChanged, readStoredToken } from '../realtime/stored-user.ts';
import { appRoutes } from './router.tsx';
import { link } from '../routes.ts';
import { SessionFeedback } from './session-feedback.tsx';
import { SocketSessionGone } from './socket-session-gone.tsx';
import { readTheme, ShellSettingsProvider, writeTheme, type ShellSettings, type Theme } from './shell-settings.tsx';

const appSessionMachine = sessionMachine.provide({
  actions: {
    clearUser: () => {
      clearStoredUser();
      notifyStoredUserChanged();
    },
    resetTokenAndReload: () => {
      clearStoredUser();
      window.location.reload();
    },
  },
});

/** The rest of the language's messages, fetched once the first page has painted and the browser is idle. */
function usePreloadMessages(locale: Locale) {
  useEffect(() => {
    const load = () => void loadMessages(locale).catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
  }, [locale]);
}

function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App() {
  const [locale, setLocaleState] = useState(readLocale);
  const [theme, setThemeState] = useState(readTheme);
  const sessionRef = useActorRef(appSessionMachine);
  const [api] = useState(() => createApi({ baseUrl: window.location.origin, session: sessionRef, token: readStoredToken, language: readLocale }));
  // A failed call already had its say through the session machine; asking again would repeat it.
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A screen's queries start only once the whole first render is on the page; the rooms of /main
    // are asked for now, so the page's largest picture does not wait for that render.
    if (['/', link('main')].includes(window.location.pathname)) void client.prefetchQuery(liveNowQuery(api));
    return client;
  });
  // The own /im service unless the system config names a Tencent IM app (im_mode tim); a config that cannot be read
  // means own. Either adapter's code arrives after the first paint: nothing on it waits for messaging.
  const [messaging] = useState(() => {
    const own = () => import('../realtime/messaging-port.ts').then((module) => module.createOwnMessaging(api, { language: readLocale }));
    return createConfiguredMessaging(
      queryClient.fetchQuery(siteConfigQuery(api)).then(
        (config) => {
          const appId = config.im_mode === 'tim' ? config.im_sdk_app_id : null;
          return appId === null ? own() : import('../realtime/tim-messaging.ts').then((module) => module.createTimMessaging(api, appId));
        },
        own,
      ),
    );
  });
  useStartup({ api, messaging, queryClient, siteSocket: sharedSiteSocketAtStartup });

  const shownMessages = useSyncExternalStore(onMessagesLoaded, () => loadedMessages(locale) ?? loadedMessages(defaultLocale));
  usePreloadMessages(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const settings = useMemo<ShellSettings>(
    () => ({
      locale,
      setLocale: (next: Locale) => {
        void loadMessages(next).then(() => {
          writeLocale(next);
          setLocaleState(next);
          // What the server wrote (task names, phone-code countries, catalogues) is asked again in the new language.
          void queryClient.invalidateQueries();
        });
      },
      theme,
      setTheme: (next: Theme) => {
        writeTheme(next);
        setThemeState(next);
      },
    }),
    [locale, theme, queryClient],
  );

  return (
    // main.tsx loads the stored language's messages before the first render.
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={shownMessages}>
      <ShellSettingsProvider value={settings}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api}>
            <MessagingProvider port={messaging}>
              {/* Without transitions a route change shows at once: a screen still loading shows its own loading state. */}
              <BrowserRouter useTransitions={false}>
                <AppRoutes />
              </BrowserRouter>
              <SessionFeedback session={sessionRef} />
              <SocketSessionGone session={sessionRef} />
            </MessagingProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ShellSettingsProvider>
    </IntlProvider>
  );
}
