import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAllMatchPages } from '../../api/queries/scores.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link, useRouteQuery, type QueryOf } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { FittedNameGroup } from '../../ui/fitted-name.tsx';
import { MatchRow } from './match-row.tsx';
import { usePatchMatchLists } from './use-patch-match-lists.ts';
import styles from './score-list-page.module.css';

const sports = ['football', 'basketball', 'esports'] as const;
type TypeKey = '0' | '1' | '2' | '3';

function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** /schedule (SPEC §2): matches by day, yesterday to six days ahead, and by type (0 football and basketball, 1 football, 2 basketball, 3 e-sports). */
export function SchedulePage({ title }: { title: string }) {
  const t = useMessage();
  const navigate = useNavigate();
  const type = String(useRouteQuery('schedule').type) as TypeKey;
  const days = [-1, 0, 1, 2, 3, 4, 5, 6].map(day);
  const [date, setDate] = useState(day(0));
  usePatchMatchLists();

  const wanted = type === '0' ? (['football', 'basketball'] as const) : ([sports[Number(type) - 1]!] as const);
  const lists = useAllMatchPages(
    wanted.map((sport) => ({ sport, date, utc_offset: -new Date().getTimezoneOffset(), limit: 100 })),
    { keepPrevious: true },
  );
  const matches = (lists.data ?? []).flatMap((page) => page.list).sort((a, b) => a.start_time - b.start_time);

  return (
    <Page title={title}>
      <Tabs
        label={t('scores.scheduleType')}
        tabs={[
          { key: '0', label: t('scores.filter.all') },
          { key: '1', label: t('route.football') },
          { key: '2', label: t('route.basketball') },
          { key: '3', label: t('scores.esports') },
        ]}
        selected={type}
        onSelect={(key) => void navigate(link('schedule', { type: Number(key) as QueryOf<'schedule'>['type'] }))}
      >
        <div className={styles.days} role="group" aria-label={t('scores.date')}>
          {days.map((value) => (
            <button key={value} type="button" className={styles.day} aria-pressed={value === date} onClick={() => setDate(value)}>
              {value.slice(5)}
            </button>
          ))}
        </div>
        {lists.isPending ? (
          <EmptyState title={t('common.loading')} busy />
        ) : matches.length === 0 ? (
          <EmptyState title={t('common.noData')} />
        ) : (
          <FittedNameGroup>
            <ul className={styles.list} aria-label={title}>
              {matches.map((match) => (
                <MatchRow key={match.id} match={match} />
              ))}
            </ul>
          </FittedNameGroup>
        )}
      </Tabs>
    </Page>
  );
}
