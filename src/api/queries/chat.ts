import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import type { components } from '../schema.d.ts';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, postQuery } from './call-query.ts';

type RedEnvelopeRequest = components['schemas']['RedEnvelopeRequest'];

// The chat area's calls (contract tag `chat`).

/** Contacts by first letter and own groups (group/addressBook). */
export function addressBookQuery(api: Api) {
  return queryOptions(postQuery(api, '/api/group/addressBook'));
}

export function useAddressBook(enabled: boolean) {
  return useQuery({ ...addressBookQuery(useApi()), enabled });
}

export function useRecommendedUsers(enabled: boolean) {
  return useQuery({ ...postQuery(useApi(), '/api/group/getRecommendUserList', { body: { limit: 20 } }), enabled });
}

export function useRecommendedGroups(enabled: boolean) {
  return useQuery({ ...postQuery(useApi(), '/api/group/getRecommendGroupList', { body: { limit: 20 } }), enabled });
}

/** Creates a group (group/addgroup); the address book lists it after. */
export function useCreateGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: { name: string; member_ids: number[] }) => api.post('/api/group/addgroup', { body: group }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('post', '/api/group/addressBook') }),
  });
}

/** A file stored for a chat message: its site path, type and size as the server read them. */
export interface StoredChatFile {
  path: string;
  contentType: string;
  bytes: number;
}

/**
 * Uploads a picture or file for a chat message: a token (Member/getQiniuToken), then the upload, whose
 * content and size the server checks. Progress goes to `onProgress` (0 to 1) as the browser sends it.
 */
export async function uploadChatFile(
  api: Api,
  sessionToken: string,
  file: File,
  as: 'picture' | 'file',
  onProgress: (share: number) => void,
): Promise<StoredChatFile> {
  const kind = as === 'picture' ? 'image' : 'file';
  const grant = await api.post('/api/Member/getQiniuToken', { body: { kind } });
  const form = new FormData();
  form.append('token', grant.token);
  form.append('purpose', kind === 'image' ? 'chat_image' : 'chat_file');
  form.append('file', file, file.name);
  // fetch reports no upload progress; XMLHttpRequest does.
  const answer = await new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', grant.upload_url);
    request.responseType = 'json';
    request.setRequestHeader('token', sessionToken);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => resolve(request.response));
    request.addEventListener('error', () => reject(new Error('upload failed')));
    request.send(form);
  });
  if (typeof answer !== 'object' || answer === null || !('code' in answer)) throw new Error('upload failed');
  const envelope = answer as { code: number; msg?: string; data?: { path: string; content_type: string; bytes: number } };
  if (envelope.code !== 0 || !envelope.data) throw new Error(envelope.msg ?? 'upload failed');
  return { path: envelope.data.path, contentType: envelope.data.content_type, bytes: envelope.data.bytes };
}

/** A red envelope's detail with who got what (Redenvelope/getRedInfo). */
export function useRedEnvelope(redId: number | null) {
  return useQuery({ ...postQuery(useApi(), '/api/Redenvelope/getRedInfo', { body: { red_id: redId ?? 1 } }), enabled: redId !== null });
}

/** Sends a red envelope (Redenvelope/insert): `key` is the send action's Idempotency-Key; the balance changes. */
export function useSendRedEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: RedEnvelopeRequest & { key: string }) =>
      api.post('/api/Redenvelope/insert', { body, params: { header: { 'Idempotency-Key': key } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
  });
}

/** Opens a red envelope (Redenvelope/receiveRed); its detail and the balance are asked again. */
export function useOpenRedEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ redId, key }: { redId: number; key: string }) =>
      api.post('/api/Redenvelope/receiveRed', { body: { red_id: redId }, params: { header: { 'Idempotency-Key': key } } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
        queryClient.invalidateQueries({ queryKey: callKey('post', '/api/Redenvelope/getRedInfo') }),
      ]),
  });
}

/** A group's members (group/groupMembers), for its members only. */
export function useGroupMembers(groupId: number | null) {
  return useQuery({ ...postQuery(useApi(), '/api/group/groupMembers', { body: { group_id: groupId ?? 1 } }), enabled: groupId !== null });
}

/** Leaves a group (group/quitGroup) or, for its owner, dissolves it (group/destroyGroupNew). */
export function useLeaveGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, dissolve }: { groupId: number; dissolve: boolean }) =>
      dissolve
        ? api.post('/api/group/destroyGroupNew', { body: { group_id: groupId } })
        : api.post('/api/group/quitGroup', { body: { group_id: groupId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('post', '/api/group/addressBook') }),
  });
}

const noticesKey = callKey('get', '/api/Push/getList');

/** The message centre's notices, newest first, with the unread count (Push/getList); read again every minute. */
export function useNotices(enabled: boolean) {
  return useQuery({ ...getQuery(useApi(), '/api/Push/getList', { params: { query: { page: 1, limit: 50 } } }), enabled, refetchInterval: 60_000 });
}

/** Marks one notice, or all, read (Push/read); the list is read again. */
export function useReadNotices() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => api.post('/api/Push/read', { body: id === undefined ? {} : { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
