import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAnchorNextBroadcasts, useAnchorPlaybacks, useReserveSchedule } from '../../../api/queries/live-room.ts';
import type { components } from '../../../api/schema';
import { useMessage } from '../../../i18n/use-message.ts';
import { askNotificationPermission } from '../../../realtime/browser-notifications.ts';
import { useLoginRequest } from '../../../realtime/login-request.tsx';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import styles from './room-extras.module.css';

type LivePlayback = components['schemas']['LivePlayback'];
type LiveReservation = components['schemas']['LiveReservation'];

const PlaybackPlayer = lazy(() => import('./playback-player.tsx').then((module) => ({ default: module.PlaybackPlayer })));

/** How many of the anchor's next broadcasts and past ones a room shows. */
export const shownBroadcasts = 5;

function useWhen() {
  const intl = useIntl();
  return (seconds: number) =>
    intl.formatDate(seconds * 1000, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** The anchor's next scheduled broadcasts, each with its reminder (live/reserveMatch2). */
export function NextBroadcasts({ anchorId }: { anchorId: number }) {
  const t = useMessage();
  const when = useWhen();
  const schedules = useAnchorNextBroadcasts(anchorId, shownBroadcasts);
  const list = schedules.data?.list ?? [];
  return (
    <section className={styles.panel} aria-labelledby="room-next">
      <h2 id="room-next" className={styles.panelTitle}>
        {t('roomExtras.nextBroadcasts')}
      </h2>
      {schedules.isPending ? (
        <p className={styles.hint}>{t('common.loading')}</p>
      ) : schedules.isError ? (
        <p className={styles.hint}>{t('common.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className={styles.hint}>{t('liveDirectory.reserve.noUpcoming')}</p>
      ) : (
        <ul className={styles.entries}>
          {list.map((schedule) => (
            <li key={schedule.id} className={styles.entry}>
              <span className={styles.entryText}>
                <span className={styles.entryTitle} data-user-content>
                  {schedule.title}
                </span>
                <span className={styles.entryMeta}>
                  {when(schedule.start_time)} · {t('liveDirectory.reserve.count', { count: schedule.reserve_count })}
                </span>
              </span>
              {schedule.status === 'not_started' ? <ScheduleReminder schedule={schedule} /> : <span className={styles.entryMeta}>{t('status.in_progress')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ScheduleReminder({ schedule }: { schedule: LiveReservation }) {
  const requestLogin = useLoginRequest();
  const t = useMessage();
  const user = useStoredUser();
  const reserve = useReserveSchedule();
  const reserved = schedule.is_reserve === 1;
  return (
    <Button
      variant={reserved ? 'secondary' : 'primary'}
      disabled={reserve.isPending}
      onClick={() => {
        if (!user) {
          requestLogin();
          return;
        }
        if (!reserved) askNotificationPermission();
        reserve.mutate({ reserve_id: schedule.id, is_reserve: reserved ? 0 : 1 });
      }}
    >
      {reserved ? t('roomExtras.reserved') : t('roomExtras.reserve')}
    </Button>
  );
}

/** The anchor's last broadcasts; one opens in a player on demand. */
export function PastBroadcasts({ anchorId }: { anchorId: number }) {
  const t = useMessage();
  const when = useWhen();
  const playbacks = useAnchorPlaybacks(anchorId, shownBroadcasts);
  const [playing, setPlaying] = useState<LivePlayback | null>(null);
  const list = playbacks.data?.list ?? [];
  return (
    <section className={styles.panel} aria-labelledby="room-past">
      <h2 id="room-past" className={styles.panelTitle}>
        {t('roomExtras.pastBroadcasts')}
      </h2>
      {playbacks.isPending ? (
        <p className={styles.hint}>{t('common.loading')}</p>
      ) : playbacks.isError ? (
        <p className={styles.hint}>{t('common.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className={styles.hint}>{t('roomExtras.noPastBroadcasts')}</p>
      ) : (
        <ul className={styles.entries}>
          {list.map((playback) => (
            <li key={playback.id} className={styles.entry}>
              <button type="button" className={styles.thumb} onClick={() => setPlaying(playback)} aria-label={t('roomExtras.play', { title: playback.title })}>
                {playback.cover ? <img src={playback.cover} alt="" loading="lazy" /> : null}
                <span className={styles.thumbPlay} aria-hidden="true">
                  ▶
                </span>
              </button>
              <span className={styles.entryText}>
                <span className={styles.entryTitle} data-user-content>
                  {playback.title}
                </span>
                <span className={styles.entryMeta}>
                  {when(playback.start_time)} · {t('roomExtras.minutes', { count: Math.max(1, Math.round(playback.duration / 60)) })} ·{' '}
                  {t('roomExtras.views', { count: playback.views })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={playing !== null} title={playing?.title ?? ''} onClose={() => setPlaying(null)} closeLabel={t('roomExtras.close')} width={720}>
        {playing ? (
          <Suspense fallback={<p className={styles.hint}>{t('common.loading')}</p>}>
            <PlaybackPlayer src={playing.video} title={playing.title} />
          </Suspense>
        ) : null}
      </Dialog>
    </section>
  );
}
