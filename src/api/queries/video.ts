import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { components } from '../schema';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type QueryParams, type ReadOptions } from './call-query.ts';

// The video area's calls (contract tag `video`).

export type Video = components['schemas']['Video'];
export type VideoCategory = components['schemas']['VideoCategory'];
export type VideoComment = components['schemas']['VideoComment'];

/** A page of approved videos, newest or hottest, of every category or one (Video/getList). */
export function useVideoList(body: PostBody<'/api/Video/getList'>, options?: ReadOptions) {
  return useQuery({ ...postQuery(useApi(), '/api/Video/getList', { body }), ...readOptions(options) });
}

/** One category's videos, newest first (video/videoList). */
export function useCategoryVideos(query: QueryParams<'/api/video/videoList'>, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/video/videoList', { params: { query } }), ...readOptions(options) });
}

/** The list's category tabs, the viewer's own first (Video/Videoclassification). */
export function useVideoCategoryTabs() {
  return useQuery({ ...getQuery(useApi(), '/api/Video/Videoclassification'), staleTime: 60_000 });
}

/** Every category, with `is_mine` for a logged-in viewer (videocclassification/allList). */
export function useAllVideoCategories() {
  return useQuery(getQuery(useApi(), '/api/videocclassification/allList'));
}

/** Categories with the most recent views, less the viewer's (videocclassification/recommend). */
export function useRecommendedVideoCategories() {
  return useQuery(getQuery(useApi(), '/api/videocclassification/recommend'));
}

/** The viewer's own categories (videocclassification/myClassification); only for a logged-in viewer. */
export function useMyVideoCategories(enabled: boolean) {
  return useQuery({ ...postQuery(useApi(), '/api/videocclassification/myClassification'), enabled });
}

/** Categories whose name holds `name` (videocclassification/search); nothing is asked for an empty name. */
export function useSearchVideoCategories(name: string) {
  return useQuery({
    ...getQuery(useApi(), '/api/videocclassification/search', { params: { query: { name: name || '-' } } }),
    enabled: name !== '',
  });
}

function invalidateCategories(queryClient: QueryClient) {
  for (const key of [
    callKey('get', '/api/videocclassification/allList'),
    callKey('get', '/api/videocclassification/recommend'),
    callKey('get', '/api/Video/Videoclassification'),
    callKey('post', '/api/videocclassification/myClassification'),
    callKey('get', '/api/videocclassification/search'),
  ])
    void queryClient.invalidateQueries({ queryKey: key });
}

/** Adds a category to the viewer's own, or takes it out (videocclassification/addMyclassification). */
export function useChangeMyVideoCategory() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/videocclassification/addMyclassification'>) => api.post('/api/videocclassification/addMyclassification', { body }),
    onSuccess: () => invalidateCategories(queryClient),
  });
}

/** The ranking by views gained in a day, a week or a month (videoRank/getRank). */
export function useVideoRank(query: QueryParams<'/api/videoRank/getRank'>, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/videoRank/getRank', { params: { query } }), ...readOptions(options) });
}

/** An anchor's videos (Video/anchorWorks). */
export function useAnchorWorks(body: PostBody<'/api/Video/anchorWorks'>, options?: ReadOptions) {
  return useQuery({ ...postQuery(useApi(), '/api/Video/anchorWorks', { body }), ...readOptions(options) });
}

/** A user's videos, or without `uid` the viewer's own in every review status (Video/userPostList). */
export function useUserVideoPosts(query: QueryParams<'/api/Video/userPostList'>, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/Video/userPostList', { params: { query } }), ...readOptions(options) });
}

/** One video for the player page (Video/getVideoInfo). */
export function useVideoInfo(videoId: number | undefined) {
  return useQuery({ ...postQuery(useApi(), '/api/Video/getVideoInfo', { body: { video_id: videoId ?? 1 } }), enabled: videoId !== undefined });
}

/** Counts a view (Video/addView), quietly: a view not counted is nothing to tell the viewer. */
export function useAddVideoView() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: number) => api.quiet.post('/api/Video/addView', { body: { video_id: videoId } }),
    onSuccess: (answer) =>
      queryClient.setQueryData(postQuery(api, '/api/Video/getVideoInfo', { body: { video_id: answer.video_id } }).queryKey, (video) =>
        video ? { ...video, view_count: answer.view_count } : video,
      ),
  });
}

