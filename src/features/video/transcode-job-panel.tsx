import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useRetryTranscode, useTranscodeJob, useVideoTranscoded, type TranscodeJob } from '../../api/queries/video.ts';
import { fromTimestamp, formatTime } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import styles from './video.module.css';

/** The job's states that still change, which the page keeps reading. */
const busyStatuses: ReadonlySet<TranscodeJob['status']> = new Set(['queued', 'probing', 'transcoding', 'finishing']);

/**
 * The uploader's view of their video's transcoding job (the server runs it through the transcode-job machine):
 * its state, each rendition's progress, why it failed and a retry; the original plays meanwhile.
 */
export function TranscodeJobPanel({ videoId }: { videoId: number }) {
  const t = useMessage();
  const intl = useIntl();
  const job = useTranscodeJob(videoId, true);
  const retry = useRetryTranscode();
  const transcoded = useVideoTranscoded();
  const wasBusy = useRef(false);
  const status = job.data?.status;
  // Once ready, the video is read again: the next play uses the renditions and their quality menu.
  useEffect(() => {
    if (status && busyStatuses.has(status)) wasBusy.current = true;
    if (status === 'ready' && wasBusy.current) transcoded();
  }, [status, transcoded]);
  if (!job.data) return null;
  const { rungs, reason, attempts, retry_at: retryAt } = job.data;
  return (
    <section className={styles.job} aria-labelledby={`video-job-${String(videoId)}`} aria-busy={busyStatuses.has(job.data.status)}>
      <h2 id={`video-job-${String(videoId)}`}>{t('video.job.title')}</h2>
      <p role="status">{t(`video.job.status.${job.data.status}`)}</p>
      {rungs.length > 0 && (
        <ul className={styles.jobRungs}>
          {rungs.map((rung) => (
            <li key={rung.quality}>
              <span>
                {t('video.job.rung', { quality: t(`player.quality.${rung.quality}`), height: rung.height })}
                {' · '}
                {rung.copy ? t('video.job.copy') : t('video.job.encode')}
              </span>
              <ProgressBar label={t(`player.quality.${rung.quality}`)} value={rung.progress} />
              <span className={styles.jobPercent}>{intl.formatNumber(rung.progress, { style: 'percent' })}</span>
            </li>
          ))}
        </ul>
      )}
      {job.data.status === 'queued' && retryAt !== null && reason && (
        <p className={styles.error}>{t('video.job.retrying', { attempts, reason, time: formatTime(intl, fromTimestamp(retryAt)) })}</p>
      )}
      {job.data.status === 'failed' && (
        <div className={styles.jobFailed}>
          <p className={styles.error} role="alert">
            {t('video.job.failed', { reason: reason ?? '' })}
          </p>
          <Button variant="primary" disabled={retry.isPending} onClick={() => retry.mutate(videoId)}>
            {t('video.job.retry')}
          </Button>
        </div>
      )}
    </section>
  );
}
