import { useAllMatch, useCollectMatch } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { MatchRow, MatchRowHeader } from './match-row.tsx';
import { usePatchMatchLists } from './use-patch-match-lists.ts';
import styles from './score-list-page.module.css';

function InProgress({ sport, label }: { sport: 'football' | 'basketball'; label: string }) {
  const t = useMessage();
  const matches = useAllMatch({ sport, status: 'in_progress', utc_offset: -new Date().getTimezoneOffset(), limit: 100 });
  const collect = useCollectMatch();
  const loggedIn = readStoredToken() !== null;
  const list = matches.data?.list ?? [];
  return (
    <section aria-label={label} className={styles.liveSection}>
      <h2 className={styles.liveHeading}>{label}</h2>
      {matches.isPending ? (
        <EmptyState title={t('common.loading')} busy />
      ) : matches.isError ? (
        <EmptyState title={t('error.generic')} icon="inbox" />
      ) : list.length === 0 ? (
        <EmptyState title={t('common.noData')} />
      ) : (
        <>
          <MatchRowHeader />
          <ul className={styles.list} aria-label={label}>
            {list.map((match) => (
              <MatchRow
                key={match.id}
                match={match}
                onCollect={loggedIn ? (target, value) => collect.mutate({ matchId: target.id, value }) : undefined}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** /score-live without a match id: the football and basketball matches in progress, patched live by the socket. */
export function LiveMatchesPage({ title }: { title: string }) {
  const t = useMessage();
  usePatchMatchLists();
  return (
    <Page title={title}>
      <InProgress sport="football" label={t('scores.live.football')} />
      <InProgress sport="basketball" label={t('scores.live.basketball')} />
    </Page>
  );
}
