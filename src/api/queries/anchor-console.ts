import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { uploadPicture } from './account.ts';
import { callKey, getQuery, postQuery, type PostBody, type QueryParams } from './call-query.ts';

// The anchor's console (/member?type=9): where to push, on and off air, the room's settings, its
// managers and its past broadcasts. Every change reads the room and the lists again.

const roomInfoKey = callKey('get', '/api/Live_streaming/getRoomInfo');
const managersKey = callKey('post', '/api/RoomManage/getLiveRoomManageList');

function useRefreshRoom() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roomInfoKey }),
      queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Live_streaming/getLiveList') }),
    ]);
}

/** Where the anchor pushes and with what key (Live/getLiveUrl); also names the anchor's room. */
export function usePushInfo() {
  // Asked quietly: a viewer who is no anchor is refused, and the console says so itself.
  return useQuery({ ...getQuery(useApi().quiet, '/api/Live/getLiveUrl', { params: { query: {} } }), staleTime: Infinity, retry: false });
}

/** A new stream key (Live/getLiveUrl with reset=1): the old one stops working at once. */
export function useResetStreamKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/api/Live/getLiveUrl', { params: { query: { reset: 1 } } }),
    onSuccess: (info) => queryClient.setQueryData(getQuery(api, '/api/Live/getLiveUrl', { params: { query: {} } }).queryKey, info),
  });
}

/** Puts the room on air (Live/startRoom) or takes it off (Live/endRoom). */
export function useRoomOnAir() {
  const api = useApi();
  const refresh = useRefreshRoom();
  return useMutation({
    mutationFn: (on: boolean) => (on ? api.get('/api/Live/startRoom').then(() => undefined) : api.get('/api/Live/endRoom').then(() => undefined)),
    onSuccess: refresh,
  });
}

export function useSetRoomTitle() {
  const api = useApi();
  const refresh = useRefreshRoom();
  return useMutation({ mutationFn: (title: string) => api.get('/api/live/setTitle', { params: { query: { title } } }), onSuccess: refresh });
}

export function useSetRoomPlacard() {
  const api = useApi();
  const refresh = useRefreshRoom();
  return useMutation({ mutationFn: (placard: string) => api.post('/api/Live/setPlacard', { body: { placard } }), onSuccess: refresh });
}

/** Category, match or cover of the anchor's room (live/updateLive): only what is given changes. */
export function useUpdateRoom() {
  const api = useApi();
  const refresh = useRefreshRoom();
  return useMutation({
    mutationFn: (query: QueryParams<'/api/live/updateLive'>) => api.get('/api/live/updateLive', { params: { query } }),
    onSuccess: refresh,
  });
}

/** Uploads a cover (checked by the server by its content) and makes it the room's (live/updateLive). */
export function useUploadCover() {
  const api = useApi();
  const refresh = useRefreshRoom();
  return useMutation({
    mutationFn: async (file: File) => api.get('/api/live/updateLive', { params: { query: { cover: await uploadPicture(api, file, 'cover') } } }),
    onSuccess: refresh,
  });
}

/** The managers of the anchor's room, with the cap (RoomManage/getLiveRoomManageList). */
export function useOwnRoomManagers() {
  return useQuery(postQuery(useApi(), '/api/RoomManage/getLiveRoomManageList', {}));
}

export function useAppointManager() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: number) => api.post('/api/RoomManage/setAdministrations', { body: { uid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managersKey }),
  });
}

export function useRemoveManager() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: number) => api.post('/api/RoomManage/delLiveRoomManage', { body: { uid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managersKey }),
  });
}

/** The room's past broadcasts, newest first (Live/setLiveList). */
export function useBroadcastRecords(body: PostBody<'/api/Live/setLiveList'>) {
  return useQuery(postQuery(useApi(), '/api/Live/setLiveList', { body }));
}

