import type { components } from '../../../api/schema';

type LiveStatus = components['schemas']['LiveStatus'];

const airOrder: Record<LiveStatus, number> = { in_progress: 0, not_started: 1, over: 2 };

/**
 * Rooms on air first, then those about to begin, then those over (what a viewer came for first);
 * the server's order (by heat) kept within each. The server sorts so already; this holds the rule
 * on the page whatever order a page arrives in.
 */
export function onAirFirst<Room extends { status: LiveStatus }>(rooms: readonly Room[]): Room[] {
  return rooms
    .map((room, index) => ({ room, index }))
    .sort((a, b) => airOrder[a.room.status] - airOrder[b.room.status] || a.index - b.index)
    .map(({ room }) => room);
}
