import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useBattleInfo, useMatchDetail, useMatchDetailCache, useOddsHistory, useSeasonTable } from '../../api/queries/scores.ts';
import type { components } from '../../api/schema.d.ts';
import { localName } from '../../i18n/locale.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { matchStatusMessages } from '../../i18n/status-messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Image } from '../../ui/image.tsx';
import { MatchLine } from '../../ui/match-line.tsx';
import { Page } from '../../ui/page.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FormStrip } from '../../ui/form-strip.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { LineupPitch, type LineupTexts } from './lineup-pitch.tsx';
import { MomentumGraph, type MomentumMark } from './momentum-graph.tsx';
import { OddsChart, type OddsSample } from './odds-chart.tsx';
import { useSiteSocket, useSocketEvent } from '../../realtime/site-socket.tsx';
import { clockTime, leagueName, line, price, teamName, teamShortName, type Match, type MatchOdds } from './match-display.ts';
import { applyOddsChange } from './odds-change.ts';
import { StandingsTable } from './standings-table.tsx';
import { useGoalPopupSettings } from './score-settings.ts';
import styles from './score-detail-page.module.css';

type MatchDetail = components['schemas']['MatchDetail'];
type Section = 'timeline' | 'lineups' | 'statistics' | 'odds' | 'standings' | 'battle';
type Market = 'asian_handicap' | 'over_under' | 'one_x_two';
type OddsHistory = components['schemas']['MatchOddsHistory'];
type IncidentView = MatchDetail['incidents'][number];
type BattleType = 1 | 2 | 3 | 4;

/** The prices of a market in a company's odds, as the chart samples them; null when the market is not offered. */
function currentSample(odds: MatchOdds, market: Market): OddsSample | null {
  const at = odds.updated_at;
  if (market === 'asian_handicap') {
    const current = odds.asian_handicap.current;
    return current && { at, first: current.home, second: current.away, line: current.line, closed: odds.suspended };
  }
  if (market === 'over_under') {
    const current = odds.over_under.current;
    return current && { at, first: current.over, second: current.under, line: current.line, closed: odds.suspended };
  }
  const current = odds.one_x_two.current;
  return current && { at, first: current.home, second: current.away, line: null, closed: odds.suspended };
}

/** The kept history of a market, then every push seen since it was read. */
function samplesOf(history: OddsHistory | undefined, market: Market, pushed: readonly MatchOdds[]): OddsSample[] {
  const samples: OddsSample[] = (history?.[market] ?? []).map((entry) => ({
    at: entry.at,
    first: entry.home,
    second: entry.away,
    line: entry.line,
    closed: entry.closed,
  }));
  for (const push of pushed) {
    const sample = currentSample(push, market);
    const last = samples.at(-1);
    if (!sample || (last && sample.at < last.at)) continue;
    if (last && last.first === sample.first && last.second === sample.second && last.line === sample.line && last.closed === sample.closed) continue;
    samples.push(sample);
  }
  return samples;
}

/** Goals and cards of the timeline, for the momentum graph. */
function marksOf(incidents: readonly IncidentView[]): MomentumMark[] {
  const kinds: Partial<Record<IncidentView['type'], MomentumMark['kind']>> = {
    goal: 'goal',
    own_goal: 'goal',
    penalty: 'goal',
    yellow_card: 'yellow',
    red_card: 'red',
  };
  return incidents.flatMap((incident) => {
    const kind = kinds[incident.type];
    return kind && incident.side ? [{ kind, side: incident.side, minute: incident.minute, added_minute: incident.added_minute ?? 0 }] : [];
  });
}

