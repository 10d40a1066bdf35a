import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { getQuery, readOptions, type ReadOptions } from './call-query.ts';

// The content area's calls (contract tag `content`).

/** The search box's hot matches and keywords (universal/getHot): fresh for a minute. */
export function hotQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/universal/getHot'), staleTime: 60_000 });
}

export function useHot(options?: ReadOptions) {
  return useQuery({ ...hotQuery(useApi()), ...readOptions(options) });
}
