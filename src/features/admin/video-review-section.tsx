import { useIntl } from 'react-intl';
import { useAdminVideoReviews, useReviewVideo } from '../../api/queries/video.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { videoReviewMachine } from '../../machines/video-review-machine.ts';
import { link } from '../../routes.ts';
import styles from './admin-page.module.css';
import { ApplicationReviewQueue } from './application-review-queue.tsx';

/** m:ss of a length in seconds. */
const lengthOf = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The console's videos uploaded by members, oldest first: each with its cover leading to the player
 * (admins may watch a video under review), published or refused with a reason its author reads,
 * through the video review machine the server also checks. Anchors' and admins' uploads never wait here.
 */
export function VideoReviewSection() {
  const t = useMessage();
  const intl = useIntl();
  const review = useReviewVideo();
  return (
    <ApplicationReviewQueue
      headingId="admin-videos"
      title="admin.videoReview"
      empty="admin.videoNoneWaiting"
      usePage={useAdminVideoReviews}
      itemIdPrefix="video"
      machine={videoReviewMachine}
      review={review}
      approveLabel="admin.videoApprove"
    >
      {(row) => (
        <>
          <dt>{t('admin.videoTitle')}</dt>
          <dd>
            <a className={styles.videoLink} href={link('videoPlayer', { id: row.id })} target="_blank" rel="noreferrer">
              <img className={styles.videoCover} src={row.cover} alt="" width={160} height={90} loading="lazy" />
              <span data-user-content>{row.title}</span>
            </a>
          </dd>
          <dt>{t('admin.videoCategory')}</dt>
          <dd>{row.category_name}</dd>
          <dt>{t('admin.videoLength')}</dt>
          <dd className={styles.number}>
            {lengthOf(row.duration)} ·{' '}
            {row.size >= 1024 * 1024
              ? `${intl.formatNumber(row.size / 1024 / 1024, { maximumFractionDigits: 1 })} MB`
              : `${intl.formatNumber(Math.max(1, Math.round(row.size / 1024)))} KB`}
          </dd>
        </>
      )}
    </ApplicationReviewQueue>
  );
}
