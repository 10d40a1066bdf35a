import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import type { components } from '../schema.d.ts';
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

/** The gifts on sale named in the page's language (the list is asked for in it), by id. */
export type GiftNames = ReadonlyMap<number, string>;
export function useGiftNames(): GiftNames | undefined {
  const gifts = useGiftList();
  return useMemo(() => (gifts.data ? new Map(gifts.data.map((gift) => [gift.id, gift.name])) : undefined), [gifts.data]);
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

type HornMessage = components['schemas']['HornMessage'];

function latestHornsQuery(api: Api) {
  return getQuery(api, '/api/Member/hornList', { params: { query: { page: 1, limit: 1 } } });
}

/**
 * The latest horn (Member/hornList). Where the messaging service pushes new horns this is read once
 * (and after a reconnect); otherwise it is read again every few seconds.
 */
export function useLatestHorns({ pushed }: { pushed: () => boolean }) {
  return useQuery({ ...latestHornsQuery(useApi()), refetchInterval: () => (pushed() ? false : 8_000) });
}

/** Shows a horn pushed to the room as the latest, unless a newer one is already there (a retried horn comes twice). */
export function useShowPushedHorn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (horn: HornMessage) =>
      queryClient.setQueryData(latestHornsQuery(api).queryKey, (page) =>
        page && (page.list[0]?.id ?? 0) >= horn.id ? page : { total: (page?.total ?? 0) + 1, page: 1, limit: 1, list: [horn] },
      ),
    [api, queryClient],
  );
}

/** Reads the latest horn again: after a reconnect, horns blown meanwhile were not heard. */
export function useRefreshLatestHorns() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: latestHornsQuery(api).queryKey }), [api, queryClient]);
}

/** Member/sneHorn, quietly (the form says why a horn was refused); the list and the free horns are read again. */
export function useSendHorn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, key }: { content: string; key: string }) =>
      api.quiet.get('/api/Member/sneHorn', { params: { query: { content }, header: { 'Idempotency-Key': key } } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Member/hornList') });
    },
  });
}

/** The coloured barrage colours and prices (Barrage/getList); asked only for a logged-in viewer. */
export function useBarrageStyles(enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/Barrage/getList'), staleTime: 5 * 60_000, enabled });
}

/** Barrage/send, quietly (the chat says why one was refused); the balance is read again. */
export function useSendBarrage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...query }: QueryParams<'/api/Barrage/send'> & { key: string }) =>
      api.quiet.get('/api/Barrage/send', { params: { query, header: { 'Idempotency-Key': key } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
  });
}

/** The guard and nobility tiers (Guard/getList). */
export function useGuardTiers(enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/Guard/getList'), staleTime: 5 * 60_000, enabled });
}

/** guard_user/buy, quietly (the shop says why a purchase was refused); the profile (nobility, horns) is read again. */
export function useBuyGuard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...query }: QueryParams<'/api/guard_user/buy'> & { key: string }) =>
      api.quiet.get('/api/guard_user/buy', { params: { query, header: { 'Idempotency-Key': key } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
  });
}
