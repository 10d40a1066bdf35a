import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { getQuery, readOptions, type QueryParams, type ReadOptions } from './call-query.ts';

// The live area's directory calls (contract tag `live`): the streamer list, its categories, the
// rankings and the reminders of /anchor, /rank and /reserve (SPEC §2).

type LiveListQuery = QueryParams<'/api/Live_streaming/getLiveList'>;

/** A page of rooms of one type and, optionally, one category (Live_streaming/getLiveList). */
export function useLiveList(query: LiveListQuery, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/Live_streaming/getLiveList', { params: { query } }), ...readOptions(options) });
}

/**
 * The categories of one type (Live/getRoomList). Asked quietly: the list filters the rooms and is not
 * needed to show them, so a server that cannot answer yet costs no error toast, only the chips.
 */
export function liveCategoriesQuery(api: Api, type: NonNullable<QueryParams<'/api/Live/getRoomList'>['type']>) {
  return queryOptions({ ...getQuery(api.quiet, '/api/Live/getRoomList', { params: { query: { type } } }), staleTime: 5 * 60_000 });
}

export function useLiveCategories(type: NonNullable<QueryParams<'/api/Live/getRoomList'>['type']>) {
  return useQuery(liveCategoriesQuery(useApi(), type));
}

/** A room's contribution ranking over a period (Live_streaming/roomRanking). */
export function useRoomRanking(query: QueryParams<'/api/Live_streaming/roomRanking'>, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/Live_streaming/roomRanking', { params: { query } }), ...readOptions(options) });
}

/** A page of my reminders (Live_streaming/getUserReserveLiveList); logged-in only. */
export function useMyReservations(query: QueryParams<'/api/Live_streaming/getUserReserveLiveList'>, options?: ReadOptions) {
  return useQuery({
    ...getQuery(useApi(), '/api/Live_streaming/getUserReserveLiveList', { params: { query } }),
    ...readOptions(options),
  });
}

/** The scheduled broadcasts of several anchors (Live_streaming/getReserveLiveList, one call per anchor). */
export function useAnchorSchedules(uids: readonly number[], limit: number, options?: ReadOptions) {
  const api = useApi();
  return useQueries({
    queries: uids.map((uid) => ({
      ...getQuery(api, '/api/Live_streaming/getReserveLiveList', { params: { query: { uid, page: 1, limit } } }),
      ...readOptions(options),
    })),
  });
}
