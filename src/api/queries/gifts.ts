import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, type QueryParams } from './call-query.ts';

// The gifts area's calls (contract tag `gifts`). Sending moves money: each press of send carries its
// own Idempotency-Key, made by the caller and reused when that press is retried.

export function giftListQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/Gift/getList'), staleTime: 5 * 60_000 });
}
export function useGiftList() {
  return useQuery(giftListQuery(useApi()));
}

export function backpackQuery(api: Api) {
  return queryOptions(getQuery(api, '/api/Gift/getUserGiftList'));
}
/** The backpack of the logged-in viewer; nothing is asked for a guest. */
export function useBackpack(loggedIn: boolean) {
  return useQuery({ ...backpackQuery(useApi()), enabled: loggedIn });
}

export type GiftSend = QueryParams<'/api/member/handselGift'> & { key: string };

/**
 * member/handselGift, quietly: the gift bar says itself why a gift was refused (with the way to top
 * up), so no toast repeats it. The balance and the backpack are read again after a send.
 */
export function useSendGift() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...query }: GiftSend) => api.quiet.get('/api/member/handselGift', { params: { query, header: { 'Idempotency-Key': key } } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Gift/getUserGiftList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Live_streaming/roomRanking') });
    },
  });
}
