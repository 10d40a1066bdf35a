import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useCircles, useJoinCircle, usePostPage } from '../../api/queries/circle.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Image } from '../../ui/image.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { PostComposer } from './post-composer.tsx';
import { PostCard } from './post-card.tsx';
import styles from './circle-page.module.css';

const pageSize = 10;
type Order = 'new' | 'hot';

/** /circle: the circles to join and leave, the composer, and the posts of one circle or all, newest or hottest first (SPEC §2). */
export function CirclePage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const user = useStoredUser();
  const [page, setPage] = useState(1);
  const [circleId, setCircleId] = useState<number | null>(null);
  const [order, setOrder] = useState<Order>('new');
  const labels = usePaginationLabels();
  const circles = useCircles(locale, user !== null);
  const posts = usePostPage({ page, limit: pageSize, order, ...(circleId ? { circle_id: circleId } : {}) }, { keepPrevious: true });
  const choose = (id: number | null) => {
    setCircleId(id);
    setPage(1);
  };
  return (
    <Page title={title}>
      <div className={styles.layout}>
        <aside className={styles.circles} aria-label={t('circle.circles')}>
          <button type="button" className={styles.circleAll} aria-pressed={circleId === null} onClick={() => choose(null)}>
            {t('circle.allCircles')}
          </button>
          <ul>
            {circles.data?.map((circle) => (
              <CircleRow key={circle.id} circle={circle} chosen={circle.id === circleId} onChoose={() => choose(circle.id)} />
            ))}
          </ul>
        </aside>
        <div className={styles.feed}>
          <PostComposer circles={circles.data ?? []} circleId={circleId} />
          <Tabs
            label={t('circle.order')}
            tabs={[
              { key: 'new', label: t('circle.order.new') },
              { key: 'hot', label: t('circle.order.hot') },
            ]}
            selected={order}
            onSelect={(key) => {
              setOrder(key);
              setPage(1);
            }}
          >
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
          </Tabs>
        </div>
      </div>
    </Page>
  );
}

/** A circle of the list: its icon, name and counts, choosing it, and joining or leaving it. */
function CircleRow({ circle, chosen, onChoose }: { circle: components['schemas']['Circle']; chosen: boolean; onChoose: () => void }) {
  const t = useMessage();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const join = useJoinCircle();
  return (
    <li className={styles.circleRow}>
      <button type="button" className={styles.circlePick} aria-pressed={chosen} onClick={onChoose}>
        <Image src={circle.icon} alt="" width={36} height={36} shape="rounded" />
        <span className={styles.circleText}>
          <span className={styles.circleName}>{circle.name}</span>
          <span className={styles.muted}>{t('circle.counts', { members: circle.member_count, posts: circle.post_count })}</span>
        </span>
      </button>
      <Button
        disabled={join.isPending}
        onClick={() => (user ? join.mutate({ circle_id: circle.id, join: !circle.is_joined }) : requestLogin())}
      >
        <span aria-hidden="true">{circle.is_joined ? t('circle.leave') : t('circle.join')}</span>
        <span className="ps-visually-hidden">{circle.is_joined ? t('circle.leaveNamed', { name: circle.name }) : t('circle.joinNamed', { name: circle.name })}</span>
      </Button>
    </li>
  );
}
