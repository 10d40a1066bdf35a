import type { components } from '../../../api/schema';
import { NextBroadcasts, PastBroadcasts } from './room-broadcasts.tsx';
import { RoomRankingPanel } from './room-ranking-panel.tsx';
import styles from './room-extras.module.css';

type LiveRoom = components['schemas']['LiveRoom'];

/**
 * What the room shows below its player: off air, the anchor's next schedule and last broadcasts
 * first (what a visitor of an empty room wants to know); on air, the room's ranking first. Both keep all three.
 */
export function RoomExtras({ room }: { room: LiveRoom }) {
  const onAir = room.status === 'in_progress';
  const anchorId = room.anchor.id;
  return (
    <div className={styles.panels} data-testid={onAir ? 'room-extras' : 'room-off-air'}>
      {onAir ? <RoomRankingPanel roomId={room.id} /> : null}
      <NextBroadcasts anchorId={anchorId} />
      <PastBroadcasts anchorId={anchorId} />
      {onAir ? null : <RoomRankingPanel roomId={room.id} />}
    </div>
  );
}
