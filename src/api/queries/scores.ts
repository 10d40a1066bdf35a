import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api, ApiData } from '../client.ts';
import type { components } from '../schema';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type QueryParams, type ReadOptions } from './call-query.ts';

// The scores area's calls (contract tag `scores`).

type Match = components['schemas']['Match'];
type MatchListPage = ApiData<'/api/hot_match/all_match', 'post'>;
type MatchDetail = ApiData<'/api/hot_match/msgGetSimple', 'post'>;
export type AllMatchBody = PostBody<'/api/hot_match/all_match'>;

const allMatchKeys = callKey('post', '/api/hot_match/all_match');
// Screens that show several pages of all_match as one list (/schedule: a day's football and basketball)
// cache them as an array under this key. It is the only all_match entry that is not one page: the
// live patch below must know which is which (a match push with /schedule cached used to throw).
const allMatchPagesKey = [...allMatchKeys, 'pages'] as const;

/** One page of matches (hot_match/all_match). */
export function allMatchQuery(api: Api, body: AllMatchBody) {
  return queryOptions(postQuery(api, '/api/hot_match/all_match', { body }));
}

export function useAllMatch(body: AllMatchBody, options?: ReadOptions) {
  return useQuery({ ...allMatchQuery(useApi(), body), ...readOptions(options) });
}

/** Several pages of hot_match/all_match asked together and shown as one list. */
export function allMatchPagesQuery(api: Api, bodies: readonly AllMatchBody[]) {
  return queryOptions({
    queryKey: [...allMatchPagesKey, bodies] as const,
    queryFn: (): Promise<MatchListPage[]> => Promise.all(bodies.map((body) => api.post('/api/hot_match/all_match', { body }))),
  });
}

export function useAllMatchPages(bodies: readonly AllMatchBody[], options?: ReadOptions) {
  return useQuery({ ...allMatchPagesQuery(useApi(), bodies), ...readOptions(options) });
}

/** Applies `change` to the matches of every cached all_match answer, one page or several. */
export function patchMatchLists(queryClient: QueryClient, change: (list: Match[]) => Match[]): void {
  const patchPage = (page: MatchListPage): MatchListPage => ({ ...page, list: change(page.list) });
  queryClient.setQueriesData<MatchListPage[]>({ queryKey: allMatchPagesKey }, (pages) => pages?.map(patchPage));
  queryClient.setQueriesData<MatchListPage>(
    { queryKey: allMatchKeys, predicate: (query) => query.queryKey[2] !== allMatchPagesKey[2] },
    (page) => page && patchPage(page),
  );
}

/** The cached match lists, patched in place by pushes (`patch`) or asked again (`refresh`). */
export function useMatchListCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      patch: (change: (list: Match[]) => Match[]) => patchMatchLists(queryClient, change),
      refresh: () => void queryClient.invalidateQueries({ queryKey: allMatchKeys }),
    }),
    [queryClient],
  );
}

const followedSports = ['football', 'basketball', 'esports'] as const;
const followedBodies: AllMatchBody[] = followedSports.map((sport) => ({ sport, status: 'collected', limit: 100 }));

/**
 * The ids of the matches the user starred, every sport (all_match's `collected` filter); none for a
 * guest. Starring or unstarring a match asks them again, as it does the lists.
 */
export function useFollowedMatchIds(loggedIn: boolean): readonly number[] {
  const pages = useAllMatchPages(followedBodies, { enabled: loggedIn, staleTime: 60_000 });
  return useMemo(() => (loggedIn ? (pages.data ?? []).flatMap((page) => page.list.map((match) => match.id)) : []), [loggedIn, pages.data]);
}

/** Follows or unfollows a match (Basketballuser/collect); the lists show the change. */
export function useCollectMatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, value }: { matchId: number; value: 0 | 1 }) =>
      api.post('/api/Basketballuser/collect', { body: { match_id: matchId, collect: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allMatchKeys }),
  });
}

/** A match's detail (hot_match/msgGetSimple). */
export function matchDetailQuery(api: Api, matchId: number) {
  return queryOptions({ ...postQuery(api, '/api/hot_match/msgGetSimple', { body: { match_id: matchId } }), enabled: matchId > 0 });
}

export function useMatchDetail(matchId: number) {
  return useQuery(matchDetailQuery(useApi(), matchId));
}

/** The cached detail of one match, patched in place by pushes (`patch`) or asked again (`refresh`). */
export function useMatchDetailCache(matchId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const { queryKey } = matchDetailQuery(api, matchId);
    return {
      patch: (change: (data: MatchDetail) => MatchDetail) => queryClient.setQueryData(queryKey, (data) => (data ? change(data) : data)),
      refresh: () => void queryClient.invalidateQueries({ queryKey }),
    };
  }, [api, queryClient, matchId]);
}

type OddsHistoryBody = PostBody<'/api/hot_match/oddsHistory'>;

/** Every change of one company's odds on a match (hot_match/oddsHistory), for the odds movement chart. */
export function oddsHistoryQuery(api: Api, body: OddsHistoryBody) {
  return queryOptions({ ...postQuery(api, '/api/hot_match/oddsHistory', { body }), enabled: body.match_id > 0 && body.company_id > 0 });
}

export function useOddsHistory(body: OddsHistoryBody, options?: ReadOptions) {
  return useQuery({ ...oddsHistoryQuery(useApi(), body), ...readOptions(options) });
}

type SeasonTableQuery = QueryParams<'/api/Football/season_table'>;

/** A league's table (Football/season_table), of a season or the current one. */
export function seasonTableQuery(api: Api, query: SeasonTableQuery) {
  return queryOptions(getQuery(api, '/api/Football/season_table', { params: { query } }));
}

export function useSeasonTable(query: SeasonTableQuery, options?: ReadOptions) {
  return useQuery({ ...seasonTableQuery(useApi(), query), ...readOptions(options) });
}

type BattleInfoQuery = QueryParams<'/api/hot_match/battleInfo'>;

/** Head-to-head and recent form around a match (hot_match/battleInfo). */
export function battleInfoQuery(api: Api, query: BattleInfoQuery) {
  return queryOptions(getQuery(api, '/api/hot_match/battleInfo', { params: { query } }));
}

export function useBattleInfo(query: BattleInfoQuery, options?: ReadOptions) {
  return useQuery({ ...battleInfoQuery(useApi(), query), ...readOptions(options) });
}

/** The World Cup's knockout bracket (Football/world_cup), of a season or the last one. */
export function worldCupQuery(api: Api, query: QueryParams<'/api/Football/world_cup'>) {
  return queryOptions(getQuery(api, '/api/Football/world_cup', { params: { query } }));
}

export function useWorldCup(query: QueryParams<'/api/Football/world_cup'>) {
  return useQuery(worldCupQuery(useApi(), query));
}

/** The hot matches (hot_match/initial_list). */
export function initialListQuery(api: Api) {
  return queryOptions(getQuery(api, '/api/hot_match/initial_list'));
}

export function useInitialList() {
  return useQuery(initialListQuery(useApi()));
}

/** The recommended matches (hot_match/recommend). */
export function recommendQuery(api: Api) {
  return queryOptions(getQuery(api, '/api/hot_match/recommend'));
}

export function useRecommend() {
  return useQuery(recommendQuery(useApi()));
}
