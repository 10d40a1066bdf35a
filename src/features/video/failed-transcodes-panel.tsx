import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useFailedTranscodeJobs, useRetryTranscode } from '../../api/queries/video.ts';
import { fromTimestamp, formatTime } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import styles from './video.module.css';

/** The admin console's tab of failed transcoding jobs: which video, why, how many attempts, and a retry. */
export function FailedTranscodesPanel() {
  const t = useMessage();
  const intl = useIntl();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const jobs = useFailedTranscodeJobs(page);
  const retry = useRetryTranscode();
  return (
    <section aria-labelledby="admin-transcodes">
      <h2 id="admin-transcodes">{t('admin.tab.transcodes')}</h2>
      {jobs.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !jobs.data ? (
        <p>{t('common.loading')}</p>
      ) : jobs.data.list.length === 0 ? (
        <p role="status">{t('video.job.noneFailed')}</p>
      ) : (
        <>
          <DataTable caption={t('admin.tab.transcodes')}>
            <thead>
              <tr>
                <th>{t('video.job.video')}</th>
                <th>{t('video.job.reason')}</th>
                <th>{t('video.job.attempts')}</th>
                <th>{t('wallet.time')}</th>
                <th>{t('video.job.action')}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.list.map((job) => (
                <tr key={job.video_id}>
                  <td>
                    <a href={link('videoPlayer', { id: job.video_id })} data-user-content>
                      {job.title}
                    </a>
                  </td>
                  <td className={styles.error}>{job.reason}</td>
                  <td>{job.attempts}</td>
                  <td>{formatTime(intl, fromTimestamp(job.updated_at))}</td>
                  <td>
                    <Button disabled={retry.isPending} onClick={() => retry.mutate(job.video_id)}>
                      {t('video.job.retry')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(jobs.data.total, jobs.data.limit)} onChange={setPage} label={t('admin.tab.transcodes')} />
        </>
      )}
    </section>
  );
}
