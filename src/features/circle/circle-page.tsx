import { useState } from 'react';
import { usePostPage } from '../../api/queries/circle.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { PostCard } from './post-card.tsx';
import styles from './circle-page.module.css';

const pageSize = 10;

/** /circle: the newest posts of every circle (SPEC §2). */
export function CirclePage({ title }: { title: string }) {
  const t = useMessage();
  const [page, setPage] = useState(1);
  const labels = usePaginationLabels();
  const posts = usePostPage({ page, limit: pageSize }, { keepPrevious: true });
  return (
    <Page title={title}>
      <div className={styles.feed}>
        {posts.isPending ? (
          <EmptyState title={t('common.loading')} busy />
        ) : posts.isError ? (
          <EmptyState title={t('common.loadFailed')} />
        ) : posts.data.list.length === 0 ? (
          <EmptyState title={t('common.noData')} />
        ) : (
          <>
            {posts.data.list.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
            <Pagination {...labels} label={t('route.circle')} page={page} pageCount={Math.max(1, Math.ceil(posts.data.total / pageSize))} onChange={setPage} />
          </>
        )}
      </div>
    </Page>
  );
}
