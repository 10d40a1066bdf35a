import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, postQuery, type QueryParams } from './call-query.ts';

// The wallet and admin areas' calls (contract tags `wallet` and `admin`). Calls that move money send
// an Idempotency-Key: one per user action, made by the caller and reused when that action is retried.

/** A fresh Idempotency-Key for one user action. */
export function newActionKey(): string {
  return crypto.randomUUID();
}

const header = (key: string) => ({ header: { 'Idempotency-Key': key } });

export function chargeRulesQuery(api: Api) {
  return queryOptions({ ...postQuery(api, '/api/chargerules/getList'), staleTime: 60_000 });
}
export function useChargeRules() {
  return useQuery(chargeRulesQuery(useApi()));
}

export function payChannelsQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/pay/getPayChannelList'), staleTime: 60_000 });
}
export function usePayChannels() {
  return useQuery(payChannelsQuery(useApi()));
}

/** chargerules/payUrl: an order and its checkout page; `key` is the click's action key. */
export function useCreateTopUp() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ ruleId, channelId, key }: { ruleId: number; channelId: number; key: string }) =>
      api.get('/api/chargerules/payUrl', { params: { query: { rule_id: ruleId, channel_id: channelId }, ...header(key) } }),
  });
}

export function bankCardQuery(api: Api) {
  return queryOptions(getQuery(api, '/api/Bank_card/getInfo'));
}
export function useBankCard() {
  return useQuery(bankCardQuery(useApi()));
}

export function payAccountQuery(api: Api) {
  return queryOptions(getQuery(api, '/api/Bank_card/getAliPayInfo'));
}
export function usePayAccount() {
  return useQuery(payAccountQuery(useApi()));
}

export function useBindBankCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: QueryParams<'/api/Bank_card/bind'>) => api.get('/api/Bank_card/bind', { params: { query } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Bank_card/getInfo') }),
  });
}

export function useBindPayAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: QueryParams<'/api/Bank_card/bindAliPay'>) => api.get('/api/Bank_card/bindAliPay', { params: { query } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Bank_card/getAliPayInfo') }),
  });
}

/** The SMS code that proves the mobile before the payment password is set (getCode type 2). */
export function useSendPaymentCode() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ mobile, altcha }: { mobile: string; altcha: string }) => api.post('/api/user/getCode', { body: { mobile, type: 2, altcha } }),
  });
}

export function useSetPaymentPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { password: string; confirm_password: string; code: string }) => api.post('/api/Member/paymentPassword', { body }),
  });
}

export function withdrawalListQuery(api: Api, page: number) {
  return queryOptions({ ...getQuery(api, '/api/Balance/withdrawalList', { params: { query: { page, limit: 10 } } }), placeholderData: keepPreviousData });
}
export function useWithdrawalList(page: number) {
  return useQuery(withdrawalListQuery(useApi(), page));
}

/** Balance/applyForWithdrawal; the held amount leaves the income wallet, so the profile is asked again. */
export function useApplyWithdrawal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...query }: QueryParams<'/api/Balance/applyForWithdrawal'> & { key: string }) =>
      api.get('/api/Balance/applyForWithdrawal', { params: { query, ...header(key) } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Balance/withdrawalList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Order/getList') });
    },
  });
}

/** Balance/conversionBalance, for the conversion machine's actor: `key` is the confirmation's. */
export function useConvertIncome() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (amount: number, key: string) => {
      const result = await api.get('/api/Balance/conversionBalance', { params: { query: { amount, confirm: true }, ...header(key) } });
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Order/getList') });
      return result;
    },
    [api, queryClient],
  );
}

export type LedgerFilter = QueryParams<'/api/Order/getList'>;

export function ledgerQuery(api: Api, filter: LedgerFilter) {
  return queryOptions({ ...getQuery(api, '/api/Order/getList', { params: { query: filter } }), placeholderData: keepPreviousData });
}
export function useLedger(filter: LedgerFilter) {
  return useQuery(ledgerQuery(useApi(), filter));
}

/** Every page of a filter, for the CSV export. */
export function useLedgerExport() {
  const api = useApi();
  return useCallback(
    async (filter: Omit<LedgerFilter, 'page' | 'limit'>) => {
      const rows = [];
      for (let page = 1; page <= 100; page++) {
        const answer = await api.get('/api/Order/getList', { params: { query: { ...filter, page, limit: 100 } } });
        rows.push(...answer.list);
        if (rows.length >= answer.total || answer.list.length === 0) break;
      }
      return rows;
    },
    [api],
  );
}

export function ledgerTypesQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/order/getTypeList'), staleTime: Infinity });
}
export function useLedgerTypes() {
  return useQuery(ledgerTypesQuery(useApi()));
}

export function adminWithdrawalsQuery(api: Api, page: number) {
  return queryOptions({ ...getQuery(api, '/api/admin/withdrawalList', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}
export function useAdminWithdrawals(page: number) {
  return useQuery(adminWithdrawalsQuery(useApi(), page));
}

/** admin/reviewWithdrawal, for the review machine's actors. */
export function useReviewWithdrawal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: { id: number; decision: 'approve' | 'refuse'; reason?: string }, key: string) => {
      const result = await api.post('/api/admin/reviewWithdrawal', { body, params: header(key) });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/withdrawalList') });
      return result;
    },
    [api, queryClient],
  );
}
