import { useState } from 'react';
import { useAnchorWorks } from '../../api/queries/video.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { List } from '../../ui/list.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { VideoCard } from './video-card.tsx';
import styles from './video.module.css';

const pageSize = 8;

/**
 * An anchor's published videos on their room page, newest first (Video/anchorWorks); an anchor with none shows
 * nothing, so a room is not followed by an empty heading.
 */
export function AnchorWorksPanel({ anchorId }: { anchorId: number }) {
  const t = useMessage();
  const pagination = usePaginationLabels();
  const [page, setPage] = useState(1);
  const works = useAnchorWorks({ uid: anchorId, page, limit: pageSize }, { keepPrevious: true });
  if (!works.data || works.data.total === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="anchor-works">
      <h2 id="anchor-works">{t('video.works.anchor')}</h2>
      <List
        label={t('video.works.anchor')}
        layout="grid"
        status="ready"
        items={works.data.list}
        getKey={(video) => video.id}
        renderItem={(video) => <VideoCard video={video} />}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
      <Pagination page={page} pageCount={pageCountOf(works.data.total, pageSize)} onChange={setPage} label={t('video.works.anchor')} {...pagination} />
    </section>
  );
}
