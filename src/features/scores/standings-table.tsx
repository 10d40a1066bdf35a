import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { Image } from '../../ui/image.tsx';
import { teamName } from './match-display.ts';
import styles from './standings-table.module.css';

export interface StandingsTableProps {
  /** The season table of Football/season_table. */
  table: components['schemas']['SeasonTable'];
  /** Lays several small groups side by side (a World Cup's twelve) instead of one under another. */
  compact?: boolean;
}

/** Stored group names are Chinese (东部, A组); each language names them its own way. */
function useGroupLabel(): (name: string) => string {
  const t = useMessage();
  return (name) => {
    if (name === '东部') return t('scores.conference.east');
    if (name === '西部') return t('scores.conference.west');
    const letter = /^([A-Z])组$/.exec(name)?.[1];
    return letter ? t('scores.group', { name: letter }) : name;
  };
}

/** Points per game, to one decimal: basketball tables compare teams that played different numbers of games. */
function perGame(total: number, played: number): string {
  return played ? (total / played).toFixed(1) : '0.0';
}

function signed(value: string): string {
  return Number(value) > 0 ? `+${value}` : value;
}

/** A column header: the short label, with its full name for screen readers and on hover. */
function Head({ short, full, wide }: { short: string; full: string; wide?: boolean }) {
  return (
    <th scope="col" className={wide ? styles.wide : undefined} aria-label={full}>
      <abbr title={full}>{short}</abbr>
    </th>
  );
}

/**
 * A league's table, one per group. Football: played, won, drawn, lost, goals for and against, goal
 * difference, points. Basketball: played, won, lost, win rate, games behind, and points scored and
 * conceded per game with their difference (StandingRow: goals_for and goals_against are points there).
 */
export function StandingsTable({ table, compact = false }: StandingsTableProps) {
  const t = useMessage();
  const groupLabel = useGroupLabel();
  const { locale } = useIntl();
  const basketball = table.league.sport === 'basketball';
  return (
    <div className={compact ? [styles.groups, styles.compact].join(' ') : styles.groups}>
      {table.groups.map((group) => (
        <DataTable
          key={group.name}
          className={styles.standings}
          layout="fixed"
          caption={group.name ? groupLabel(group.name) : t('scores.standings')}
          captionShown={Boolean(group.name)}
          data-sport={basketball ? 'basketball' : 'football'}
        >
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" className={styles.teamHead}>
                {t('scores.team')}
              </th>
              <Head short={t('scores.played')} full={t('scores.playedFull')} />
              <Head short={t('scores.won')} full={t('scores.wonFull')} />
              {!basketball && <Head short={t('scores.drawn')} full={t('scores.drawnFull')} />}
              <Head short={t('scores.lost')} full={t('scores.lostFull')} />
              {basketball ? (
                <>
                  <Head short={t('scores.winRate')} full={t('scores.winRateFull')} />
                  <Head short={t('scores.gamesBehind')} full={t('scores.gamesBehindFull')} />
                  <Head short={t('scores.pointsFor')} full={t('scores.pointsForFull')} wide />
                  <Head short={t('scores.pointsAgainst')} full={t('scores.pointsAgainstFull')} wide />
                  <Head short={t('scores.pointDifference')} full={t('scores.pointDifferenceFull')} />
                </>
              ) : (
                <>
                  <Head short={t('scores.goals')} full={t('scores.goalsFull')} />
                  <Head short={t('scores.goalDifference')} full={t('scores.goalDifferenceFull')} wide />
                  <Head short={t('scores.points')} full={t('scores.pointsFull')} />
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={row.team.id} data-zone={row.zone ?? undefined}>
                <td className={numeric}>{row.rank}</td>
                <th scope="row" className={styles.teamHead}>
                  <span className={styles.team}>
                    <Image src={row.team.logo} alt="" width={20} height={20} fit="contain" shape="circle" />
                    <span>{teamName(row.team, locale)}</span>
                  </span>
                </th>
                <td className={numeric}>{row.played}</td>
                <td className={numeric}>{row.won}</td>
                {!basketball && <td className={numeric}>{row.drawn}</td>}
                <td className={numeric}>{row.lost}</td>
                {basketball ? (
                  <>
                    <td className={[numeric, styles.points].join(' ')}>{`${((row.win_rate ?? 0) * 100).toFixed(1)}%`}</td>
                    <td className={numeric}>{row.games_behind ? row.games_behind.toFixed(1) : '-'}</td>
                    <td className={[numeric, styles.wide].join(' ')}>{perGame(row.goals_for, row.played)}</td>
                    <td className={[numeric, styles.wide].join(' ')}>{perGame(row.goals_against, row.played)}</td>
                    <td className={numeric}>{signed(perGame(row.goal_difference, row.played))}</td>
                  </>
                ) : (
                  <>
                    <td className={numeric}>
                      {row.goals_for}:{row.goals_against}
                    </td>
                    <td className={[numeric, styles.wide].join(' ')}>{signed(String(row.goal_difference))}</td>
                    <td className={[numeric, styles.points].join(' ')}>{row.points}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      ))}
    </div>
  );
}
