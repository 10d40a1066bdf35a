import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { Image } from '../../ui/image.tsx';
import { teamName } from './match-view.ts';
import styles from './standings-table.module.css';

export interface StandingsTableProps {
  /** The season table of Football/season_table. */
  table: components['schemas']['SeasonTable'];
}

/** A league's table, one per group: rank, crest, played, won, drawn, lost, goals, points (win rate for basketball). */
export function StandingsTable({ table }: StandingsTableProps) {
  const t = useMessage();
  const { locale } = useIntl();
  const basketball = table.league.sport === 'basketball';
  return (
    <div className={styles.groups}>
      {table.groups.map((group) => (
        <table key={group.name} className={styles.table}>
          <caption className={group.name ? styles.caption : 'ps-visually-hidden'}>{group.name || t('scores.standings')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" className={styles.teamHead}>{t('scores.team')}</th>
              <th scope="col">{t('scores.played')}</th>
              <th scope="col">{t('scores.won')}</th>
              {!basketball && <th scope="col">{t('scores.drawn')}</th>}
              <th scope="col">{t('scores.lost')}</th>
              <th scope="col">{t('scores.goals')}</th>
              <th scope="col">{basketball ? t('scores.winRate') : t('scores.points')}</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={row.team.id} data-zone={row.zone ?? undefined}>
                <td className={styles.num}>{row.rank}</td>
                <th scope="row" className={styles.teamHead}>
                  <span className={styles.team}>
                    <Image src={row.team.logo} alt="" width={20} height={20} fit="contain" shape="circle" />
                    <span>{teamName(row.team, locale)}</span>
                  </span>
                </th>
                <td className={styles.num}>{row.played}</td>
                <td className={styles.num}>{row.won}</td>
                {!basketball && <td className={styles.num}>{row.drawn}</td>}
                <td className={styles.num}>{row.lost}</td>
                <td className={styles.num}>
                  {row.goals_for}:{row.goals_against}
                </td>
                <td className={[styles.num, styles.points].join(' ')}>
                  {basketball ? `${((row.win_rate ?? 0) * 100).toFixed(1)}%` : row.points}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
