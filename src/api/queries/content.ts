import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { callKey, getQuery, readOptions, type ReadOptions } from './call-query.ts';

// The content area's calls (contract tag `content`).

/** The search box's hot matches and keywords (universal/getHot): fresh for a minute. */
export function hotQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/universal/getHot'), staleTime: 60_000 });
}

export function useHot(options?: ReadOptions) {
  return useQuery({ ...hotQuery(useApi()), ...readOptions(options) });
}

/**
 * A legal or help page of /about-user (Portal_post/getList2), in the site's language: the locale is part of
 * the key, as the server answers in the `lang` header's language and a switch must ask again.
 */
export function portalPageQuery(api: Api, type: 1 | 2 | 3 | 4 | 5 | 6, locale: string) {
  const init = { params: { query: { type } } };
  return queryOptions({
    queryKey: [...callKey('get', '/api/Portal_post/getList2', init), locale] as const,
    queryFn: () => api.get('/api/Portal_post/getList2', init),
    staleTime: 10 * 60_000,
  });
}

export function usePortalPage(type: 1 | 2 | 3 | 4 | 5 | 6, locale: string) {
  return useQuery(portalPageQuery(useApi(), type, locale));
}

/** What a search found, by kind (Search/index): the /search page; fresh for half a minute. */
export function searchQuery(api: Api, name: string) {
  return queryOptions({ ...getQuery(api, '/api/Search/index', { params: { query: { name } } }), staleTime: 30_000 });
}

export function useSearch(name: string, options?: ReadOptions) {
  return useQuery({ ...searchQuery(useApi(), name), ...readOptions(options) });
}
