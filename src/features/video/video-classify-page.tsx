import { useState, type ReactElement } from 'react';
import {
  useAllVideoCategories,
  useCategoryVideos,
  useChangeMyVideoCategory,
  useMyVideoCategories,
  useRecommendedVideoCategories,
  useSearchVideoCategories,
  type VideoCategory,
} from '../../api/queries/video.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { List } from '../../ui/list.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { VideoCard } from './video-card.tsx';
import styles from './video.module.css';

const pageSize = 20;
/** SPEC §5, §9: a search takes at most 10 characters. */
const searchMaxLength = 10;

/** /video-classify?type=3&id=&name= (SPEC §2): one category's videos, or without an id the categories to choose from. */
export function VideoClassifyPage({ title }: { title: string }): ReactElement {
  const { id, name } = useRouteQuery('videoClassify');
  return id === undefined ? <CategoryChooser title={title} /> : <CategoryVideos id={id} name={name ?? title} />;
}

function CategoryChips({ categories, label }: { categories: readonly VideoCategory[] | undefined; label: string }) {
  const t = useMessage();
  if (!categories?.length) return <p>{t('common.noData')}</p>;
  return (
    <ul className={styles.chips} aria-label={label}>
      {categories.map((category) => (
        <li key={category.id}>
          <a className={styles.chip} href={link('videoClassify', { type: 3, id: category.id, name: category.name })}>
            <img src={category.icon} alt="" />
            <span data-user-content>{category.name}</span>
            <span className={styles.rankViews}>{category.video_count}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function CategoryChooser({ title }: { title: string }) {
  const t = useMessage();
  const user = useStoredUser();
  const [search, setSearch] = useState('');
  const all = useAllVideoCategories();
  const recommended = useRecommendedVideoCategories();
  const mine = useMyVideoCategories(user !== null);
  const found = useSearchVideoCategories(search.trim());
  return (
    <Page title={title}>
      <TextInput label={t('video.classify.search')} type="search" value={search} onChange={setSearch} maxLength={searchMaxLength} />
      {search.trim() !== '' && (
        <section className={styles.section}>
          <h2>{t('video.classify.found')}</h2>
          <CategoryChips categories={found.data} label={t('video.classify.found')} />
        </section>
      )}
      {user && (
        <section className={styles.section}>
          <h2>{t('video.classify.mine')}</h2>
          <CategoryChips categories={mine.data} label={t('video.classify.mine')} />
        </section>
      )}
      <section className={styles.section}>
        <h2>{t('video.classify.recommended')}</h2>
        <CategoryChips categories={recommended.data} label={t('video.classify.recommended')} />
      </section>
      <section className={styles.section}>
        <h2>{t('video.classify.all')}</h2>
        <CategoryChips categories={all.data} label={t('video.classify.all')} />
      </section>
    </Page>
  );
}

function CategoryVideos({ id, name }: { id: number; name: string }) {
  const t = useMessage();
  const user = useStoredUser();
  const pagination = usePaginationLabels();
  const [page, setPage] = useState(1);
  const videos = useCategoryVideos({ category_id: id, page, limit: pageSize }, { keepPrevious: true });
  const all = useAllVideoCategories();
  const change = useChangeMyVideoCategory();
  const category = all.data?.find((entry) => entry.id === id);
  const mine = category?.is_mine === 1;
  return (
    <Page
      title={category?.name ?? name}
      actions={
        user &&
        category && (
          <Button
            variant={mine ? 'secondary' : 'primary'}
            disabled={change.isPending}
            onClick={() => change.mutate({ category_id: id, action: mine ? 'remove' : 'add' })}
          >
            {mine ? t('video.classify.remove') : t('video.classify.add')}
          </Button>
        )
      }
    >
      <List
        label={category?.name ?? name}
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
    </Page>
  );
}
