import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAllMatch, useSeasonTable } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { FittedNameGroup } from '../../ui/fitted-name.tsx';
import { MatchRow } from './match-row.tsx';
import { leagueName } from './match-display.ts';
import { StandingsTable } from './standings-table.tsx';
import styles from './score-list-page.module.css';

type Section = 'standings' | 'results';

/** /base-football and /base-basketball (SPEC §2): a league picked by query id: its table, teams and results. */
export function DataCentrePage({ title, sport }: { title: string; sport: 'football' | 'basketball' }) {
  const t = useMessage();
  const { locale } = useIntl();
  const navigate = useNavigate();
  const route = sport === 'football' ? 'baseFootball' : 'baseBasketball';
  const queryId = useRouteQuery(route).id ?? 0;
  const [season, setSeason] = useState('');
  const [section, setSection] = useState<Section>('standings');

  const today = useAllMatch({ sport, limit: 1 }, { staleTime: 300_000 });
  const leagues = today.data?.leagues.map((entry) => entry.league) ?? [];
  const leagueId = queryId || leagues[0]?.id || 0;

  const table = useSeasonTable({ league_id: leagueId, ...(season ? { season } : {}) }, { enabled: leagueId > 0 });
  const results = useAllMatch(
    { sport, status: 'over', league_ids: [leagueId], limit: 50 },
    { enabled: leagueId > 0 && section === 'results' },
  );

  const leagueOptions = leagues.some((league) => league.id === leagueId) || !table.data
    ? leagues
    : [table.data.league, ...leagues];

  return (
    <Page
      title={title}
      subtitle={table.data ? `${leagueName(table.data.league, locale)} ${table.data.season}` : undefined}
      actions={
        <div className={styles.filters}>
          {leagueOptions.length > 0 && (
            <Select
              label={t('scores.league')}
              value={String(leagueId)}
              options={leagueOptions.map((league) => ({ value: String(league.id), label: leagueName(league, locale) }))}
              onChange={(value) => void navigate(link(route, { id: Number(value) }))}
            />
          )}
          {table.data && table.data.seasons.length > 0 && (
            <Select
              label={t('scores.season')}
              value={season || table.data.season}
              options={table.data.seasons.map((value) => ({ value, label: value }))}
              onChange={setSeason}
            />
          )}
        </div>
      }
    >
      <Tabs
        label={t('scores.dataCentre')}
        tabs={[
          { key: 'standings', label: t('scores.standings') },
          { key: 'results', label: t('scores.results') },
        ]}
        selected={section}
        onSelect={setSection}
      >
        {section === 'standings' &&
          (table.data && table.data.groups.some((group) => group.rows.length > 0) ? (
            <StandingsTable table={table.data} />
          ) : (
            <EmptyState title={table.isFetching || today.isPending ? t('common.loading') : t('common.noData')} busy={table.isFetching} />
          ))}
        {section === 'results' &&
          (results.data && results.data.list.length > 0 ? (
            <FittedNameGroup>
              <ul className={styles.list}>
                {results.data.list.map((match) => (
                  <MatchRow key={match.id} match={match} />
                ))}
              </ul>
            </FittedNameGroup>
          ) : (
            <EmptyState title={results.isFetching ? t('common.loading') : t('common.noData')} busy={results.isFetching} />
          ))}
      </Tabs>
    </Page>
  );
}
