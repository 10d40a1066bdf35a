import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSeasonTable, useWorldCup } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { leagueName } from './match-display.ts';
import { StandingsTable } from './standings-table.tsx';
import { WorldCupBracket } from './world-cup-bracket.tsx';
import styles from './score-list-page.module.css';

type Section = 'groups' | 'bracket';

/** /trophy/home (SPEC §2 route 5): the last World Cup's groups (Football/season_table) and knockout bracket (Football/world_cup). */
export function WorldCupPage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const [season, setSeason] = useState('');
  const [section, setSection] = useState<Section>('groups');

  const cup = useWorldCup(season ? { season } : {});
  const leagueId = cup.data?.league.id ?? 0;
  const answered = cup.data?.season ?? '';
  const groups = useSeasonTable({ league_id: leagueId, season: answered }, { enabled: leagueId > 0 });

  const loading = (busy: boolean) => <EmptyState title={busy ? t('common.loading') : t('common.noData')} busy={busy} />;

  return (
    <Page
      title={title}
      subtitle={cup.data ? `${leagueName(cup.data.league, locale)} ${cup.data.season}` : undefined}
      actions={
        cup.data && cup.data.seasons.length > 1 ? (
          <div className={styles.filters}>
            <Select
              label={t('scores.season')}
              value={answered}
              options={cup.data.seasons.map((value) => ({ value, label: value }))}
              onChange={setSeason}
            />
          </div>
        ) : undefined
      }
    >
      {cup.isError ? (
        <EmptyState title={t('error.generic')} icon="inbox" />
      ) : (
        <Tabs
          label={t('route.trophy')}
          tabs={[
            { key: 'groups', label: t('scores.groups') },
            { key: 'bracket', label: t('scores.knockout') },
          ]}
          selected={section}
          onSelect={setSection}
        >
          {section === 'groups' &&
            (groups.data && groups.data.groups.length > 0 ? (
              <StandingsTable table={groups.data} compact />
            ) : (
              loading(cup.isPending || groups.isFetching)
            ))}
          {section === 'bracket' &&
            (cup.data && cup.data.rounds.length > 0 ? <WorldCupBracket rounds={cup.data.rounds} /> : loading(cup.isPending))}
        </Tabs>
      )}
    </Page>
  );
}
