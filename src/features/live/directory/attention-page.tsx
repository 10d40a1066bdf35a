import { useState } from 'react';
import { useAttentionList } from '../../../api/queries/social.ts';
import { statusMessages } from '../../../i18n/status-messages.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { usePaginationLabels } from '../../../i18n/use-pagination-labels.ts';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { link } from '../../../routes.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { List } from '../../../ui/list.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../../ui/pagination.tsx';
import { PersonRow } from '../../../ui/person-row.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { DirectoryLayout } from './directory-layout.tsx';
import { onAirFirst } from './directory-rooms.ts';
import styles from './directory-page.module.css';

const followsPerPage = 20;

/** /attention (SPEC §2): the anchors and users I follow, those on air first; a guest is asked to log in. */
export function AttentionPage({ title }: { title: string }) {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const loggedIn = useStoredUser() !== null;
  const [page, setPage] = useState(1);
  const follows = useAttentionList({ page, limit: followsPerPage }, { enabled: loggedIn, keepPrevious: true });
  const pageCount = follows.data ? pageCountOf(follows.data.total, follows.data.limit) : 0;
  // Non-anchors have no room status: they come after every room.
  const listed = follows.data && onAirFirst(follows.data.list.map((user) => ({ user, status: user.live_status ?? 'over' }))).map(({ user }) => user);

  return (
    <DirectoryLayout current="attention">
      <Page title={title}>
        {!loggedIn ? (
          <EmptyState icon="user" title={t('liveDirectory.loginToSee')} description={t('liveDirectory.attention.guest')} />
        ) : (
          <>
            <List
              label={title}
              status={follows.isPending ? 'loading' : follows.isError ? 'error' : 'ready'}
              items={listed}
              getKey={(user) => user.id}
              renderItem={(user) => (
                <PersonRow
                  name={user.user_nickname}
                  avatar={user.avatar}
                  levelIcon={user.exp_icon}
                  detail={user.signature ? <span data-user-content>{user.signature}</span> : t('persona.fans', { count: user.fan_count })}
                  href={user.room_id === null ? undefined : link('live', { id: user.room_id })}
                  badge={user.live_status ? <StatusBadge status={user.live_status} label={t(statusMessages[user.live_status])} /> : undefined}
                />
              )}
              emptyLabel={t('persona.empty')}
              errorLabel={t('common.loadFailed')}
              loadingLabel={t('common.loading')}
            />
            {follows.isSuccess && listed?.length === 0 && (
              <p className={styles.onward}>
                <a href={link('anchor', { type: 0 })}>{t('liveDirectory.attention.browse')}</a>
              </p>
            )}
            <div className={styles.pages}>
              <Pagination
                {...pageLabels}
                page={page}
                pageCount={pageCount}
                onChange={setPage}
                label={t('persona.pages')}
              />
            </div>
          </>
        )}
      </Page>
    </DirectoryLayout>
  );
}
