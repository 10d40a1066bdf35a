import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ApiProvider } from '../api/api-context.tsx';
import { createApi } from '../api/client.ts';
import { clearStoredUser } from '../api/stored-user.ts';
import { defaultLocale, readLocale } from '../i18n/locale.ts';
import { messages } from '../i18n/messages.ts';
import { sessionMachine } from '../machines/session-machine.ts';
import { appRoutes } from './router.tsx';
import { SessionFeedback } from './session-feedback.tsx';

const appSessionMachine = sessionMachine.provide({
  actions: {
    clearUser: () => clearStoredUser(),
    resetTokenAndReload: () => {
      clearStoredUser();
      window.location.reload();
    },
  },
});

export function App() {
  const [locale] = useState(readLocale);
  const sessionRef = useActorRef(appSessionMachine);
  const [api] = useState(() => createApi({ baseUrl: window.location.origin, session: sessionRef }));
  // A failed call already had its say through the session machine; asking again would repeat it.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() => createBrowserRouter(appRoutes));

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages[locale]}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <RouterProvider router={router} />
          <SessionFeedback session={sessionRef} />
        </ApiProvider>
      </QueryClientProvider>
    </IntlProvider>
  );
}