/** /score-detail and /score-live (SPEC §2): the match, its timeline, statistics, odds by company, standings and battle info. */
export function ScoreDetailPage({ title, live }: { title: string; live: boolean }) {
  const t = useMessage();
  const { locale } = useIntl();
  const socket = useSiteSocket();
  const id = useRouteQuery(live ? 'scoreLive' : 'scoreDetail').id ?? 0;
  const [section, setSection] = useState<Section>('timeline');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [pushed, setPushed] = useState<MatchOdds[]>([]);
  const [market, setMarket] = useState<Market>('asian_handicap');

  const detail = useMatchDetail(id);
  const match = detail.data?.match;
  const company = companyId ?? detail.data?.odds[0]?.company_id ?? null;
  const history = useOddsHistory({ match_id: id, company_id: company ?? 0 }, { enabled: section === 'odds' && company !== null && id > 0 });

  useEffect(() => {
    if (match) socket.send({ type: 'sport.classified', classifyType: match.sport === 'football' ? 0 : match.sport === 'basketball' ? 1 : 2 });
  }, [socket, match?.sport, match]);
  useEffect(() => {
    if (company !== null) socket.send({ type: 'company.toggled', companyId: company });
  }, [socket, company]);

  const { patch, refresh } = useMatchDetailCache(id);
  // The odds read and every push applied since, for the next push to apply onto.
  const heldOdds = useRef<readonly MatchOdds[]>([]);
  useEffect(() => {
    heldOdds.current = detail.data?.odds ?? [];
  }, [detail.data?.odds]);
  useSocketEvent(
    'match.pushed',
    useCallback(
      (event) => {
        if (event.push.data.id === id) patch((data) => ({ ...data, match: { ...data.match, ...event.push.data, odds: data.match.odds } }));
      },
      [id, patch],
    ),
  );
  useSocketEvent(
    'exponent.pushed',
    useCallback(
      (event) => {
        const change = event.push.data;
        if (change.match_id !== id) return;
        // A push names what moved: it applies onto the latest odds of its company this page has.
        const held = heldOdds.current.find((entry) => entry.company_id === change.company_id);
        const odds = applyOddsChange(held, change);
        if (!odds) return;
        heldOdds.current = [...heldOdds.current.filter((entry) => entry.company_id !== odds.company_id), odds];
        setPushed((previous) => [...previous, odds]);
        patch((data) => ({ ...data, odds: data.odds.map((entry) => (entry.company_id === odds.company_id ? odds : entry)) }));
      },
      [id, patch],
    ),
  );
  useSocketEvent(
    'momentum.pushed',
    useCallback(
      (event) => {
        const pushed = event.push.data;
        if (pushed.match_id !== id) return;
        patch((data) => {
          const held = data.momentum?.points ?? [];
          const after = held.at(-1)?.t ?? 0;
          const points = [...held, ...pushed.points.filter((point) => point.t > after)];
          return { ...data, momentum: { match_id: id, kind: pushed.kind, points } };
        });
      },
      [id, patch],
    ),
  );
  useSocketEvent(
    'goal.pushed',
    useCallback(
      (event) => {
        if (event.push.data.match_id === id) refresh();
      },
      [id, refresh],
    ),
  );

  const standings = useSeasonTable(
    { league_id: match?.league.id ?? 0 },
    { enabled: section === 'standings' && match !== undefined && match.sport !== 'esports' },
  );

  if (id === 0) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
  if (detail.isPending) return <Page title={title}><EmptyState title={t('common.loading')} busy /></Page>;
  if (!detail.data || !match) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;

  const data = detail.data;
  const home = teamName(match.home_team, locale);
  const away = teamName(match.away_team, locale);
  const odds = data.odds.find((entry) => entry.company_id === company) ?? data.odds[0];
  const sections: { key: Section; label: string }[] = [
    { key: 'timeline', label: t('scores.timeline') },
    ...(data.lineups ? [{ key: 'lineups' as const, label: t('scores.lineups') }] : []),
    { key: 'statistics', label: t('scores.statistics') },
    { key: 'odds', label: t('scores.odds') },
    { key: 'standings', label: t('scores.standings') },
    { key: 'battle', label: t('scores.battle') },
  ];

  const lineupTexts: LineupTexts = {
    lineups: t('scores.lineups'),
    substitutes: t('scores.lineup.substitutes'),
    starters: t('scores.lineup.starters'),
    coach: t('scores.lineup.coach'),
    points: t('scores.lineup.points'),
    player: t('scores.lineup.player'),
    shirt: t('scores.lineup.shirt'),
    event: (kind, minute) => t(`scores.lineup.event.${kind}`, { minute }),
  };
  const nameOf = (zh: string, en: string) => localName({ zh, en }, locale);
  const periodName = (period: number) =>
    match.sport === 'football'
      ? t(period === 1 ? 'scores.period.half1' : 'scores.period.half2')
      : period <= 4
        ? t('scores.period.quarter', { n: period })
        : t('scores.period.overtime');
  const marketNames: Record<Market, string> = {
    asian_handicap: t('scores.asianHandicap'),
    over_under: t('scores.overUnder'),
    one_x_two: t('scores.oneXTwo'),
  };
  const marketSides: Record<Market, [string, string]> = {
    asian_handicap: [home, away],
    over_under: [t('scores.odds.over'), t('scores.odds.under')],
    one_x_two: [home, away],
  };

  return (
    <Page title={title} subtitle={`${leagueName(match.league, locale)} ${localName({ zh: match.round, en: match.round_en }, locale)}`}>
      <div className={styles.head}>
        <StatusBadge status={match.status} label={t(matchStatusMessages[match.status])} />
        <span className={styles.clock}>{match.status === 'not_started' ? clockTime(match.start_time) : matchClockText(match.match_str, t)}</span>
        <MatchLine
          size="large"
          home={{ name: home, short: teamShortName(match.home_team, locale), logo: match.home_team.logo, score: match.status === 'not_started' ? undefined : match.home_score }}
          away={{ name: away, short: teamShortName(match.away_team, locale), logo: match.away_team.logo, score: match.status === 'not_started' ? undefined : match.away_score }}
        />
        <TeamFollows teams={[match.home_team, match.away_team]} />
        {match.period_scores.length > 0 && (
          <p className={styles.periods}>
            {match.period_scores.map((period) => `${String(period.home_score)}-${String(period.away_score)}`).join('  ·  ')}
          </p>
        )}
      </div>
      {data.momentum && match.status !== 'not_started' && (
        <section className={styles.momentum} aria-label={t(data.momentum.kind === 'pressure' ? 'scores.momentum' : 'scores.leadTracker')}>
          <h2 className={styles.subheading}>{t(data.momentum.kind === 'pressure' ? 'scores.momentum' : 'scores.leadTracker')}</h2>
          <MomentumGraph
            kind={data.momentum.kind}
            points={data.momentum.points}
            marks={marksOf(data.incidents)}
            label={t(data.momentum.kind === 'pressure' ? 'scores.momentum' : 'scores.leadTracker')}
            names={[home, away]}
            quarterMinutes={/\bNBA\b/.test(match.league.name_en) ? 12 : 10}
            periodName={periodName}
          />
        </section>
      )}
      {(live || data.live_rooms.length > 0) && (
        <section className={styles.rooms} aria-label={t('scores.liveRooms')}>
          <h2 className={styles.subheading}>{t('scores.liveRooms')}</h2>
          {data.live_rooms.length === 0 ? (
            <p className={styles.muted}>{t('scores.noLiveRooms')}</p>
          ) : (
            <ul className={styles.roomList}>
              {data.live_rooms.map((room) => (
                <li key={room.room_id}>
                  <a className={styles.room} href={link('live', { id: room.room_id })}>
                    <Image src={room.cover} alt="" width={96} height={54} shape="rounded" />
                    <span className={styles.roomText}>
                      <span className={styles.roomTitle} data-user-content>
                        {room.title}
                      </span>
                      <span className={styles.roomMeta}>
                        <Avatar src={room.anchor.avatar} name={room.anchor.user_nickname} size={20} />
                        <span className={styles.roomAnchor} data-user-content>
                          {room.anchor.user_nickname}
                        </span>
                        <span className={styles.roomViewers}>{t('home.viewers', { count: room.viewer_count })}</span>
                      </span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <Tabs label={t('scores.detailSections')} tabs={sections} selected={section} onSelect={setSection}>
        {section === 'timeline' && <Timeline detail={data} home={home} away={away} />}
        {section === 'lineups' && data.lineups && <LineupPitch lineups={data.lineups} teams={[home, away]} nameOf={nameOf} texts={lineupTexts} />}
        {section === 'statistics' &&
          (data.statistics.items.length === 0 ? (
            <EmptyState title={t('common.noData')} />
          ) : (
            <DataTable className={styles.table} caption={t('scores.statistics')}>
              <thead>
                <tr>
                  <th scope="col">{home}</th>
                  <th scope="col">
                    <span className="ps-visually-hidden">{t('scores.statistics')}</span>
                  </th>
                  <th scope="col">{away}</th>
                </tr>
              </thead>
              <tbody>
                {data.statistics.items.map((item) => (
                  <tr key={item.key}>
                    <td className={numeric}>{item.home}</td>
                    <th scope="row">{t(`scores.stat.${item.key}`)}</th>
                    <td className={numeric}>{item.away}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          ))}
        {section === 'odds' &&
          (data.odds.length === 0 || !odds ? (
            <EmptyState title={t('common.noData')} />
          ) : (
            <div className={styles.odds}>
              <div className={styles.picker}>
              <Select
                label={t('scores.company')}
                value={String(odds.company_id)}
                options={data.odds.map((entry) => ({ value: String(entry.company_id), label: localName({ zh: entry.company_name, en: entry.company_name_en }, locale) }))}
                onChange={(value) => setCompanyId(Number(value))}
              />
              </div>
              <OddsTable odds={odds} />
              <div className={styles.picker}>
                <Select
                  label={t('scores.odds.market')}
                  value={market}
                  options={(Object.keys(marketNames) as Market[]).map((key) => ({ value: key, label: marketNames[key] }))}
                  onChange={(value) => setMarket(value as Market)}
                />
              </div>
              <h2 className={styles.subheading}>{t('scores.odds.movementOf', { market: marketNames[market] })}</h2>
              <div className={styles.chartBox}>
                <OddsChart
                  label={t('scores.odds.movementOf', { market: marketNames[market] })}
                  names={marketSides[market]}
                  openingLabel={t('scores.odds.opening')}
                  currentLabel={t('scores.odds.current')}
                  formatLine={market === 'asian_handicap' ? line : market === 'over_under' ? (value) => String(value) : undefined}
                  samples={samplesOf(
                    history.data?.company_id === odds.company_id ? history.data : undefined,
                    market,
                    pushed.filter((entry) => entry.company_id === odds.company_id),
                  )}
                />
              </div>
            </div>
          ))}
        {section === 'standings' &&
          (standings.data ? (
            <StandingsTable table={standings.data} />
          ) : (
            <EmptyState title={standings.isFetching ? t('common.loading') : t('common.noData')} busy={standings.isFetching} />
          ))}
        {section === 'battle' && (
          <div className={styles.battleSections}>
            {([1, 2, 3, 4] as const).map((type) => (
              <BattleSection key={type} type={type} matchId={id} />
            ))}
          </div>
        )}
      </Tabs>
    </Page>
  );
}

type BattleData = components['schemas']['MatchBattleInfo'];

/**
 * One part of the head-to-head tab (SofaScore shows them together): the last meetings (1), the home (2) and away
 * team's last matches (3), each with its form strip and summary, and what both teams play next (4).
 */
function BattleSection({ type, matchId }: { type: BattleType; matchId: number }) {
  const t = useMessage();
  const battle = useBattleInfo({ type, sourceid: matchId }, { enabled: matchId > 0 });
  const heading = t(`scores.battle.type${type}`);
  return (
    <section className={styles.battleSection} data-battle-type={type} aria-label={heading}>
      <h3 className={styles.subheading}>{heading}</h3>
      {battle.data?.summary && battle.data.team && battle.data.summary.played > 0 && (
        <BattleForm team={battle.data.team} summary={battle.data.summary} list={battle.data.list} />
      )}
      {battle.data && battle.data.list.length > 0 ? (
        <ul className={styles.battleList}>
          {battle.data.list.map((entry) => (
            <BattleLine key={entry.match.id} match={entry.match} result={entry.result} />
          ))}
        </ul>
      ) : (
        <EmptyState title={battle.isFetching ? t('common.loading') : t('common.noData')} busy={battle.isFetching} />
      )}
    </section>
  );
}

const dateOf = (match: Match) => new Date(match.start_time * 1000).toISOString().slice(0, 10);

/** Whose side the results are told from, their W/D/L strip (newest first) and the summary. */
function BattleForm({ team, summary, list }: { team: NonNullable<BattleData['team']>; summary: NonNullable<BattleData['summary']>; list: BattleData['list'] }) {
  const t = useMessage();
  const { locale } = useIntl();
  const name = teamName(team, locale);
  const items = list.flatMap(({ match, result }) =>
    result
      ? [
          {
            result,
            title: `${dateOf(match)} ${teamName(match.home_team, locale)} ${String(match.home_score)}-${String(match.away_score)} ${teamName(match.away_team, locale)}`,
          },
        ]
      : [],
  );
  return (
    <div className={styles.battleHead}>
      <span className={styles.battleTeam}>
        <Image src={team.logo} alt="" width={24} height={24} fit="contain" shape="circle" />
        <span>{name}</span>
      </span>
      <FormStrip
        items={items}
        letters={{ won: t('scores.result.won'), drawn: t('scores.result.drawn'), lost: t('scores.result.lost') }}
        label={t('scores.form.last', { team: name, count: items.length })}
      />
      <p className={styles.summary}>
        {t('scores.battleSummary', { played: summary.played, won: summary.won, drawn: summary.drawn, lost: summary.lost })}{' '}
        <span className={styles.muted}>{t('scores.form.goals', { scored: summary.goals_for, conceded: summary.goals_against })}</span>
      </p>
    </div>
  );
}

function BattleLine({ match, result }: { match: Match; result: 'won' | 'drawn' | 'lost' | null }) {
  const t = useMessage();
  const { locale } = useIntl();
  return (
    <li className={styles.battleLine}>
      <span className={styles.muted}>{dateOf(match)}</span>
      <span className={styles.battleLeague} title={leagueName(match.league, locale)}>{leagueName(match.league, locale)}</span>
      <a href={link('scoreDetail', { id: match.id })}>
        {teamName(match.home_team, locale)} <b className={numeric}>{match.status === 'not_started' ? 'VS' : `${String(match.home_score)}-${String(match.away_score)}`}</b>{' '}
        {teamName(match.away_team, locale)}
      </a>
      {result && <span data-result={result} className={styles.result}>{t(`scores.result.${result}`)}</span>}
    </li>
  );
}

function OddsTable({ odds }: { odds: MatchOdds }) {
  const t = useMessage();
  const { locale } = useIntl();
  const rows = [
    {
      key: 'ah',
      name: t('scores.asianHandicap'),
      initial: odds.asian_handicap.initial && [price(odds.asian_handicap.initial.home), line(odds.asian_handicap.initial.line), price(odds.asian_handicap.initial.away)],
      current: odds.asian_handicap.current && [price(odds.asian_handicap.current.home), line(odds.asian_handicap.current.line), price(odds.asian_handicap.current.away)],
    },
    {
      key: 'ou',
      name: t('scores.overUnder'),
      initial: odds.over_under.initial && [price(odds.over_under.initial.over), String(odds.over_under.initial.line), price(odds.over_under.initial.under)],
      current: odds.over_under.current && [price(odds.over_under.current.over), String(odds.over_under.current.line), price(odds.over_under.current.under)],
    },
    {
      key: '1x2',
      name: t('scores.oneXTwo'),
      initial: odds.one_x_two.initial && [price(odds.one_x_two.initial.home), price(odds.one_x_two.initial.draw), price(odds.one_x_two.initial.away)],
      current: odds.one_x_two.current && [price(odds.one_x_two.current.home), price(odds.one_x_two.current.draw), price(odds.one_x_two.current.away)],
    },
  ];
  return (
    <DataTable className={styles.table} caption={localName({ zh: odds.company_name, en: odds.company_name_en }, locale)} data-testid="odds-table" data-suspended={odds.suspended}>
      <thead>
        <tr>
          <th scope="col">
            <span className="ps-visually-hidden">{t('scores.odds')}</span>
          </th>
          <th scope="col" colSpan={3}>{t('scores.initial')}</th>
          <th scope="col" colSpan={3}>{t('scores.current')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            {[0, 1, 2].map((index) => <td key={`i${String(index)}`} className={numeric}>{row.initial?.[index] ?? '–'}</td>)}
            {[0, 1, 2].map((index) => (
              <td key={`c${String(index)}`} className={numeric}>
                {odds.suspended ? t('scores.suspended') : (row.current?.[index] ?? '–')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const incidentIcons: Record<string, string> = {
  goal: '⚽',
  own_goal: '⚽',
  penalty: '⚽',
  missed_penalty: '✗',
  yellow_card: '',
  red_card: '',
  corner: '⚑',
  substitution: '⇄',
  period_start: '▶',
  period_end: '■',
};

/** Basketball's quarter of an incident (5: overtime), or null for another sport's phase. */
function quarterOf(phase: IncidentView['phase']): number | null {
  const quarter = /^q([1-4])$/.exec(phase);
  if (quarter) return Number(quarter[1]);
  return phase === 'overtime' ? 5 : null;
}

function Timeline({ detail, home, away }: { detail: MatchDetail; home: string; away: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  if (detail.incidents.length === 0) return <EmptyState title={t('common.noData')} />;
  return (
    <ol className={styles.timeline} aria-label={t('scores.timeline')}>
      {[...detail.incidents].reverse().map((incident) => (
        <li key={incident.id} className={styles.incident} data-side={incident.side ?? 'none'}>
          <span className={styles.incidentMinute}>
            {quarterOf(incident.phase) !== null && (
              <span className={styles.quarter}>
                {quarterOf(incident.phase)! <= 4 ? t('scores.period.quarter', { n: quarterOf(incident.phase)! }) : t('scores.period.overtime')}{' '}
              </span>
            )}
            {incident.minute}
            {incident.added_minute ? `+${String(incident.added_minute)}` : ''}'
          </span>
          <span aria-hidden="true" className={styles.icon} data-type={incident.type}>
            {incidentIcons[incident.type]}
          </span>
          <span className={styles.incidentText}>
            {t(`scores.incident.${incident.type}`)}
            {incident.side && ` · ${incident.side === 'home' ? home : away}`}
            {incident.player_name && ` · ${localName({ zh: incident.player_name, en: incident.player_name_en ?? '' }, locale)}`}
            {incident.related_player_name &&
              ` (${localName({ zh: incident.related_player_name, en: incident.related_player_name_en ?? '' }, locale)})`}
          </span>
          <span className={[numeric, styles.incidentScore].join(' ')}>
            {incident.home_score}-{incident.away_score}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Stars to follow either team on this device: a followed team's goals and cards pop up wherever the
 * user is, as a starred match's do.
 */
function TeamFollows({ teams }: { teams: [Match['home_team'], Match['away_team']] }) {
  const t = useMessage();
  const { locale } = useIntl();
  const [settings, setSettings] = useGoalPopupSettings();
  return (
    <div className={styles.teamFollows}>
      {teams.map((team) => {
        const followed = settings.followedTeams.some((entry) => entry.zh === team.name);
        const name = teamName(team, locale);
        return (
          <button
            key={team.name}
            type="button"
            className={styles.teamFollow}
            aria-pressed={followed}
            onClick={() =>
              setSettings({
                ...settings,
                followedTeams: followed
                  ? settings.followedTeams.filter((entry) => entry.zh !== team.name)
                  : [...settings.followedTeams, { zh: team.name, en: team.name_en }],
              })
            }
          >
            <span aria-hidden="true">{followed ? '★' : '☆'}</span> {t(followed ? 'scores.followingTeam' : 'scores.followTeam', { team: name })}
          </button>
        );
      })}
    </div>
  );
}
