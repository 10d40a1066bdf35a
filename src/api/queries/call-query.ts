import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiCalls, ApiInit, ApiPath } from '../client.ts';
import type { paths } from '../schema';

/**
 * The one way a query key is made (STYLE.md, Data): the call's method and contract path, then its
 * parameters and body when it has any. `invalidateQueries({ queryKey: callKey(method, path) })` reaches
 * every cached answer of that operation.
 */
export function callKey<M extends 'get' | 'post', P extends ApiPath<M>>(method: M, path: P, init?: ApiInit<P, M>[0]) {
  return init === undefined ? ([method, path] as const) : ([method, path, init] as const);
}

/** Query options for a GET call of the contract, keyed by its path and parameters. */
export function getQuery<P extends ApiPath<'get'>>(calls: ApiCalls, path: P, ...init: ApiInit<P, 'get'>) {
  return queryOptions({
    queryKey: callKey('get', path, init[0]),
    queryFn: () => calls.get(path, ...init),
  });
}

/** Query options for a POST call of the contract that reads (lists, details), keyed by its path and body. */
export function postQuery<P extends ApiPath<'post'>>(calls: ApiCalls, path: P, ...init: ApiInit<P, 'post'>) {
  return queryOptions({
    queryKey: callKey('post', path, init[0]),
    queryFn: () => calls.post(path, ...init),
  });
}

/** What a screen may choose about one of the hooks' reads: when it runs, how long it stays fresh, and whether the previous answer stays on screen while the next loads. */
export interface ReadOptions {
  enabled?: boolean;
  staleTime?: number;
  keepPrevious?: boolean;
}

/** The TanStack options for a screen's ReadOptions. */
export function readOptions({ enabled, staleTime, keepPrevious }: ReadOptions = {}) {
  return {
    ...(enabled === undefined ? {} : { enabled }),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  };
}

/** The query parameters of a GET call, as the contract types them. */
export type QueryParams<P extends ApiPath<'get'>> = NonNullable<paths[P]['get']['parameters']['query']>;

/** The JSON body of a POST call, as the contract types it. */
export type PostBody<P extends ApiPath<'post'>> =
  NonNullable<paths[P]['post']['requestBody']> extends { content: { 'application/json': infer Body } } ? Body : never;
