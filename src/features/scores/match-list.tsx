import { useCollectMatch } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FittedNameGroup } from '../../ui/fitted-name.tsx';
import type { Match } from './match-display.ts';
import { MatchRow, MatchRowHeader } from './match-row.tsx';
import styles from './score-list-page.module.css';

export interface MatchListProps {
  /** Where the list's call stands: the list shows once it is ready. */
  status: 'loading' | 'error' | 'ready';
  /** The matches to show, in order. */
  matches: readonly Match[];
  /** The list's accessible name. */
  label: string;
}

/** Matches under the column header, each one favourited with a click by a logged-in viewer; or why there are none. */
export function MatchList({ status, matches, label }: MatchListProps) {
  const t = useMessage();
  const collect = useCollectMatch();
  const loggedIn = readStoredToken() !== null;
  if (status === 'loading') return <EmptyState title={t('common.loading')} busy />;
  if (status === 'error') return <EmptyState title={t('error.generic')} icon="inbox" />;
  if (matches.length === 0) return <EmptyState title={t('common.noData')} />;
  return (
    <>
      <MatchRowHeader />
      <FittedNameGroup>
        <ul className={styles.list} aria-label={label}>
          {matches.map((match) => (
            <MatchRow
              key={match.id}
              match={match}
              onCollect={loggedIn ? (target, value) => collect.mutate({ matchId: target.id, value }) : undefined}
            />
          ))}
        </ul>
      </FittedNameGroup>
    </>
  );
}
