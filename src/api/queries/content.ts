import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { uploadPicture } from './account.ts';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type QueryParams, type ReadOptions } from './call-query.ts';

// The content area's calls (contract tag `content`).

/** The search box's hot matches and keywords (universal/getHot): fresh for a minute. */
export function hotQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/universal/getHot'), staleTime: 60_000 });
}

export function useHot(options?: ReadOptions) {
  return useQuery({ ...hotQuery(useApi()), ...readOptions(options) });
}

/**
 * A legal or help page of /about-user (Portal_post/getList2), in the site's language: the locale is part of
 * the key, as the server answers in the `lang` header's language and a switch must ask again.
 */
export function portalPageQuery(api: Api, type: 1 | 2 | 3 | 4 | 5 | 6, locale: string) {
  const init = { params: { query: { type } } };
  return queryOptions({
    queryKey: [...callKey('get', '/api/Portal_post/getList2', init), locale] as const,
    queryFn: () => api.get('/api/Portal_post/getList2', init),
    staleTime: 10 * 60_000,
  });
}

export function usePortalPage(type: 1 | 2 | 3 | 4 | 5 | 6, locale: string) {
  return useQuery(portalPageQuery(useApi(), type, locale));
}

/** What a search found, by kind (Search/index): the /search page; fresh for half a minute. */
export function searchQuery(api: Api, name: string) {
  return queryOptions({ ...getQuery(api, '/api/Search/index', { params: { query: { name } } }), staleTime: 30_000 });
}

export function useSearch(name: string, options?: ReadOptions) {
  return useQuery({ ...searchQuery(useApi(), name), ...readOptions(options) });
}

/**
 * The news categories (Headlines/classifyList), named in the site's language: the locale is part of the key,
 * as the server answers in the `lang` header's language.
 */
export function headlineCategoriesQuery(api: Api, locale: string) {
  return queryOptions({
    queryKey: [...callKey('get', '/api/Headlines/classifyList'), locale] as const,
    queryFn: () => api.get('/api/Headlines/classifyList'),
    staleTime: 10 * 60_000,
  });
}

export function useHeadlineCategories(locale: string) {
  return useQuery(headlineCategoriesQuery(useApi(), locale));
}

/**
 * A page of published articles of a category, or of all (Headlines/getList), the reader's language first:
 * the locale is part of the key, as the server orders by the `lang` header's language.
 */
export function useHeadlinePage(query: QueryParams<'/api/Headlines/getList'>, locale: string, options?: ReadOptions) {
  const api = useApi();
  const init = { params: { query } };
  return useQuery({
    queryKey: [...callKey('get', '/api/Headlines/getList', init), locale] as const,
    queryFn: () => api.get('/api/Headlines/getList', init),
    ...readOptions(options),
  });
}

/** An article's comments with their newest replies (Headlines/commentList). */
export function useHeadlineComments(body: PostBody<'/api/Headlines/commentList'>, options?: ReadOptions) {
  return useQuery({ ...postQuery(useApi(), '/api/Headlines/commentList', { body }), ...readOptions(options) });
}

/** Asks again an article's comments: a comment or a like changes them. */
function useRefreshHeadlineComments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Headlines/commentList') });
}

/** Comments on an article, or replies to one of its comments (Headlines_user/comment). */
export function useAddHeadlineComment() {
  const api = useApi();
  const refresh = useRefreshHeadlineComments();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Headlines_user/comment'>) => api.post('/api/Headlines_user/comment', { body }),
    onSuccess: refresh,
  });
}

/** Likes or unlikes a comment on an article (Headlines_user/commentLikes). */
export function useLikeHeadlineComment() {
  const api = useApi();
  const refresh = useRefreshHeadlineComments();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Headlines_user/commentLikes'>) => api.post('/api/Headlines_user/commentLikes', { body }),
    onSuccess: refresh,
  });
}

/** One article with its text, in the site's language (its category's name); each read counts a view (Headlines/info). */
export function useHeadline(id: number, locale: string, options?: ReadOptions) {
  const api = useApi();
  const init = { params: { query: { id } } };
  return useQuery({
    queryKey: [...callKey('get', '/api/Headlines/info', init), locale] as const,
    queryFn: () => api.get('/api/Headlines/info', init),
    staleTime: 5 * 60_000,
    ...readOptions(options),
  });
}

/** Sends an article to review (Headlines_user/insert). */
export function useSubmitHeadline() {
  const api = useApi();
  return useMutation({
    mutationFn: (article: QueryParams<'/api/Headlines_user/insert'>) => api.get('/api/Headlines_user/insert', { params: { query: article } }),
  });
}

/** Uploads a picture as a cover (judged by its content and drawn again by the server); answers its site path. */
export function useUploadCover() {
  const api = useApi();
  return useMutation({ mutationFn: (file: File) => uploadPicture(api, file, 'cover') });
}

/** The home carousel's slides running now (Banner/getBannerList), in the site's language. */
export function useHomeBanners(locale: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...callKey('post', '/api/Banner/getBannerList'), locale] as const,
    queryFn: () => api.post('/api/Banner/getBannerList'),
    staleTime: 5 * 60_000,
  });
}

/** The adverts of one place running now (banner/getAdvertisement), in the site's language. */
export function useAdverts(position: PostBody<'/api/banner/getAdvertisement'>['position'], locale: string) {
  const api = useApi();
  const init = { body: { position } };
  return useQuery({
    queryKey: [...callKey('post', '/api/banner/getAdvertisement', init), locale] as const,
    queryFn: () => api.post('/api/banner/getAdvertisement', init),
    staleTime: 5 * 60_000,
  });
}

/** The articles users sent, waiting for review (admin/headlineList). */
export function useAdminHeadlines(page: number) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/headlineList', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}

/** admin/reviewHeadline, for the review machine's actors: a decision changes the lists and the log. */
export function useReviewHeadline() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: PostBody<'/api/admin/reviewHeadline'>) => {
      const result = await api.post('/api/admin/reviewHeadline', { body });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/headlineList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Headlines/getList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/auditLog') });
      return result;
    },
    [api, queryClient],
  );
}

/** Every banner and advert, for the console (admin/promoList). */
export function useAdminPromos() {
  return useQuery(getQuery(useApi(), '/api/admin/promoList'));
}

/** Asks again the console's list and what visitors see, after a banner or advert changed. */
function useRefreshPromos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/promoList') }),
      queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Banner/getBannerList') }),
      queryClient.invalidateQueries({ queryKey: callKey('post', '/api/banner/getAdvertisement') }),
    ]);
}

/** Adds or changes a banner or advert (admin/savePromo); its picture is uploaded first with useUploadCover. */
export function useSavePromo() {
  const api = useApi();
  const refresh = useRefreshPromos();
  return useMutation({
    mutationFn: (body: PostBody<'/api/admin/savePromo'>) => api.post('/api/admin/savePromo', { body }),
    onSuccess: refresh,
  });
}

/** Removes a banner or advert (admin/deletePromo). */
export function useDeletePromo() {
  const api = useApi();
  const refresh = useRefreshPromos();
  return useMutation({
    mutationFn: (body: PostBody<'/api/admin/deletePromo'>) => api.post('/api/admin/deletePromo', { body }),
    onSuccess: refresh,
  });
}
