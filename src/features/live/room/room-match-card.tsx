import { useIntl } from 'react-intl';
import { useMyReservations } from '../../../api/queries/live-directory.ts';
import { useReserveMatch } from '../../../api/queries/live-room.ts';
import type { components } from '../../../api/schema';
import { localName } from '../../../i18n/locale.ts';
import { matchClockText } from '../../../i18n/match-clock.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { askNotificationPermission } from '../../../realtime/browser-notifications.ts';
import { useLoginRequest } from '../../../realtime/login-request.tsx';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { Button } from '../../../ui/button.tsx';
import { MatchLine } from '../../../ui/match-line.tsx';
import styles from './room-page.module.css';
import { useLiveMatch, useLiveMatchSport } from '../use-live-match.ts';

type LiveMatchBrief = components['schemas']['LiveMatchBrief'];

/**
 * The match a room shows, its score kept live by the site socket's match pushes (as the score pages
 * do), with a reminder of the match for a viewer who wants to hear when it kicks off.
 */
export function RoomMatchCard({ match: given }: { match: LiveMatchBrief }) {
  const t = useMessage();
  const { locale } = useIntl();
  useLiveMatchSport(given.type);
  const match = useLiveMatch(given) ?? given;

  const started = match.status !== 'not_started';
  const middle =
    match.status === 'in_progress'
      ? (match.match_str && matchClockText(match.match_str, t)) || t('status.in_progress')
      : match.status === 'over'
        ? t('status.finished')
        : 'VS';
  return (
    <section className={styles.match} aria-label={t('room.match')} data-match-id={match.id} data-match-score={started ? `${String(match.home_score)}-${String(match.away_score)}` : undefined}>
      <span className={styles.league}>{locale.startsWith('zh') ? match.short_name_zh : match.league_name_en || match.short_name_zh}</span>
      <MatchLine
        home={{
          name: localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, locale),
          logo: match.home_team_logo,
          score: started ? match.home_score : undefined,
        }}
        away={{
          name: localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, locale),
          logo: match.away_team_logo,
          score: started ? match.away_score : undefined,
        }}
        middle={middle}
      />
      {match.status === 'not_started' ? <MatchReminder matchId={match.id} /> : null}
    </section>
  );
}

/** "Remind me" of a match not yet begun: the alert comes when it kicks off. */
function MatchReminder({ matchId }: { matchId: number }) {
  const requestLogin = useLoginRequest();
  const t = useMessage();
  const user = useStoredUser();
  const mine = useMyReservations({ page: 1, limit: 50 }, { enabled: user !== null });
  const reserve = useReserveMatch();
  const reserved =
    reserve.data !== undefined && reserve.variables?.match_id === matchId
      ? reserve.data.is_reserve === 1
      : (mine.data?.list.some((item) => item.kind === 'match' && item.match?.id === matchId) ?? false);
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
        reserve.mutate({ match_id: matchId, is_reserve: reserved ? 0 : 1 });
      }}
    >
      {reserved ? t('roomExtras.matchReserved') : t('roomExtras.reserveMatch')}
    </Button>
  );
}
