import { useState } from 'react';
import { useAttentionList, useUnfollow } from '../../api/queries/social.ts';
import type { components } from '../../api/schema';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { statusMessages } from '../../i18n/status-messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { link } from '../../routes.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { List } from '../../ui/list.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import styles from './persona-page.module.css';

type FollowedUser = components['schemas']['FollowedUser'];

const pageSize = 20;

/** /persona: the users I follow, live ones first (SPEC §2), each with a way to unfollow. */
export function PersonaPage({ title }: { title: string }) {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const loggedIn = readStoredToken() !== null;
  const follows = useAttentionList({ page, limit: pageSize }, { enabled: loggedIn, keepPrevious: true });
  const unfollow = useUnfollow({
    beforeRefresh: (uid) => {
      // The last one on a page gone: show the page before, which still has follows.
      if (page > 1 && follows.data?.list.length === 1 && follows.data.list[0]?.id === uid) setPage(page - 1);
    },
  });
  if (!loggedIn) {
    return (
      <Page title={title}>
        <EmptyState icon="user" title={t('member.loginToRetry')} />
      </Page>
    );
  }
  const pageCount = follows.data ? pageCountOf(follows.data.total, follows.data.limit) : 0;
  return (
    <Page title={t('member.follows')}>
      <List
        label={t('member.follows')}
        status={follows.isPending ? 'loading' : follows.isError ? 'error' : 'ready'}
        items={follows.data?.list}
        getKey={(user) => user.id}
        renderItem={(user) => (
          <FollowRow user={user} onUnfollow={() => unfollow.mutate(user.id)} unfollowing={unfollow.isPending && unfollow.variables === user.id} />
        )}
        emptyLabel={t('persona.empty')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
      <Pagination
        {...pageLabels}
        page={page}
        pageCount={pageCount}
        onChange={setPage}
        label={t('persona.pages')}
      />
    </Page>
  );
}

function FollowRow({ user, onUnfollow, unfollowing }: { user: FollowedUser; onUnfollow: () => void; unfollowing: boolean }) {
  const t = useMessage();
  const who = (
    <>
      <Avatar src={user.avatar} name={user.user_nickname} levelIcon={user.exp_icon} size={48} />
      <span className={styles.text}>
        <span className={styles.name} data-user-content>
          {user.user_nickname}
        </span>
        {user.signature && (
          <span className={styles.signature} data-user-content>
            {user.signature}
          </span>
        )}
        <span className={styles.fans}>{t('persona.fans', { count: user.fan_count })}</span>
      </span>
    </>
  );
  return (
    <div className={styles.row}>
      {user.room_id !== null ? (
        <a className={styles.who} href={link('live', { id: user.room_id })} aria-label={t('persona.openRoom', { name: user.user_nickname })}>
          {who}
        </a>
      ) : (
        <span className={styles.who}>{who}</span>
      )}
      {user.live_status && <StatusBadge status={user.live_status} label={t(statusMessages[user.live_status])} />}
      <Button onClick={onUnfollow} disabled={unfollowing}>
        {t('persona.unfollow')}
        <span className="ps-visually-hidden"> {user.user_nickname}</span>
      </Button>
    </div>
  );
}
