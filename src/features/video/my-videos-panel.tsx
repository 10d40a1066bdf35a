import { useState } from 'react';
import { useDeleteVideo, useUserVideoPosts, type Video } from '../../api/queries/video.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmBox } from '../../ui/confirm-box.tsx';
import { List } from '../../ui/list.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { TranscodeJobPanel } from './transcode-job-panel.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoUploadDialog } from './video-upload-dialog.tsx';
import styles from './video.module.css';

const pageSize = 12;

/** Where an uploaded original is served until its renditions are made (server/ports/upload-storage). */
const untranscoded = (video: Video) => video.play_url.startsWith('/media/uploads/');

/**
 * My works, for the member centre's space: every video of mine in every review state, newest first (Video/userPostList
 * without uid), each saying where its review stands (a refusal with the admin's reason), its transcoding job while the
 * qualities are being made, a way to play it and one to delete it; and the upload form, for the next one.
 */
export function MyVideosPanel() {
  const t = useMessage();
  const pagination = usePaginationLabels();
  const [page, setPage] = useState(1);
  const works = useUserVideoPosts({ page, limit: pageSize }, { keepPrevious: true });
  const remove = useDeleteVideo();
  const [doomed, setDoomed] = useState<Video | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="my-videos">
      <div className={styles.worksHead}>
        <h2 id="my-videos">{t('video.works.mine')}</h2>
        <Button variant="primary" onClick={() => setUploading(true)}>
          {t('video.upload')}
        </Button>
      </div>
      <List
        label={t('video.works.mine')}
        layout="grid"
        minItemWidth={260}
        status={works.isPending ? 'loading' : works.isError ? 'error' : 'ready'}
        items={works.data?.list}
        getKey={(video) => video.id}
        renderItem={(video) => (
          <article className={styles.work} aria-label={video.title}>
            <VideoCard video={video} />
            <p className={styles.workStatus}>
              <StatusBadge status={video.review_status} label={t(`status.${video.review_status}`)} />
              {video.review_status === 'under_review' && <span>{t('video.works.waiting')}</span>}
              {video.review_status === 'audit_failure' && video.review_reason && (
                <span className={styles.error}>
                  {t('video.works.reason')} <span data-user-content>{video.review_reason}</span>
                </span>
              )}
            </p>
            {untranscoded(video) && <TranscodeJobPanel videoId={video.id} />}
            <div className={styles.actions}>
              <a className={styles.workPlay} href={link('videoPlayer', { id: video.id })}>
                {t('video.works.play')}
              </a>
              <Button disabled={remove.isPending && remove.variables === video.id} onClick={() => setDoomed(video)}>
                {t('video.delete')}
              </Button>
            </div>
          </article>
        )}
        emptyLabel={t('video.works.none')}
        loadingLabel={t('common.loading')}
      />
      <Pagination page={page} pageCount={pageCountOf(works.data?.total ?? 0, pageSize)} onChange={setPage} label={t('video.works.mine')} {...pagination} />
      <ConfirmBox
        open={doomed !== null}
        title={t('video.delete')}
        message={t('video.works.deleteConfirm', { title: doomed?.title ?? '' })}
        confirmLabel={t('video.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed.id);
          setDoomed(null);
        }}
        onCancel={() => setDoomed(null)}
      />
      {uploading && <VideoUploadDialog onClose={() => setUploading(false)} />}
    </section>
  );
}
