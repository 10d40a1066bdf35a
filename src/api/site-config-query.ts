import { queryOptions } from '@tanstack/react-query';
import type { Api } from './client.ts';

/** The system config (universal/getConfig): asked for once and kept for the page's life. */
export function siteConfigQuery(api: Api) {
  return queryOptions({
    queryKey: ['get', '/api/universal/getConfig'],
    queryFn: () => api.get('/api/universal/getConfig'),
    staleTime: Infinity,
  });
}
