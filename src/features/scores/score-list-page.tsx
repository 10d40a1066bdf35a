import { useEffect, useId, useState } from 'react';
import { useAllMatch } from '../../api/queries/scores.ts';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Page } from '../../ui/page.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { MatchList } from './match-list.tsx';
import { useSiteSocket } from '../../realtime/site-socket.tsx';
import { leagueName } from './match-display.ts';
import { usePatchMatchLists } from './use-patch-match-lists.ts';
import { GameSettingsPanel } from './game-settings-panel.tsx';
import { startGoalSound, unlockGoalSound } from './goal-sound.ts';
import {
  readImmediateSettings,
  useGoalPopupSettings,
  shownByImmediateSettings,
  writeImmediateSettings,
  type ImmediateSettings,
} from './score-settings.ts';
import { useIntl } from 'react-intl';
import styles from './score-list-page.module.css';

type Filter = 'all' | 'in_progress' | 'not_started' | 'over' | 'collected';

const settingKeys = ['value1', 'value2', 'value3', 'value4'] as const;

/** How long the test button sounds: enough to hear the trill, shorter than a goal's 6 s. */
const testSoundMs = 1_500;

function testGoalSound() {
  unlockGoalSound();
  const stop = startGoalSound();
  window.setTimeout(stop, testSoundMs);
}

/** /football and /basketball (SPEC §2): today's matches by status, league and odds company, live from the socket. */
export function ScoreListPage({ title, sport }: { title: string; sport: 'football' | 'basketball' }) {
  const t = useMessage();
  const { locale } = useIntl();
  const socket = useSiteSocket();
  const settingsId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [leagueId, setLeagueId] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [settings, setSettings] = useState<ImmediateSettings>(readImmediateSettings);
  const [game, setGame] = useGoalPopupSettings();
  const loggedIn = readStoredToken() !== null;

  useEffect(() => {
    socket.send({ type: 'sport.classified', classifyType: sport === 'football' ? 0 : 1 });
  }, [socket, sport]);
  useEffect(() => {
    if (companyId !== '') socket.send({ type: 'company.toggled', companyId: Number(companyId) });
  }, [socket, companyId]);
  usePatchMatchLists();

  const body = {
    sport,
    status: filter,
    utc_offset: -new Date().getTimezoneOffset(),
    limit: 100,
    ...(leagueId ? { league_ids: [Number(leagueId)] } : {}),
    ...(companyId ? { company_id: Number(companyId) } : {}),
  };
  const matches = useAllMatch(body, { keepPrevious: true });

  function changeSetting(key: (typeof settingKeys)[number], value: boolean) {
    const next = { ...settings, [key]: value };
    setSettings(next);
    writeImmediateSettings(next);
  }

  const list = matches.data?.list ?? [];
  const shown = list.filter((match) => shownByImmediateSettings(match, settings));
  const hiddenCount = list.length - shown.length;
  const companies = matches.data?.companies ?? [];
  const leagues = matches.data?.leagues ?? [];
  const tabs: { key: Filter; label: string }[] = [
    { key: 'all', label: t('scores.filter.all') },
    { key: 'in_progress', label: t('status.in_progress') },
    { key: 'not_started', label: t('status.not_started') },
    { key: 'over', label: t('status.finished') },
    ...(loggedIn ? [{ key: 'collected' as const, label: t('scores.filter.collected') }] : []),
  ];

  return (
    <Page
      title={title}
      actions={
        <div className={styles.filters}>
          <Select
            label={t('scores.league')}
            value={leagueId}
            options={[
              { value: '', label: t('scores.allLeagues') },
              ...leagues.map((entry) => ({
                value: String(entry.league.id),
                label: `${leagueName(entry.league, locale)} (${String(entry.match_count)})`,
              })),
            ]}
            onChange={setLeagueId}
          />
          <Select
            label={t('scores.company')}
            value={companyId || String(companies[0]?.id ?? '')}
            options={companies.map((company) => ({ value: String(company.id), label: localName({ zh: company.name, en: company.name_en }, locale) }))}
            onChange={setCompanyId}
          />
        </div>
      }
    >
      <Tabs label={t('scores.filter.label')} tabs={tabs} selected={filter} onSelect={setFilter}>
        <details className={styles.settings}>
          <summary>
            {t('scores.immediateSettings')}
            {hiddenCount > 0 && <span className={styles.hidden}>{t('scores.hiddenCount', { count: hiddenCount })}</span>}
          </summary>
          <fieldset className={styles.settingList} aria-describedby={settingsId}>
            <legend id={settingsId} className="ps-visually-hidden">
              {t('scores.immediateSettings')}
            </legend>
            {settingKeys.map((key) => (
              <label key={key} className={styles.setting}>
                <input type="checkbox" checked={settings[key]} onChange={(event) => changeSetting(key, event.target.checked)} />
                {t(`scores.setting.${key}`)}
              </label>
            ))}
          </fieldset>
        </details>
        <details className={styles.settings}>
          <summary>{t('gameSettings.title')}</summary>
          <GameSettingsPanel
            settings={game}
            onChange={(next) => {
              // Turning voice on is a click: the page may play the sound of later goals.
              if (next.voice) unlockGoalSound();
              setGame(next);
            }}
            onTestSound={testGoalSound}
          />
        </details>
        <MatchList status={matches.isPending ? 'loading' : matches.isError ? 'error' : 'ready'} matches={shown} label={title} />
      </Tabs>
    </Page>
  );
}
