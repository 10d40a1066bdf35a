import { useCallback, useEffect, useState } from 'react';
import { roomRefreshMs, useRoomInfoUpdates } from '../../../api/queries/live.ts';
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
  const updates = useRoomInfoUpdates(roomId);
  const messaging = useMessaging();
  const [socketUp, setSocketUp] = useState(true);

  useEffect(() => {
    if (roomId === undefined) return undefined;
    return messaging.subscribe((event) => {
      if (event.type === 'disconnected') setSocketUp(false);
      else if (event.type === 'reconnected') {
        setSocketUp(true);
        // What changed while the socket was down is read once, not waited for.
        updates.readAgain();
      } else if (event.type === 'roomStatus' && event.status.room_id === roomId) {
        updates.setStatus(event.status.status, event.status.start_time);
        // The figures that change with the broadcast (viewers, the score) follow with the room read again.
        updates.readAgain();
      }
    });
  }, [messaging, updates, roomId]);

  // The messaging service is chosen after the page starts (its getter answers for the one chosen): asked each time.
  return useCallback(() => (messaging.pushesRoomStatus && socketUp ? roomFiguresRefreshMs : roomRefreshMs), [messaging, socketUp]);
}
