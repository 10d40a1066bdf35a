import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import { callKey, getQuery, type PostBody } from './call-query.ts';

// The admin console's own calls (contract tag `admin`): users, settings and the audit log. Every
// change invalidates the audit log, which gains its entry.

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    ...getQuery(useApi(), '/api/admin/userList', { params: { query: { page, limit: 20, ...(search ? { search } : {}) } } }),
    placeholderData: keepPreviousData,
  });
}

function useAdminChange<
  P extends '/api/admin/setUserBan' | '/api/admin/setUserMute' | '/api/admin/setUserRoles' | '/api/admin/resetPassword' | '/api/admin/updateSettings' | '/api/admin/saveChargeRule',
>(path: P, changes: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<P>) => api.post(path, { body } as never),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/auditLog') });
      void queryClient.invalidateQueries({ queryKey: ['get', changes] });
    },
  });
}

export const useSetUserBan = () => useAdminChange('/api/admin/setUserBan', '/api/admin/userList');
export const useSetUserMute = () => useAdminChange('/api/admin/setUserMute', '/api/admin/userList');
export const useSetUserRoles = () => useAdminChange('/api/admin/setUserRoles', '/api/admin/userList');
export const useResetPassword = () => useAdminChange('/api/admin/resetPassword', '/api/admin/userList');
export const useUpdateSettings = () => useAdminChange('/api/admin/updateSettings', '/api/admin/settings');

/** admin/saveChargeRule: the console's list changes, and so does what top-up offers. */
export function useSaveChargeRule() {
  const queryClient = useQueryClient();
  const change = useAdminChange('/api/admin/saveChargeRule', '/api/admin/chargeRuleList');
  return {
    ...change,
    mutate: (body: PostBody<'/api/admin/saveChargeRule'>) =>
      change.mutate(body, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/chargerules/getList') }) }),
  };
}

export function useAdminChargeRules() {
  return useQuery(getQuery(useApi(), '/api/admin/chargeRuleList'));
}

/** The site's settings (admin/settings); off while `enabled` is false (nobody logged in). */
export function useAdminSettings(enabled = true) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/settings'), enabled });
}

export function useAuditLog(page: number) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/auditLog', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}

/** The reported content under review, most reported first. */
export function useAdminReports(page: number) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/reportList', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}

/** admin/reviewReport, for the report review machine's actors: the queue and the log change. */
export function useReviewReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: PostBody<'/api/admin/reviewReport'>) => {
      const result = await api.post('/api/admin/reviewReport', { body });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/reportList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/auditLog') });
      return result;
    },
    [api, queryClient],
  );
}
