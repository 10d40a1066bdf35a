import { useMutation } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { PostBody } from './call-query.ts';

/** Report/submit: a user reports a chat line, a comment, a post or a video to the admins. */
export function useSubmitReport() {
  const api = useApi();
  return useMutation({ mutationFn: (body: PostBody<'/api/Report/submit'>) => api.post('/api/Report/submit', { body }) });
}
