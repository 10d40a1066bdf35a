// SPEC §4: a live kick-out sends the user to /anchor?type=0. The room page leaves and says so here; the shell,
// which outlives the page, shows the notice on the directory it lands on.

const kickouts = new EventTarget();

/** The viewer was kicked out of `roomId` and is leaving it. */
export function announceKickout(roomId: number): void {
  kickouts.dispatchEvent(new CustomEvent('kickout', { detail: roomId }));
}

/** Calls `listener` with the room of each kick-out announced; returns the unsubscribe. */
export function onKickout(listener: (roomId: number) => void): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent && typeof event.detail === 'number') listener(event.detail);
  };
  kickouts.addEventListener('kickout', handle);
  return () => kickouts.removeEventListener('kickout', handle);
}
