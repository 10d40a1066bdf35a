import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, type PostBody } from './call-query.ts';

// The anchor area's calls (contract tag `anchor`): applying to be an anchor and its review status,
// and the admin's review of applications (tag `admin`).

const verifiedInfoKeys = callKey('post', '/api/Member/getVerifiedInfo');

/** Member/getVerifiedInfo: the user's own application, or null when they never applied. */
export function verifiedInfoQuery(api: Api, userId: number | null) {
  return queryOptions({
    queryKey: [...verifiedInfoKeys, { user: userId }] as const,
    queryFn: () => api.post('/api/Member/getVerifiedInfo'),
    enabled: userId !== null,
  });
}
export function useVerifiedInfo(userId: number | null) {
  return useQuery(verifiedInfoQuery(useApi(), userId));
}

/** Member/verified, for the review machine's submit actor: the application goes to review. */
export function useApplyForAnchor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Member/verified'>) => api.post('/api/Member/verified', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: verifiedInfoKeys }),
  });
}

/** After approval the profile says is_anchor 1: the top bar's streamer button and menu follow it. */
export function useRefreshAnchorStanding() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: memberInfoKeys }), [queryClient]);
}

export function adminAnchorApplicationsQuery(api: Api, page: number) {
  return queryOptions({
    ...getQuery(api, '/api/admin/anchorApplicationList', { params: { query: { page, limit: 20 } } }),
    placeholderData: keepPreviousData,
  });
}
export function useAdminAnchorApplications(page: number) {
  return useQuery(adminAnchorApplicationsQuery(useApi(), page));
}

/** admin/reviewAnchorApplication, for the review machine's actors. */
export function useReviewAnchorApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: PostBody<'/api/admin/reviewAnchorApplication'>) => {
      const result = await api.post('/api/admin/reviewAnchorApplication', { body });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/anchorApplicationList') });
      return result;
    },
    [api, queryClient],
  );
}
