import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { components } from '../../api/schema';
import { useSearch } from '../../api/queries/content.ts';
import { localName } from '../../i18n/locale.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { statusMessages } from '../../i18n/status-messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Image } from '../../ui/image.tsx';
import { Page } from '../../ui/page.tsx';
import { RoomCard } from '../../ui/room-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { link, useRouteQuery } from '../../routes.ts';
import { HighlightedText } from './highlighted-text.tsx';
import styles from './search-page.module.css';

type Result = components['schemas']['SearchIndexResult'];
type LiveMatchBrief = components['schemas']['LiveMatchBrief'];

/** SPEC §5 and §9: a search is at most 10 characters. */
const searchMaxLength = 10;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.heading}>
        {title} <span className={styles.count}>{count}</span>
      </h2>
      {children}
    </section>
  );
}

function kickOff(timestamp: number, locale: string): string {
  return new Date(timestamp * 1000).toLocaleString(locale, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

function MatchRow({ match, query }: { match: LiveMatchBrief; query: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const played = match.status !== 'not_started';
  const home = localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, locale);
  const away = localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, locale);
  return (
    <li>
      <a className={styles.match} href={link('scoreDetail', { id: match.id })}>
        <span className={styles.league}>{localName({ zh: match.short_name_zh, en: match.league_name_en }, locale)}</span>
        <span className={styles.when}>
          {match.status === 'in_progress' && match.match_str !== undefined ? matchClockText(match.match_str, t) : kickOff(match.match_time, locale)}
        </span>
        <span className={[styles.side, styles.home].join(' ')}>
          <HighlightedText text={home} query={query} />
          <Image src={match.home_team_logo} alt="" width={22} height={22} fit="contain" />
        </span>
        <span className={styles.score}>{played ? `${match.home_score} - ${match.away_score}` : 'VS'}</span>
        <span className={[styles.side, styles.away].join(' ')}>
          <Image src={match.away_team_logo} alt="" width={22} height={22} fit="contain" />
          <HighlightedText text={away} query={query} />
        </span>
        <StatusBadge status={match.status} label={t(statusMessages[match.status])} />
      </a>
    </li>
  );
}

function Results({ result, query }: { result: Result; query: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const sections: { title: MessageId; count: number; body: ReactNode }[] = [
    {
      title: 'content.search.anchors',
      count: result.anchors.length,
      body: (
        <ul className={styles.people}>
          {result.anchors.map((hit) => (
            <li key={hit.anchor.id}>
              <a className={styles.person} href={link('live', { id: hit.room_id })}>
                <Avatar src={hit.anchor.avatar} name={hit.anchor.user_nickname} size={48} />
                <span className={styles.personText}>
                  <span className={styles.name} data-user-content>
                    <HighlightedText text={hit.anchor.user_nickname} query={query} />
                  </span>
                  <span className={styles.muted}>{t('content.search.fans', { count: hit.fans })}</span>
                </span>
                {hit.live_status === 'in_progress' && <StatusBadge status="in_progress" label={t(statusMessages.in_progress)} />}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: 'content.search.rooms',
      count: result.rooms.length,
      body: (
        <div className={styles.rooms}>
          {result.rooms.map((room) => (
            <RoomCard
              key={room.id}
              title={room.title}
              href={link('live', { id: room.id })}
              cover={room.cover}
              status={room.status}
              statusLabel={t(statusMessages[room.status])}
              viewersLabel={t('home.viewers', { count: room.viewers })}
              anchorName={room.anchor.user_nickname}
              anchorAvatar={room.anchor.avatar}
              categoryLabel={localName({ zh: room.category.name, en: room.category.name_en }, locale)}
            />
          ))}
        </div>
      ),
    },
    {
      title: 'content.search.matches',
      count: result.matches.length,
      body: (
        <ul className={styles.list}>
          {result.matches.map((match) => (
            <MatchRow key={match.id} match={match} query={query} />
          ))}
        </ul>
      ),
    },
    {
      title: 'content.search.teams',
      count: result.teams.length,
      body: (
        <ul className={styles.people}>
          {result.teams.map((team) => (
            <li key={team.id}>
              <a className={styles.person} href={link(team.sport === 'basketball' ? 'baseBasketball' : 'baseFootball', { id: team.league.id })}>
                <Image src={team.logo} alt="" width={40} height={40} fit="contain" />
                <span className={styles.personText}>
                  <span className={styles.name} data-user-content>
                    <HighlightedText text={locale.startsWith('zh') ? team.name : team.name_en || team.name} query={query} />
                  </span>
                  <span className={styles.muted}>
                    {team.alias !== undefined ? t('content.search.alias', { alias: team.alias }) : localName({ zh: team.league.name, en: team.league.name_en }, locale)}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: 'content.search.news',
      count: result.news.length,
      body: (
        <ul className={styles.list}>
          {result.news.map((article) => (
            <li key={article.id}>
              <a className={styles.article} href={link('detail', { id: article.id })}>
                <Image src={article.cover} alt="" width={96} height={54} shape="rounded" />
                <span className={styles.personText}>
                  <span className={styles.name} data-user-content>
                    <HighlightedText text={article.title} query={query} />
                  </span>
                  <span className={styles.muted}>{new Date(article.create_time * 1000).toLocaleDateString(locale)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: 'content.search.videos',
      count: result.videos.length,
      body: (
        <ul className={styles.list}>
          {result.videos.map((video) => (
            <li key={video.id}>
              <a className={styles.article} href={link('videoPlayer', { id: video.id })}>
                <Image src={video.cover} alt="" width={96} height={54} shape="rounded" />
                <span className={styles.personText}>
                  <span className={styles.name} data-user-content>
                    <HighlightedText text={video.title} query={query} />
                  </span>
                  <span className={styles.muted}>
                    <span data-user-content>{video.author.user_nickname}</span> · {t('content.search.views', { count: video.views })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ),
    },
  ];
  const found = sections.filter((section) => section.count > 0);
  if (found.length === 0) return <EmptyState title={t('common.noData')} description={t('content.search.nothing', { name: query })} icon="search" />;
  return (
    <>
      {found.map((section) => (
        <Section key={section.title} title={t(section.title)} count={section.count}>
          {section.body}
        </Section>
      ))}
    </>
  );
}

/** /search?name=: what the top bar's search found, by kind, the matched words marked (SPEC §2). */
export function SearchPage({ title }: { title: string }) {
  const t = useMessage();
  const navigate = useNavigate();
  const { name = '' } = useRouteQuery('search');
  const query = name.trim().slice(0, searchMaxLength);
  const [draft, setDraft] = useState(query);
  const result = useSearch(query, { enabled: query !== '', keepPrevious: true });
  const submit = () => {
    const next = draft.trim();
    if (next !== '') void navigate(link('search', { name: next }));
  };
  return (
    <Page title={query === '' ? title : t('content.search.titleFor', { name: query })}>
      <form
        className={styles.form}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput label={t('search.label')} hideLabel type="search" value={draft} onChange={setDraft} maxLength={searchMaxLength} placeholder={t('search.placeholder')} />
        <Button type="submit" variant="primary">{t('search.submit')}</Button>
      </form>
      {query === '' ? (
        <EmptyState title={t('content.search.empty')} icon="search" />
      ) : result.isPending ? (
        <EmptyState title={t('common.loading')} busy />
      ) : result.isError ? (
        <EmptyState title={t('common.loadFailed')} />
      ) : (
        <Results result={result.data} query={query} />
      )}
    </Page>
  );
}
