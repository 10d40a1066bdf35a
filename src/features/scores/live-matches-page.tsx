import { useAllMatch } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Page } from '../../ui/page.tsx';
import { MatchList } from './match-list.tsx';
import { usePatchMatchLists } from './use-patch-match-lists.ts';
import styles from './score-list-page.module.css';

function InProgress({ sport, label }: { sport: 'football' | 'basketball'; label: string }) {
  const matches = useAllMatch({ sport, status: 'in_progress', utc_offset: -new Date().getTimezoneOffset(), limit: 100 });
  return (
    <section aria-label={label} className={styles.liveSection}>
      <h2 className={styles.liveHeading}>{label}</h2>
      <MatchList status={matches.isPending ? 'loading' : matches.isError ? 'error' : 'ready'} matches={matches.data?.list ?? []} label={label} />
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
