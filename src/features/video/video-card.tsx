import { useIntl } from 'react-intl';
import type { Video } from '../../api/queries/video.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { Card } from '../../ui/card.tsx';
import { Image } from '../../ui/image.tsx';
import styles from './video.module.css';

/** m:ss, or h:mm:ss for an hour or more. */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const s = String(whole % 60).padStart(2, '0');
  const m = Math.floor(whole / 60) % 60;
  const h = Math.floor(whole / 3600);
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A video in a list: its cover with its length, its title leading to the player, its author and views. */
export function VideoCard({ video, rank }: { video: Video; rank?: number }) {
  const t = useMessage();
  const intl = useIntl();
  return (
    <Card
      title={<span data-user-content>{video.title}</span>}
      href={link('videoPlayer', { id: video.id })}
      media={
        <div className={styles.cover}>
          <Image src={video.cover} alt="" fit="cover" />
          <span className={styles.duration}>{clockOf(video.duration)}</span>
          {rank !== undefined && <span className={styles.rank}>{rank}</span>}
        </div>
      }
    >
      <span className={styles.meta}>
        <span data-user-content>{video.author.user_nickname}</span>
        <span>{t('video.views', { count: intl.formatNumber(video.view_count) })}</span>
      </span>
    </Card>
  );
}
