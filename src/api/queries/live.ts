import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../api-context.tsx';
import type { Api } from '../client.ts';
import type { components } from '../schema';
import { getQuery, type QueryParams } from './call-query.ts';

// The live area's calls (contract tag `live`).

type LiveListQuery = QueryParams<'/api/Live_streaming/getLiveList'>;

/** A page of live rooms (Live_streaming/getLiveList). */
export function liveListQuery(api: Api, query: LiveListQuery) {
  return queryOptions(getQuery(api, '/api/Live_streaming/getLiveList', { params: { query } }));
}

const liveNowParams = { type: 0, page: 1, limit: 12 } as const;

/** The rooms /main shows first, whose covers are the largest paint of the page. */
export function liveNowQuery(api: Api) {
  // Rooms asked for as the app starts are still fresh when the page mounts: not asked for twice.
  return queryOptions({ ...liveListQuery(api, liveNowParams), staleTime: 10_000 });
}

export function useLiveNow() {
  return useQuery(liveNowQuery(useApi()));
}

/** A room's page data (Live_streaming/getRoomInfo); rejects with code 1 for a room that does not exist. */
export function roomInfoQuery(api: Api, roomId: number) {
  return queryOptions(getQuery(api, '/api/Live_streaming/getRoomInfo', { params: { query: { room_id: roomId } } }));
}

/** How often the room page reads its room again when nothing pushes its going on or off air: viewers, the score and its status. */
export const roomRefreshMs = 30_000;

/** The room shown on /live, read again every `refreshMs` (asked before each wait); nothing is asked for without an id. */
export function useRoomInfo(roomId: number | undefined, refreshMs: number | (() => number) = roomRefreshMs) {
  const api = useApi();
  return useQuery({
    ...roomInfoQuery(api, roomId ?? 0),
    enabled: roomId !== undefined,
    refetchInterval: typeof refreshMs === 'number' ? refreshMs : () => refreshMs(),
    retry: false,
  });
}

type LiveStatus = components['schemas']['LiveStatus'];

/** What a room page learns of its room without asking: it went on or off air (pushed), or the page should read it again. */
export function useRoomInfoUpdates(roomId: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const { queryKey } = roomInfoQuery(api, roomId ?? 0);
    return {
      /** The room went on or off air: its cached copy changes at once, before any read. */
      setStatus(status: LiveStatus, startTime?: number) {
        queryClient.setQueryData(queryKey, (info) =>
          info === undefined ? info : { ...info, room: { ...info.room, status, ...(startTime === undefined ? {} : { start_time: startTime }) } },
        );
      },
      readAgain() {
        void queryClient.invalidateQueries({ queryKey });
      },
    };
  }, [api, queryClient, roomId]);
}

/** The home page's titled blocks of rooms, one per sport (Live/getBucketRoomList). */
export function useRoomBuckets() {
  return useQuery(queryOptions(getQuery(useApi(), '/api/Live/getBucketRoomList')));
}
