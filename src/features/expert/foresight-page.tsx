import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useAllMatch } from '../../api/queries/scores.ts';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Image } from '../../ui/image.tsx';
import { Page } from '../../ui/page.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { chancesOf, type Chances } from './foresight.ts';
import styles from './foresight-page.module.css';

type Match = components['schemas']['Match'];
type Sport = 'football' | 'basketball';

function name(entry: { name: string; name_en: string; short_name_zh: string }, locale: string): string {
  return locale.startsWith('zh') ? entry.short_name_zh || entry.name : entry.name_en || entry.name;
}

function kickOff(timestamp: number): string {
  const date = new Date(timestamp * 1000);
  return `${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The three (or two) chances as one bar, the likeliest side marked. */
function ChanceBar({ chances }: { chances: Chances }) {
  const t = useMessage();
  const parts = [
    { side: 'home' as const, value: chances.home, label: t('foresight.home') },
    ...(chances.draw === null ? [] : [{ side: 'draw' as const, value: chances.draw, label: t('foresight.draw') }]),
    { side: 'away' as const, value: chances.away, label: t('foresight.away') },
  ];
  return (
    <div
      className={styles.chances}
      role="img"
      aria-label={t('foresight.chances', { home: chances.home, draw: chances.draw ?? 0, away: chances.away })}
    >
      <div className={styles.bar}>
        {parts.map((part) => (
          <span key={part.side} className={styles.segment} data-side={part.side} style={{ flexGrow: Math.max(part.value, 1) }} />
        ))}
      </div>
      <div className={styles.legend} aria-hidden="true">
        {parts.map((part) => (
          <span key={part.side} className={part.side === chances.pick ? styles.picked : undefined} data-side={part.side}>
            {part.label} <b className={styles.percent}>{part.value}%</b>
          </span>
        ))}
      </div>
    </div>
  );
}

function Prediction({ match }: { match: Match }) {
  const t = useMessage();
  const { locale } = useIntl();
  const chances = chancesOf(match.odds?.one_x_two.current ?? match.odds?.one_x_two.initial);
  const side = chances ? { home: t('foresight.home'), draw: t('foresight.draw'), away: t('foresight.away') }[chances.pick] : '';
  return (
    <li className={styles.card} data-match-id={match.id}>
      <div className={styles.meta}>
        <span className={styles.league}>{name(match.league, locale)}</span>
        <time className={styles.time}>{kickOff(match.start_time)}</time>
      </div>
      <div className={styles.teams}>
        <span className={styles.team}>
          <Image src={match.home_team.logo} alt="" width={24} height={24} fit="contain" shape="circle" />
          <span className={styles.teamName}>{name(match.home_team, locale)}</span>
        </span>
        <span className={styles.versus}>VS</span>
        <span className={[styles.team, styles.away].join(' ')}>
          <span className={styles.teamName}>{name(match.away_team, locale)}</span>
          <Image src={match.away_team.logo} alt="" width={24} height={24} fit="contain" shape="circle" />
        </span>
      </div>
      {chances ? (
        <>
          <ChanceBar chances={chances} />
          <p className={styles.pick}>{t('foresight.pick', { side })}</p>
        </>
      ) : (
        <p className={styles.pick}>{t('foresight.noOdds')}</p>
      )}
    </li>
  );
}

/** /foresight (SPEC §2 route 9): the matches not started yet, each with the market's chances from its 1X2 odds. */
export function ForesightPage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const [sport, setSport] = useState<Sport>('football');
  const [companyId, setCompanyId] = useState('');
  const body = {
    sport,
    status: 'not_started' as const,
    utc_offset: -new Date().getTimezoneOffset(),
    limit: 60,
    ...(companyId ? { company_id: Number(companyId) } : {}),
  };
  const matches = useAllMatch(body, { keepPrevious: true });
  const companies = matches.data?.companies ?? [];
  const list = matches.data?.list ?? [];

  return (
    <Page
      title={title}
      subtitle={t('foresight.description')}
      actions={
        companies.length > 0 ? (
          <Select
            label={t('scores.company')}
            value={companyId || String(companies[0]?.id ?? '')}
            options={companies.map((company) => ({ value: String(company.id), label: localName({ zh: company.name, en: company.name_en }, locale) }))}
            onChange={setCompanyId}
          />
        ) : undefined
      }
    >
      <Tabs
        label={title}
        tabs={[
          { key: 'football', label: t('nav.football') },
          { key: 'basketball', label: t('nav.basketball') },
        ]}
        selected={sport}
        onSelect={setSport}
      >
        {matches.isPending ? (
          <EmptyState title={t('common.loading')} busy />
        ) : matches.isError ? (
          <EmptyState title={t('error.generic')} icon="inbox" />
        ) : list.length === 0 ? (
          <EmptyState title={t('common.noData')} />
        ) : (
          <ul className={styles.list} aria-label={t('foresight.list')}>
            {list.map((match) => (
              <Prediction key={match.id} match={match} />
            ))}
          </ul>
        )}
      </Tabs>
    </Page>
  );
}
