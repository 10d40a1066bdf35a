import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import { callKey, getQuery, postQuery } from './call-query.ts';

// The account area's calls (contract tag `account`).

/**
 * The system config (universal/getConfig): asked for once and kept for the page's life, by the shell,
 * the login dialog and start-up alike. Quiet: SPEC §8 ignores its failures.
 */
export function siteConfigQuery(api: Api) {
  return queryOptions({ ...getQuery(api.quiet, '/api/universal/getConfig'), staleTime: Infinity });
}

export function useSiteConfig() {
  return useQuery(siteConfigQuery(useApi()));
}

/**
 * The own profile (Member/info). Its answer depends on who asks, so the key names the stored user's
 * id; the shell, the personal centre, the QR confirm page and start-up all read this one entry.
 */
export function memberInfoQuery(api: Api, userId: number | null) {
  return queryOptions({
    queryKey: [...callKey('get', '/api/Member/info'), { user: userId }] as const,
    queryFn: () => api.get('/api/Member/info'),
    enabled: userId !== null,
  });
}

/** Every cached profile: what a change of balance, level or profile makes stale. */
export const memberInfoKeys = callKey('get', '/api/Member/info');

export function useMemberInfo(userId: number | null) {
  return useQuery(memberInfoQuery(useApi(), userId));
}

/** The avatars offered (user/avatarList): fixed for the page's life. */
export function avatarListQuery(api: Api) {
  return queryOptions({ ...getQuery(api, '/api/user/avatarList'), staleTime: Infinity });
}

export function useAvatarList() {
  return useQuery(avatarListQuery(useApi()));
}

/** Changes the nickname or avatar (member/updateInfo); the answer is the profile, cached at once. */
export function useUpdateProfile(userId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { user_nickname: string } | { avatar: string }) => api.post('/api/member/updateInfo', { body: change }),
    onSuccess: (profile) => {
      queryClient.setQueryData(memberInfoQuery(api, userId).queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
    },
  });
}

/**
 * Uploads a picture for `purpose`: a token (Member/getQiniuToken), then the upload, whose content and size the
 * server checks. Answers the stored picture's site path.
 */
export async function uploadPicture(api: Api, file: File, purpose: 'avatar' | 'cover'): Promise<string> {
  const grant = await api.post('/api/Member/getQiniuToken', { body: { kind: 'image' } });
  const stored = await api.post('/api/upload', {
    // The contract types the binary part as a string; the serializer sends the picked file there.
    body: { token: grant.token, purpose, file: file.name },
    bodySerializer: ({ token, purpose: shownPurpose }) => {
      const form = new FormData();
      form.append('token', token);
      if (shownPurpose) form.append('purpose', shownPurpose);
      form.append('file', file, file.name);
      return form;
    },
  });
  return stored.path;
}

/** Token (Member/getQiniuToken), upload, then the avatar (member/updateInfo); the profile is cached at once. */
export function useUploadAvatar(userId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => api.post('/api/member/updateInfo', { body: { avatar: await uploadPicture(api, file, 'avatar') } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(memberInfoQuery(api, userId).queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: memberInfoKeys });
    },
  });
}

/** Opening a login QR code's page is the scan (user/scanLoginQrcode): asked once per code. */
export function scanLoginQrcodeQuery(api: Api, code: string) {
  return queryOptions({ ...postQuery(api, '/api/user/scanLoginQrcode', { body: { code } }), staleTime: Infinity });
}

export function useScanLoginQrcode(code: string) {
  return useQuery(scanLoginQrcodeQuery(useApi(), code));
}

/** Confirms the login of the website that shows the code (user/confirmLoginQrcode). */
export function useConfirmLoginQrcode(code: string) {
  const api = useApi();
  return useMutation({ mutationFn: () => api.post('/api/user/confirmLoginQrcode', { body: { code } }) });
}
