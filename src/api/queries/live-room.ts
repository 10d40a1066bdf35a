import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { memberInfoKeys } from './account.ts';
import { callKey, getQuery, postQuery, readOptions, type PostBody, type ReadOptions } from './call-query.ts';

// The calls around a room's player (contract tag `live`, and `social` for the follow): follow, share,
// reminders, the anchor's schedules and past broadcasts.

const roomInfoKey = callKey('get', '/api/Live_streaming/getRoomInfo');

/** Follows (true) or unfollows an anchor (Member/attention); the room's follower count and the follow lists are read again. */
export function useFollowAnchor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, follow }: { uid: number; follow: boolean }) => api.post('/api/Member/attention', { body: { uid, type: follow ? 1 : 0 } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: roomInfoKey }),
        queryClient.invalidateQueries({ queryKey: callKey('get', '/api/User/attentionList') }),
        queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Live_streaming/getLiveList') }),
        queryClient.invalidateQueries({ queryKey: memberInfoKeys }),
      ]);
    },
  });
}

/** Counts a share of the room and answers its path (live/share). */
export function useShareRoom() {
  const api = useApi();
  return useMutation({ mutationFn: (roomId: number) => api.post('/api/live/share', { body: { room_id: roomId } }) });
}

/** Sets or cancels a reminder of a match (live/reserveMatch); the room and the reminder lists are read again. */
export function useReserveMatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/live/reserveMatch'>) => api.post('/api/live/reserveMatch', { body }),
    onSuccess: () => refreshReminders(queryClient),
  });
}

/** Sets or cancels a reminder of an anchor's scheduled broadcast (live/reserveMatch2). */
export function useReserveSchedule() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/live/reserveMatch2'>) => api.post('/api/live/reserveMatch2', { body }),
    onSuccess: () => refreshReminders(queryClient),
  });
}

function refreshReminders(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roomInfoKey }),
    queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Live_streaming/getReserveLiveList') }),
    queryClient.invalidateQueries({ queryKey: callKey('get', '/api/Live_streaming/getUserReserveLiveList') }),
  ]);
}

/** An anchor's broadcasts scheduled and not over, soonest first (Live_streaming/getReserveLiveList). */
export function useAnchorNextBroadcasts(uid: number, limit: number, options?: ReadOptions) {
  return useQuery({
    ...getQuery(useApi(), '/api/Live_streaming/getReserveLiveList', { params: { query: { uid, page: 1, limit } } }),
    ...readOptions(options),
  });
}

/** An anchor's recorded broadcasts, newest first (Live_streaming/getLivePlaybackList). */
export function useAnchorPlaybacks(uid: number, limit: number, options?: ReadOptions) {
  return useQuery({
    ...postQuery(useApi(), '/api/Live_streaming/getLivePlaybackList', { body: { uid, page: 1, limit } }),
    ...readOptions(options),
  });
}

/** Mutes a viewer in a room for a while (Live/setTaboo), as its anchor or a manager. */
export function useMuteViewer() {
  const api = useApi();
  return useMutation({ mutationFn: (body: PostBody<'/api/Live/setTaboo'>) => api.post('/api/Live/setTaboo', { body }) });
}

/** Kicks a viewer out of a room for a while (live/liveKickout), as its anchor or a manager. */
export function useKickViewer() {
  const api = useApi();
  return useMutation({ mutationFn: (body: PostBody<'/api/live/liveKickout'>) => api.post('/api/live/liveKickout', { body }) });
}

/** Sets the room's chat rules (live/setChatRules); the room is read again, and with it the rules it shows. */
export function useSetChatRules() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody<'/api/live/setChatRules'>) => api.post('/api/live/setChatRules', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomInfoKey }),
  });
}
