import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from './client.ts';

const ApiContext = createContext<Api | null>(null);

/** Gives the screens below it the app's one API client (stories and tests give their own). */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider above it');
  return api;
}
