import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/client.ts';
import { readStoredToken } from '../../api/stored-user.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { List } from '../../ui/list.tsx';
import { Page } from '../../ui/page.tsx';

/** /persona: my follows. User/attentionList answers 'Sorry, not yet' until the social area lands; the page says so. */
export function PersonaPage({ title }: { title: string }) {
  const api = useApi();
  const t = useMessage();
  const loggedIn = readStoredToken() !== null;
  const follows = useQuery({
    queryKey: ['get', '/api/User/attentionList'],
    queryFn: () => api.get('/api/User/attentionList'),
    enabled: loggedIn,
  });
  if (!loggedIn) {
    return (
      <Page title={title}>
        <EmptyState icon="user" title={t('member.loginToRetry')} />
      </Page>
    );
  }
  if (follows.error instanceof ApiError && follows.error.code !== 'network') {
    return (
      <Page title={t('member.follows')}>
        <EmptyState title={t('member.followsUnavailable', { msg: follows.error.msg })} description={t('common.notBuilt')} />
      </Page>
    );
  }
  return (
    <Page title={t('member.follows')}>
      <List
        label={t('member.follows')}
        status={follows.isPending ? 'loading' : follows.isError ? 'error' : 'ready'}
        items={follows.data?.list}
        getKey={(user) => user.id}
        renderItem={(user) => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Avatar src={user.avatar} name={user.user_nickname} size={32} /> {user.user_nickname}
          </span>
        )}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
    </Page>
  );
}
