import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context.tsx';
import { roomInfoQuery, roomRefreshMs } from '../../../api/queries/live.ts';
import { useMessaging } from '../../../realtime/messaging-context.tsx';

/**
 * How often the room is read again while its going on and off air is pushed: only the viewers and the score
 * come from this read then, and they can wait.
 */
export const roomFiguresRefreshMs = 60_000;

/**
 * A room page hears its own air status: the room's chat socket says when the room goes on or off air
 * (ImRoomStatus), and the page's copy of the room changes at once, so the player starts or stops within the
 * second instead of at the next read. Answers how often the room is read again: slowly while the socket is
 * there to tell the status, at `roomRefreshMs` (the fallback) while it is down or the messaging service pushes
 * no status.
 */
export function useRoomAirStatus(roomId: number | undefined): () => number {
  const api = useApi();
  const queryClient = useQueryClient();
  const messaging = useMessaging();
  const [socketUp, setSocketUp] = useState(true);
  const heard = useRef({ socketUp, messaging });
  heard.current = { socketUp, messaging };

  useEffect(() => {
    if (roomId === undefined) return undefined;
    const { queryKey } = roomInfoQuery(api, roomId);
    return messaging.subscribe((event) => {
      if (event.type === 'disconnected') setSocketUp(false);
      else if (event.type === 'reconnected') {
        setSocketUp(true);
        // What changed while the socket was down is read once, not waited for.
        void queryClient.invalidateQueries({ queryKey });
      } else if (event.type === 'roomStatus' && event.status.room_id === roomId) {
        const { status, start_time: startTime } = event.status;
        queryClient.setQueryData(queryKey, (info) =>
          info === undefined ? info : { ...info, room: { ...info.room, status, ...(startTime === undefined ? {} : { start_time: startTime }) } },
        );
        // The figures that change with the broadcast (viewers, the score) follow with the room read again.
        void queryClient.invalidateQueries({ queryKey });
      }
    });
  }, [api, queryClient, messaging, roomId]);

  return useCallback(() => (heard.current.messaging.pushesRoomStatus && heard.current.socketUp ? roomFiguresRefreshMs : roomRefreshMs), []);
}
