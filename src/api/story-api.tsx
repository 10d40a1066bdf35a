import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProvider } from './api-context.tsx';
import { createApi, type ApiOptions } from './client.ts';

// Stories render real screens against a fake server: a fetch that answers the calls they make.

/** The server's answer to a call that went well: `data` in the envelope, code 0. */
export function okAnswer(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: '', data }), { headers: { 'content-type': 'application/json' } });
}

/** A fresh query cache and the app's API client over `fetch`, which stands in for the server. */
export function StoryApiProviders({ fetch, children }: { fetch: NonNullable<ApiOptions['fetch']>; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [api] = useState(() => createApi({ baseUrl: window.location.origin, session: { send: () => {} }, fetch }));
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
}
