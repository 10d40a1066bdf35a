import { queryOptions } from '@tanstack/react-query';
import type { Api } from './client.ts';

/**
 * The system config (universal/getConfig): asked for once and kept for the page's life, by the shell,
 * the login dialog and start-up alike. Quiet: SPEC §8 ignores its failures.
 */
export function siteConfigQuery(api: Api) {
  return queryOptions({
    queryKey: ['get', '/api/universal/getConfig'],
    queryFn: () => api.quiet.get('/api/universal/getConfig'),
    staleTime: Infinity,
  });
}