/** Likes a video or takes the like back (Video_user/likes); the video is updated in place. */
export function useLikeVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Video_user/likes'>) => api.post('/api/Video_user/likes', { body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(postQuery(api, '/api/Video/getVideoInfo', { body: { video_id: answer.video_id } }).queryKey, (video) =>
        video ? { ...video, is_like: answer.is_like, like_count: answer.like_count } : video,
      ),
  });
}

/** Favourites a video or takes it out (Video_user/favorites); the video is updated in place. */
export function useFavoriteVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Video_user/favorites'>) => api.post('/api/Video_user/favorites', { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Video_user/favoriteList') });
      queryClient.setQueryData(postQuery(api, '/api/Video/getVideoInfo', { body: { video_id: answer.video_id } }).queryKey, (video) =>
        video ? { ...video, is_favorite: answer.is_favorite, favorite_count: answer.favorite_count } : video,
      );
    },
  });
}

/** The viewer's favourite videos, the latest favourite first (Video_user/favoriteList). */
export function useFavoriteVideos(query: QueryParams<'/api/Video_user/favoriteList'>, options?: ReadOptions) {
  return useQuery({ ...getQuery(useApi(), '/api/Video_user/favoriteList', { params: { query } }), ...readOptions(options) });
}

/** A page of a video's top-level comments (Video/commentList). */
export function useVideoComments(body: PostBody<'/api/Video/commentList'>, options?: ReadOptions) {
  return useQuery({ ...postQuery(useApi(), '/api/Video/commentList', { body }), ...readOptions(options) });
}

/** The replies under a comment (Video/commentOneList), once asked for. */
export function useVideoCommentReplies(commentId: number, enabled: boolean) {
  return useQuery({
    ...getQuery(useApi(), '/api/Video/commentOneList', { params: { query: { comment_id: commentId, limit: 100 } } }),
    enabled,
  });
}

function invalidateComments(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Video/commentList') });
  void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Video/commentOneList') });
  void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Video/getVideoInfo') });
}

/** Comments on a video or replies (Video_user/comment); the comments and the count are read again. */
export function useCommentOnVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Video_user/comment'>) => api.post('/api/Video_user/comment', { body }),
    onSuccess: () => invalidateComments(queryClient),
  });
}

/** Likes a comment or takes the like back (Video_user/commentLikes). */
export function useLikeVideoComment() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Video_user/commentLikes'>) => api.post('/api/Video_user/commentLikes', { body }),
    onSuccess: () => invalidateComments(queryClient),
  });
}

/** Deletes a video of one's own (Video_user/delete); every list is read again. */
export function useDeleteVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: number) => api.post('/api/Video_user/delete', { body: { video_id: videoId } }),
    onSuccess: () => invalidateVideoLists(queryClient),
  });
}

function invalidateVideoLists(queryClient: QueryClient) {
  for (const key of [
    callKey('post', '/api/Video/getList'),
    callKey('get', '/api/video/videoList'),
    callKey('get', '/api/Video/userPostList'),
    callKey('post', '/api/Video/anchorWorks'),
    callKey('get', '/api/videoRank/getRank'),
  ])
    void queryClient.invalidateQueries({ queryKey: key });
}

/** How far an upload has gone: bytes sent of all, and the rate over the last moments. */
export interface UploadProgress {
  sent: number;
  total: number;
  bytesPerSecond: number;
}

export interface VideoUploadForm {
  title: string;
  categoryId: number;
  /** The browser's reading of the length in seconds; the server keeps the file's own when it can read it. */
  duration?: number;
  cover?: File;
  video: File;
}

type Envelope<T> = { code: number; msg: string; data: T };

/**
 * Video_user/insert as a form, sent with XMLHttpRequest for its progress events (fetch reports none);
 * the answer's message (the refusal in the viewer's language) is thrown as the error.
 */
