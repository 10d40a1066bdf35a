import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useVideoCategoryTabs, useVideoList, useVideoRank } from '../../api/queries/video.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { List } from '../../ui/list.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { VideoCard } from './video-card.tsx';
import { PublishStretchDialog } from './publish-stretch-dialog.tsx';
import { VideoUploadDialog } from './video-upload-dialog.tsx';
import styles from './video.module.css';

const pageSize = 20;
type Sort = 'new' | 'hot';
type Period = 'day' | 'week' | 'month';

/** /video-list (SPEC §2): videos by category, newest or hottest, paged, with the ranking beside them and the upload. */
export function VideoListPage({ title }: { title: string }): ReactElement {
  const t = useMessage();
  const user = useStoredUser();
  const pagination = usePaginationLabels();
  const tabs = useVideoCategoryTabs();
  const [category, setCategory] = useState('all');
  const [sort, setSort] = useState<Sort>('new');
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const categoryId = category === 'all' ? undefined : Number(category);
  const videos = useVideoList({ ...(categoryId ? { category_id: categoryId } : {}), sort, page, limit: pageSize }, { keepPrevious: true });
  const categoryTabs = [{ key: 'all', label: t('video.allCategories') }, ...(tabs.data ?? []).map((c) => ({ key: String(c.id), label: c.name }))];

  return (
    <Page
      title={title}
      actions={
        <>
          <a className={styles.chip} href={link('videoClassify', { type: 3 })}>
            {t('video.categories')}
          </a>
          {user?.profile.is_anchor === 1 && <Button onClick={() => setPublishing(true)}>{t('video.stretch.open')}</Button>}
          {user && (
            <Button variant="primary" onClick={() => setUploading(true)}>
              {t('video.upload')}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.columns}>
        <div>
          <Tabs
            label={t('video.categories')}
            tabs={categoryTabs}
            selected={category}
            onSelect={(key) => {
              setCategory(key);
              setPage(1);
            }}
          />
          <div className={styles.toolbar}>
            <Tabs
              label={t('video.sort')}
              tabs={[
                { key: 'new', label: t('video.sort.new') },
                { key: 'hot', label: t('video.sort.hot') },
              ]}
              selected={sort}
              onSelect={(key) => {
                setSort(key);
                setPage(1);
              }}
            />
          </div>
          <List
            label={title}
            layout="grid"
            status={videos.isPending ? 'loading' : videos.isError ? 'error' : 'ready'}
            items={videos.data?.list}
            getKey={(video) => video.id}
            renderItem={(video) => <VideoCard video={video} />}
            emptyLabel={t('common.noData')}
            loadingLabel={t('common.loading')}
          />
          <Pagination
            page={page}
            pageCount={pageCountOf(videos.data?.total ?? 0, pageSize)}
            onChange={setPage}
            label={t('video.pages')}
            {...pagination}
          />
        </div>
        <VideoRanking />
      </div>
      {uploading && <VideoUploadDialog onClose={() => setUploading(false)} />}
      {publishing && user && <PublishStretchDialog anchorId={user.id} onClose={() => setPublishing(false)} />}
    </Page>
  );
}

/** The ranking by views gained in a day, a week or a month (videoRank/getRank). */
export function VideoRanking() {
  const t = useMessage();
  const intl = useIntl();
  const [period, setPeriod] = useState<Period>('week');
  const rank = useVideoRank({ period, limit: 10 }, { keepPrevious: true });
  return (
    <aside className={styles.side} aria-labelledby="video-rank">
      <h2 id="video-rank">{t('video.rank')}</h2>
      <Tabs
        label={t('video.rank')}
        tabs={[
          { key: 'day', label: t('video.rank.day') },
          { key: 'week', label: t('video.rank.week') },
          { key: 'month', label: t('video.rank.month') },
        ]}
        selected={period}
        onSelect={setPeriod}
      />
      <List
        label={t('video.rank')}
        status={rank.isPending ? 'loading' : rank.isError ? 'error' : 'ready'}
        items={rank.data?.list}
        getKey={(entry) => entry.video.id}
        renderItem={(entry) => (
          <div className={styles.rankRow}>
            <span className={styles.rankPlace}>{entry.rank}</span>
            <a href={link('videoPlayer', { id: entry.video.id })} data-user-content>
              {entry.video.title}
            </a>
            <span className={styles.rankViews}>{t('video.views', { count: intl.formatNumber(entry.period_views) })}</span>
          </div>
        )}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
    </aside>
  );
}
