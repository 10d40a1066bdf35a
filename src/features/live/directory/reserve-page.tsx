import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useAnchorSchedules, useLiveList, useMyReservations } from '../../../api/queries/live-directory.ts';
import type { components } from '../../../api/schema';
import { localName } from '../../../i18n/locale.ts';
import { fromTimestamp } from '../../../i18n/relative-time.ts';
import { matchStatusMessages, statusMessages } from '../../../i18n/status-messages.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { usePaginationLabels } from '../../../i18n/use-pagination-labels.ts';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { link } from '../../../routes.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { List } from '../../../ui/list.tsx';
import { MatchLine } from '../../../ui/match-line.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../../ui/pagination.tsx';
import { PersonRow } from '../../../ui/person-row.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { DirectoryLayout } from './directory-layout.tsx';
import panels from './directory-panels.module.css';
import styles from './reserve-page.module.css';

type LiveReservation = components['schemas']['LiveReservation'];
type LiveUserReservation = components['schemas']['LiveUserReservation'];
type LiveMatchBrief = components['schemas']['LiveMatchBrief'];

const remindersPerPage = 10;
/**
 * Whose schedules the upcoming list gathers: the anchors of the most popular rooms. The contract
 * lists schedules per anchor (getReserveLiveList takes a uid), so each is one call; a few suffice.
 */
export const scheduledAnchors = 8;
const schedulesPerAnchor = 3;

function when(intl: IntlShape, seconds: number): string {
  return intl.formatDate(fromTimestamp(seconds), { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** /reserve (SPEC §2): my reminders (login needed) and the broadcasts scheduled next. */
export function ReservePage({ title }: { title: string }) {
  const t = useMessage();
  const loggedIn = useStoredUser() !== null;
  return (
    <DirectoryLayout current="reserve">
      <Page title={title}>
        <div className={panels.columns}>
          <section aria-labelledby="reserve-mine" className={panels.panel}>
            <h2 id="reserve-mine" className={styles.heading}>
              {t('liveDirectory.reserve.mine')}
            </h2>
            {loggedIn ? (
              <MyReminders />
            ) : (
              <EmptyState icon="user" title={t('liveDirectory.loginToSee')} description={t('liveDirectory.reserve.guest')} />
            )}
          </section>
          <UpcomingBroadcasts />
        </div>
      </Page>
    </DirectoryLayout>
  );
}

function MyReminders() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const reminders = useMyReservations({ page, limit: remindersPerPage }, { keepPrevious: true });
  const pageCount = reminders.data ? pageCountOf(reminders.data.total, reminders.data.limit) : 0;
  return (
    <>
      <List
        label={t('liveDirectory.reserve.mine')}
        status={reminders.isPending ? 'loading' : reminders.isError ? 'error' : 'ready'}
        items={reminders.data?.list}
        getKey={(reminder) => reminder.id}
        renderItem={(reminder) => <ReminderRow reminder={reminder} />}
        emptyLabel={t('liveDirectory.reserve.noReminders')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
      <Pagination
        {...pageLabels}
        page={page}
        pageCount={pageCount}
        onChange={setPage}
        label={t('liveDirectory.reserve.pages')}
      />
    </>
  );
}

function ReminderRow({ reminder }: { reminder: LiveUserReservation }) {
  if (reminder.broadcast) return <BroadcastRow broadcast={reminder.broadcast} />;
  if (reminder.match) return <MatchReminder match={reminder.match} />;
  return null;
}

/** A reminder for every broadcast of a match: the match, its league and kick-off. */
function MatchReminder({ match }: { match: LiveMatchBrief }) {
  const t = useMessage();
  const intl = useIntl();
  const played = match.status !== 'not_started';
  return (
    <div className={styles.match}>
      <div className={styles.matchHead}>
        <span>{localName({ zh: match.short_name_zh, en: match.league_name_en }, intl.locale)}</span>
        <span>{when(intl, match.match_time)}</span>
        <StatusBadge status={match.status} label={t(matchStatusMessages[match.status])} />
      </div>
      <MatchLine
        home={{
          name: localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, intl.locale),
          logo: match.home_team_logo,
          score: played ? match.home_score : undefined,
        }}
        away={{
          name: localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, intl.locale),
          logo: match.away_team_logo,
          score: played ? match.away_score : undefined,
        }}
      />
    </div>
  );
}

/** A scheduled broadcast: its anchor, title and start, leading to the anchor's room. */
function BroadcastRow({ broadcast }: { broadcast: LiveReservation }) {
  const t = useMessage();
  const intl = useIntl();
  return (
    <PersonRow
      name={broadcast.anchor.user_nickname}
      avatar={broadcast.anchor.avatar}
      detail={
        <>
          {when(intl, broadcast.start_time)} · <span data-user-content>{broadcast.title}</span>
        </>
      }
      href={link('live', { id: broadcast.room_id })}
      // Coming up is the rule here; only a broadcast already on air or over says so.
      badge={broadcast.status === 'not_started' ? undefined : <StatusBadge status={broadcast.status} label={t(statusMessages[broadcast.status])} />}
      value={t('liveDirectory.reserve.count', { count: broadcast.reserve_count })}
    />
  );
}

/** The broadcasts the most popular anchors have scheduled, soonest first. */
function UpcomingBroadcasts() {
  const t = useMessage();
  const rooms = useLiveList({ type: 0, page: 1, limit: 20 });
  const anchors = [...new Set((rooms.data?.list ?? []).map((room) => room.anchor.id))].slice(0, scheduledAnchors);
  const schedules = useAnchorSchedules(anchors, schedulesPerAnchor);
  // All the schedules at once, soonest first: a list that grew as each anchor answered would reorder under the reader.
  const pending = rooms.isPending || schedules.some((schedule) => schedule.isPending);
  const failed = rooms.isError || (anchors.length > 0 && schedules.every((schedule) => schedule.isError));
  const upcoming = schedules
    .flatMap((schedule) => schedule.data?.list ?? [])
    .filter((broadcast) => broadcast.status === 'not_started')
    .sort((a, b) => a.start_time - b.start_time);
  return (
    <section aria-labelledby="reserve-upcoming" className={panels.panel}>
      <h2 id="reserve-upcoming" className={styles.heading}>
        {t('liveDirectory.reserve.upcoming')}
      </h2>
      <List
        label={t('liveDirectory.reserve.upcoming')}
        status={pending ? 'loading' : failed ? 'error' : 'ready'}
        items={upcoming}
        getKey={(broadcast) => broadcast.id}
        renderItem={(broadcast) => <BroadcastRow broadcast={broadcast} />}
        emptyLabel={t('liveDirectory.reserve.noUpcoming')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
    </section>
  );
}
