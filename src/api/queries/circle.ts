import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { postFormWithProgress, type FormProgress, type FormSession } from '../form-upload.ts';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type QueryParams, type ReadOptions } from './call-query.ts';

// The circle area's calls (contract tag `circle`).

/** A page of posts, newest first, of a user, a circle or all circles (anchor_dynamics/userPostList). */
export function postPageQuery(api: Api, query: QueryParams<'/api/anchor_dynamics/userPostList'>) {
  return queryOptions(getQuery(api, '/api/anchor_dynamics/userPostList', { params: { query } }));
}
export function usePostPage(query: QueryParams<'/api/anchor_dynamics/userPostList'>, options?: ReadOptions) {
  return useQuery({ ...postPageQuery(useApi(), query), ...readOptions(options) });
}

/** One post (anchor_dynamics/info). */
export function postInfoQuery(api: Api, id: number) {
  return queryOptions(getQuery(api, '/api/anchor_dynamics/info', { params: { query: { id } } }));
}
export function usePost(id: number, options?: ReadOptions) {
  return useQuery({ ...postInfoQuery(useApi(), id), ...readOptions(options) });
}

/** A page of a post's comments with their newest replies (anchor_dynamics/commentList). */
export function commentPageQuery(api: Api, body: PostBody<'/api/anchor_dynamics/commentList'>) {
  return queryOptions(postQuery(api, '/api/anchor_dynamics/commentList', { body }));
}
export function useCommentPage(body: PostBody<'/api/anchor_dynamics/commentList'>, options?: ReadOptions) {
  return useQuery({ ...commentPageQuery(useApi(), body), ...readOptions(options) });
}

/** Asks again every list and detail of posts and comments: a like or a comment changes their counts. */
function useRefreshPosts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: callKey('get', '/api/anchor_dynamics/userPostList') }),
      queryClient.invalidateQueries({ queryKey: callKey('get', '/api/anchor_dynamics/info') }),
      queryClient.invalidateQueries({ queryKey: callKey('post', '/api/anchor_dynamics/commentList') }),
    ]);
}

/** Likes or unlikes a post (anchor_dynamics_user/likes). */
export function useLikePost() {
  const api = useApi();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (body: PostBody<'/api/anchor_dynamics_user/likes'>) => api.post('/api/anchor_dynamics_user/likes', { body }),
    onSuccess: refresh,
  });
}

/** Likes or unlikes a comment (anchor_dynamics_user/commentLikes). */
export function useLikeComment() {
  const api = useApi();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (body: PostBody<'/api/anchor_dynamics_user/commentLikes'>) => api.post('/api/anchor_dynamics_user/commentLikes', { body }),
    onSuccess: refresh,
  });
}

/** Comments on a post, or replies to a comment (anchor_dynamics_user/comment). */
export function useAddComment() {
  const api = useApi();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (body: PostBody<'/api/anchor_dynamics_user/comment'>) => api.post('/api/anchor_dynamics_user/comment', { body }),
    onSuccess: refresh,
  });
}

/** Deletes one's own post (anchor_dynamics/deletePost). */
export function useDeletePost() {
  const api = useApi();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/anchor_dynamics/deletePost', { body: { id } }),
    onSuccess: refresh,
  });
}

/** The circles with whether the caller joined each, named in the site's language (circle/list). */
export function useCircles(locale: string, signedIn: boolean) {
  const api = useApi();
  return useQuery({
    // Who asks changes is_joined; the language changes the names.
    queryKey: [...callKey('get', '/api/circle/list'), locale, signedIn] as const,
    queryFn: () => api.get('/api/circle/list'),
    staleTime: 60_000,
  });
}

/** Joins or leaves a circle (circle/join). */
export function useJoinCircle() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/circle/join'>) => api.post('/api/circle/join', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('get', '/api/circle/list') }),
  });
}

/** A post as the composer sends it: a circle, the text, and up to 4 photos or one video with its cover. */
export interface PostDraft {
  circle_id: number;
  content: string;
  photos: readonly File[];
  video: { file: File; cover: File } | null;
}

/**
 * Publishes a post (anchor_dynamics_user/insert, a form the server checks file by file), its upload's progress
 * told as it goes: a video may weigh up to 50 MB.
 */
export function usePublishPost() {
  const refresh = useRefreshPosts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, session, onProgress }: { draft: PostDraft; session: FormSession; onProgress: (progress: FormProgress) => void }) => {
      const form = new FormData();
      form.append('circle_id', String(draft.circle_id));
      form.append('content', draft.content);
      for (const photo of draft.photos) form.append('photos', photo, photo.name);
      if (draft.video) {
        form.append('video', draft.video.file, draft.video.file.name);
        form.append('cover', draft.video.cover, draft.video.cover.name);
      }
      return postFormWithProgress('/api/anchor_dynamics_user/insert', form, session, onProgress);
    },
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: callKey('get', '/api/circle/list') })]),
  });
}
