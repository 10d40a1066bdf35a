import { useIntl } from 'react-intl';
import { useAllMatch, useInitialList, useRecommend } from '../../api/queries/scores.ts';
import { matchStatusMessages } from '../../i18n/status-messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { link } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { MatchLine } from '../../ui/match-line.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { clockTime, leagueName, teamName, type Match } from './match-display.ts';
import { usePatchMatchLists } from './use-patch-match-lists.ts';
import styles from './home-match-blocks.module.css';

function MatchTile({ match }: { match: Match }) {
  const t = useMessage();
  const { locale } = useIntl();
  const started = match.status !== 'not_started';
  return (
    <li className={styles.tile}>
      <a className={styles.link} href={link('scoreDetail', { id: match.id })}>
        <span className={styles.meta}>
          <span className={styles.league}>{leagueName(match.league, locale)}</span>
          {match.status === 'in_progress' ? (
            <span className={styles.minute}>{matchClockText(match.match_str, t)}</span>
          ) : (
            <StatusBadge status={match.status} label={match.status === 'not_started' ? clockTime(match.start_time) : t(matchStatusMessages.over)} />
          )}
        </span>
        <MatchLine
          home={{ name: teamName(match.home_team, locale), logo: match.home_team.logo, score: started ? match.home_score : undefined }}
          away={{ name: teamName(match.away_team, locale), logo: match.away_team.logo, score: started ? match.away_score : undefined }}
        />
      </a>
    </li>
  );
}

function Block({ title, matches, pending }: { title: string; matches: readonly Match[]; pending: boolean }) {
  const t = useMessage();
  return (
    <section className={styles.block} aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      {matches.length === 0 ? (
        <EmptyState title={pending ? t('common.loading') : t('common.noData')} busy={pending} />
      ) : (
        <ul className={styles.grid}>
          {matches.map((match) => (
            <MatchTile key={match.id} match={match} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The match blocks of the home page (/main): hot matches, recommended matches and football live now. */
export function HomeMatchBlocks() {
  const t = useMessage();
  usePatchMatchLists();
  const hot = useInitialList();
  const recommend = useRecommend();
  const live = useAllMatch({ sport: 'football', status: 'in_progress', limit: 8 });
  return (
    <div className={styles.blocks}>
      <Block title={t('scores.hotMatches')} matches={(hot.data ?? []).slice(0, 8)} pending={hot.isPending} />
      <Block title={t('scores.recommended')} matches={recommend.data ?? []} pending={recommend.isPending} />
      <Block title={t('scores.liveNow')} matches={live.data?.list ?? []} pending={live.isPending} />
    </div>
  );
}
