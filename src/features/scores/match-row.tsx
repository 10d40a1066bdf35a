import { useIntl } from 'react-intl';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { matchStatusMessages } from '../../i18n/status-messages.ts';
import { link } from '../../routes.ts';
import { FittedName } from '../../ui/fitted-name.tsx';
import { Image } from '../../ui/image.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { clockTime, leagueName, line, price, teamName, teamShortName, type Match } from './match-display.ts';
import styles from './match-row.module.css';

export interface MatchRowProps {
  /** The match, as all_match and the socket give it. */
  match: Match;
  /** Called with the new collected state; absent hides the star. */
  onCollect?: (match: Match, collect: 0 | 1) => void;
}

/** One match of a score list: every number in a fixed-width tabular cell, so live changes never move the row. */
export function MatchRow({ match, onCollect }: MatchRowProps) {
  const t = useMessage();
  const { locale } = useIntl();
  const home = teamName(match.home_team, locale);
  const away = teamName(match.away_team, locale);
  const started = match.status !== 'not_started';
  const odds = match.odds;
  const ah = odds?.asian_handicap.current;
  const ou = odds?.over_under.current;
  return (
    <li className={styles.row} data-match-id={match.id} data-status={match.status}>
      {onCollect ? (
        <button
          type="button"
          className={styles.star}
          aria-pressed={match.is_collect === 1}
          aria-label={t(match.is_collect === 1 ? 'scores.uncollect' : 'scores.collect', { home, away })}
          onClick={() => onCollect(match, match.is_collect === 1 ? 0 : 1)}
        >
          {match.is_collect === 1 ? '★' : '☆'}
        </button>
      ) : (
        <span className={[styles.star, styles.starSpace].join(' ')} aria-hidden="true" />
      )}
      <span className={styles.league} title={localName({ zh: match.league.name, en: match.league.name_en }, locale)}>
        {leagueName(match.league, locale)}
      </span>
      <span className={styles.time}>{clockTime(match.start_time)}</span>
      <span className={styles.status}>
        {match.status === 'in_progress' ? (
          <span className={styles.minute} data-testid="match-clock">
            {matchClockText(match.match_str, t)}
          </span>
        ) : (
          <StatusBadge status={match.status} label={t(matchStatusMessages[match.status])} />
        )}
      </span>
      <a className={styles.teams} href={link('scoreDetail', { id: match.id })}>
        <span className={styles.home}>
          {match.home_red_cards > 0 && <span className={styles.red} title={t('scores.redCards')}>{match.home_red_cards}</span>}
          <FittedName full={home} short={teamShortName(match.home_team, locale)} className={styles.name} />
          <Image src={match.home_team.logo} alt="" width={22} height={22} fit="contain" shape="circle" />
        </span>
        <span className={styles.score} data-testid="match-score" aria-live={match.status === 'in_progress' ? 'polite' : 'off'}>
          {started ? `${String(match.home_score)} - ${String(match.away_score)}` : 'VS'}
        </span>
        <span className={styles.away}>
          <Image src={match.away_team.logo} alt="" width={22} height={22} fit="contain" shape="circle" />
          <FittedName full={away} short={teamShortName(match.away_team, locale)} className={styles.name} />
          {match.away_red_cards > 0 && <span className={styles.red} title={t('scores.redCards')}>{match.away_red_cards}</span>}
        </span>
      </a>
      <span className={styles.half} title={t('scores.halfTime')}>
        {match.home_half_score === null || match.away_half_score === null ? '' : `${String(match.home_half_score)}-${String(match.away_half_score)}`}
      </span>
      <span className={styles.odds} data-testid="match-odds" title={t('scores.asianHandicap')}>
        <span>{price(ah?.home)}</span>
        <span className={styles.oddsLine}>{line(ah?.line)}</span>
        <span>{price(ah?.away)}</span>
      </span>
      <span className={styles.odds} title={t('scores.overUnder')}>
        <span>{price(ou?.over)}</span>
        <span className={styles.oddsLine}>{ou ? String(ou.line) : '–'}</span>
        <span>{price(ou?.under)}</span>
      </span>
    </li>
  );
}

/**
 * The column headers above a score list: the odds columns name their market and what each of the three
 * numbers is. Drawn on the rows' own grid, so every header sits over its column; hidden where the odds are.
 */
export function MatchRowHeader() {
  const t = useMessage();
  return (
    <div className={[styles.row, styles.header].join(' ')} aria-hidden="true" data-testid="match-list-header">
      <span className={styles.starSpace} />
      <span className={styles.league}>{t('scores.league')}</span>
      <span className={styles.time}>{t('scores.list.time')}</span>
      <span className={styles.status}>{t('scores.list.status')}</span>
      <span className={styles.headerTeams}>{t('scores.list.match')}</span>
      <span className={styles.half}>{t('scores.list.half')}</span>
      <span className={styles.oddsHeader}>
        <span className={styles.market}>{t('scores.asianHandicap')}</span>
        <span>{t('scores.list.home')}</span>
        <span>{t('scores.list.line')}</span>
        <span>{t('scores.list.away')}</span>
      </span>
      <span className={styles.oddsHeader}>
        <span className={styles.market}>{t('scores.overUnder')}</span>
        <span>{t('scores.list.over')}</span>
        <span>{t('scores.list.line')}</span>
        <span>{t('scores.list.under')}</span>
      </span>
    </div>
  );
}
