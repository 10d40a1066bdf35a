import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, postQuery } from './call-query.ts';

// The tasks area's calls (contract tag `tasks`).

/** The task centre (Activity_Config/user_task_list): daily and newbie tasks and their coins. */
export function userTaskListQuery(api: Api) {
  return queryOptions(postQuery(api, '/api/Activity_Config/user_task_list'));
}

export function useUserTaskList() {
  return useQuery(userTaskListQuery(useApi()));
}

/**
 * The daily sign-in (Activity/task_handle_sign) of `day`, for the sign-in machine's actor; a credited
 * day changes the task centre and the profile's balance, which are asked again.
 */
export function useSignInTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (day: number) => {
      // One key per click: the server credits a day once however often a request is repeated.
      const result = await api.post('/api/Activity/task_handle_sign', {
        body: { id: day },
        params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
      });
      void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Activity_Config/user_task_list') });
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
      return result;
    },
    [api, queryClient],
  );
}
