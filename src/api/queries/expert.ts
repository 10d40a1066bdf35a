import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, type PostBody, type QueryParams } from './call-query.ts';

// The expert area's calls (contract tag `expert`): applying, publishing and buying plans, the
// ranking and profiles; and the admin console's review of applications (tag `admin`).

const myApplicationKeys = callKey('get', '/api/Member/expertApplication');

export function myExpertApplicationQuery(api: Api, userId: number | null) {
  return queryOptions({
    queryKey: [...myApplicationKeys, { user: userId }] as const,
    queryFn: () => api.get('/api/Member/expertApplication'),
    enabled: userId !== null,
  });
}
export function useMyExpertApplication(userId: number | null) {
  return useQuery(myExpertApplicationQuery(useApi(), userId));
}

/** Member/applyChannel, for the review machine's submit actor. */
export function useApplyForExpert() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Member/applyChannel'>) => api.post('/api/Member/applyChannel', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myApplicationKeys }),
  });
}

/** After approval the profile says is_expert 1. */
export function useRefreshExpertStanding() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: memberInfoKeys }), [queryClient]);
}

export function usePublishableMatches(enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/publishableMatches'), enabled });
}

export function usePublishPlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/expert/publishPlan'>) => api.post('/api/expert/publishPlan', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/publishableMatches') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/planList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/mySales') });
    },
  });
}

export function usePlanList(query: QueryParams<'/api/expert/planList'>) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/planList', { params: { query } }), placeholderData: keepPreviousData });
}

export function usePlanDetail(id: number | undefined) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/planDetail', { params: { query: { id: id ?? 0 } } }), enabled: id !== undefined });
}

/** expert/buyPlan under the caller's Idempotency-Key (one per purchase the page offers). */
export function useBuyPlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) => api.post('/api/expert/buyPlan', { body: { id }, params: { header: { 'Idempotency-Key': key } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/planDetail') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/planList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/expert/boughtPlans') });
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
    },
  });
}

export function useBoughtPlans(page: number, enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/boughtPlans', { params: { query: { page, limit: 10 } } }), enabled, placeholderData: keepPreviousData });
}

export function useMySales(page: number, enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/mySales', { params: { query: { page, limit: 10 } } }), enabled, placeholderData: keepPreviousData });
}

export function useExpertRanking(type: 0 | 1, window: 10 | 30) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/ranking', { params: { query: { type, window } } }), placeholderData: keepPreviousData });
}

export function useExpertProfile(id: number | undefined) {
  return useQuery({ ...getQuery(useApi(), '/api/expert/profile', { params: { query: { id: id ?? 0 } } }), enabled: id !== undefined });
}

export function useAdminExpertApplications(page: number) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/expertApplicationList', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}

/** admin/reviewExpertApplication, for the review machine's actors. */
export function useReviewExpertApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: PostBody<'/api/admin/reviewExpertApplication'>) => {
      const result = await api.post('/api/admin/reviewExpertApplication', { body });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/expertApplicationList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/auditLog') });
      return result;
    },
    [api, queryClient],
  );
}
