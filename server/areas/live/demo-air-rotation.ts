import type { ServerContext } from '../../ports/server-context.ts';
import { setRoomOnAir } from './live-alerts.ts';

// Nothing in the demo site starts or ends a broadcast by itself (anchors do, through the anchor's
// calls): so that a follower sees the "on air" alert without an anchor at hand, one demo room goes
// on and off air in turn. The room is the first seeded room not on air when the server starts.

export interface DemoAirRotation {
  roomId: number;
  stop(): void;
}

/** Starts the rotation: every `periodMs` the room flips. Null when there is no room off air to rotate. */
export async function startDemoAirRotation(server: ServerContext, periodMs: number): Promise<DemoAirRotation | null> {
  const room = await server.database.db
    .selectFrom('live_rooms')
    .select('id')
    .where('status', '!=', 'in_progress')
    .where('seeded_audience', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!room) return null;
  let onAir = false;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    onAir = !onAir;
    setRoomOnAir(server, room.id, onAir)
      .catch((error: unknown) => server.log.warn({ err: error, room: room.id }, 'demo air rotation failed'))
      .finally(() => {
        busy = false;
      });
  }, periodMs);
  timer.unref();
  return { roomId: room.id, stop: () => clearInterval(timer) };
}