export function uploadVideo(
  form: VideoUploadForm,
  session: { token: string; language: string },
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Video> {
  const body = new FormData();
  body.append('title', form.title);
  body.append('category_id', String(form.categoryId));
  if (form.duration !== undefined) body.append('duration', String(Math.max(1, Math.round(form.duration))));
  if (form.cover) body.append('cover', form.cover, form.cover.name);
  body.append('video', form.video, form.video.name);
  return new Promise<Video>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/Video_user/insert');
    request.responseType = 'json';
    request.setRequestHeader('token', session.token);
    request.setRequestHeader('lang', session.language);
    const samples: Array<{ at: number; sent: number }> = [];
    request.upload.addEventListener('progress', (event) => {
      const now = performance.now();
      samples.push({ at: now, sent: event.loaded });
      // The rate over the last two seconds: steady enough to read, quick to show a stall.
      while (samples.length > 2 && now - samples[0]!.at > 2000) samples.shift();
      const first = samples[0]!;
      const seconds = (now - first.at) / 1000;
      onProgress({ sent: event.loaded, total: event.total, bytesPerSecond: seconds > 0 ? (event.loaded - first.sent) / seconds : 0 });
    });
    request.addEventListener('load', () => {
      const answer = request.response as Envelope<Video> | null;
      if (answer && answer.code === 0) resolve(answer.data);
      else reject(new Error(answer?.msg || 'Error'));
    });
    request.addEventListener('error', () => reject(new Error('Error')));
    request.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}

/** After an upload: the viewer's own list and the others are read again. */
export function useVideoUploaded() {
  const queryClient = useQueryClient();
  return () => invalidateVideoLists(queryClient);
}

export type TranscodeJob = components['schemas']['TranscodeJob'];

const finalJobStatuses = new Set(['ready', 'unavailable', 'failed']);

/** The transcoding job of one's own video (Video_user/transcodeJob), read every second until it ends. */
export function useTranscodeJob(videoId: number, enabled: boolean) {
  return useQuery({
    ...getQuery(useApi(), '/api/Video_user/transcodeJob', { params: { query: { video_id: videoId } } }),
    enabled,
    refetchInterval: (query) => {
      const status = (query.state.data as TranscodeJob | undefined)?.status;
      return status && finalJobStatuses.has(status) ? false : 1000;
    },
  });
}

/** Queues a failed job again (Video_user/retryTranscode), for its owner or an admin. */
export function useRetryTranscode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: number) => api.post('/api/Video_user/retryTranscode', { body: { video_id: videoId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Video_user/transcodeJob') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/videoTranscodeJobs') });
    },
  });
}

/** The failed transcoding jobs, for the admin console (admin/videoTranscodeJobs). */
export function useFailedTranscodeJobs(page: number) {
  return useQuery(getQuery(useApi(), '/api/admin/videoTranscodeJobs', { params: { query: { status: 'failed', page, limit: 20 } } }));
}

/** Video_user/insertUpload: a whole resumable upload becomes a video; the refusal (in the viewer's language) is thrown. */
export async function insertUploadedVideo(
  body: { upload_id: string; title: string; category_id: number; duration?: number },
  session: { token: string; language: string },
): Promise<Video> {
  const response = await fetch('/api/Video_user/insertUpload', {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token, lang: session.language },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<Video>;
  if (answer.code !== 0) throw new Error(answer.msg || 'Error');
  return answer.data;
}

/** Once a job is ready: the video is read again, so its next play uses the renditions. */
export function useVideoTranscoded() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Video/getVideoInfo') }), [queryClient]);
}

/** Publishes a stretch of one's own past broadcast as a video (Video_user/publishPlayback); the lists are read again. */
export function usePublishPlayback() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/Video_user/publishPlayback'>) => api.post('/api/Video_user/publishPlayback', { body }),
    onSuccess: () => invalidateVideoLists(queryClient),
  });
}

/** Members' videos under review, oldest first, for the admin console (admin/videoReviewList). */
export function useAdminVideoReviews(page: number) {
  return useQuery({ ...getQuery(useApi(), '/api/admin/videoReviewList', { params: { query: { page, limit: 20 } } }), placeholderData: keepPreviousData });
}

/** admin/reviewVideo, for the review machine's actors: a decision changes the queue, the video lists and the log. */
export function useReviewVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: PostBody<'/api/admin/reviewVideo'>) => {
      const result = await api.post('/api/admin/reviewVideo', { body });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/videoReviewList') });
      void queryClient.invalidateQueries({ queryKey: callKey('get', '/api/admin/auditLog') });
      invalidateVideoLists(queryClient);
      return result;
    },
    [api, queryClient],
  );
}
