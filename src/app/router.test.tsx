import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../api/api-context.tsx';
import { createApi } from '../api/client.ts';
import { messages } from '../i18n/messages.ts';
import { appRoutes } from './router.tsx';

function renderAt(path: string, answer: () => Promise<Response>) {
  const api = createApi({ baseUrl: 'http://pitchside.test', session: { send: () => {} }, fetch: answer });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider api={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return router;
}

const config = () => Promise.resolve(Response.json({ code: 0, msg: '', data: { site_name: 'Pitchside Live' } }));

describe('app routes', () => {
  it('sends / to /main, which says it is being built and shows the server site name', async () => {
    const router = renderAt('/', config);
    expect(router.state.location.pathname).toBe('/main');
    expect(screen.getByText(/home page is being built/)).toBeInTheDocument();
    expect(screen.getByText('Data loading, please wait!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitchside Live' })).toBeInTheDocument();
    expect(screen.getByText('Site name').nextElementSibling).toHaveTextContent('Pitchside Live');
  });

  it('shows the site name from the messages and no error when the config cannot be had', async () => {
    renderAt('/main', () => Promise.reject(new TypeError('fetch failed')));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pitchside');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends unknown paths to /404', () => {
    const router = renderAt('/no/such/page', config);
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('heading', { name: '404 Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/main');
  });
});
