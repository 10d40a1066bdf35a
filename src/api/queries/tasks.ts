import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type ReadOptions } from './call-query.ts';

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

/** The official activity running now (Activity_Config/getActivityUrl), or null. */
export function activityLinkQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/Activity_Config/getActivityUrl'), staleTime: 5 * 60_000 });
}
export function useActivityLink() {
  return useQuery(activityLinkQuery(useApi()));
}

/** A page of the exchange mall's goods (goods/goodsList), of one kind or all. */
export function goodsListQuery(api: Api, body: PostBody<'/api/goods/goodsList'>) {
  return queryOptions(postQuery(api, '/api/goods/goodsList', { body }));
}
export function useGoodsList(body: PostBody<'/api/goods/goodsList'>, options?: ReadOptions) {
  return useQuery({ ...goodsListQuery(useApi(), body), ...readOptions(options) });
}

/** A page of the user's own exchanges (goods/exchangeRecords), newest first. */
export function exchangeRecordsQuery(api: Api, body: PostBody<'/api/goods/exchangeRecords'>) {
  return queryOptions(postQuery(api, '/api/goods/exchangeRecords', { body }));
}
export function useExchangeRecords(body: PostBody<'/api/goods/exchangeRecords'>, options?: ReadOptions) {
  return useQuery({ ...exchangeRecordsQuery(useApi(), body), ...readOptions(options) });
}

export type GoodsExchange = PostBody<'/api/goods/exchange'> & { key: string };

/**
 * goods/exchange, quietly: the exchange dialog says itself why an exchange was refused. Afterwards the
 * shelf (stock), the records, the coins (profile and task centre) and the backpack are read again.
 */
export function useExchangeGoods() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: GoodsExchange) => api.quiet.post('/api/goods/exchange', { body, params: { header: { 'Idempotency-Key': key } } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/goods/goodsList') });
      void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/goods/exchangeRecords') });
      void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Activity_Config/user_task_list') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Gift/getUserGiftList') });
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
    },
  });
}
