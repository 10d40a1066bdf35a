import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, readOptions, type QueryParams, type ReadOptions } from './call-query.ts';

// The social area's calls (contract tag `social`).

/** A page of the users I follow (User/attentionList). */
export function attentionListQuery(api: Api, query: QueryParams<'/api/User/attentionList'>) {
  return queryOptions(getQuery(api, '/api/User/attentionList', { params: { query } }));
}

export function useAttentionList(query: QueryParams<'/api/User/attentionList'>, options?: ReadOptions) {
  return useQuery({ ...attentionListQuery(useApi(), query), ...readOptions(options) });
}

/**
 * Unfollows a user (Member/attention, type 0). `beforeRefresh` runs first (a screen moving off a page
 * the unfollow emptied); then the follow lists and the own profile (its follow count) are asked again.
 */
export function useUnfollow({ beforeRefresh }: { beforeRefresh?: (uid: number) => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: number) => api.post('/api/Member/attention', { body: { uid, type: 0 } }),
    onSuccess: async (_state, uid) => {
      beforeRefresh?.(uid);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: callKey('get', '/api/User/attentionList') }),
        queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
      ]);
    },
  });
}
