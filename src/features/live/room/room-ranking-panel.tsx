import { useMessage } from '../../../i18n/use-message.ts';
import { GiftRankingByPeriod } from '../gift-ranking-by-period.tsx';
import styles from './room-extras.module.css';

/** How many givers the room's panel shows. */
export const rankedGivers = 10;

/** The room's gift ranking (Live_streaming/roomRanking) by period, with my own place. */
export function RoomRankingPanel({ roomId }: { roomId: number }) {
  const t = useMessage();
  const heading = t('roomExtras.ranking');
  return (
    <section className={styles.panel} aria-labelledby="room-ranking">
      <h2 id="room-ranking" className={styles.panelTitle}>
        {heading}
      </h2>
      <GiftRankingByPeriod roomId={roomId} label={heading} limit={rankedGivers} />
    </section>
  );
}
