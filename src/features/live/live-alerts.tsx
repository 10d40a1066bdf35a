import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { showBrowserNotification } from '../../realtime/browser-notifications.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';
import { link } from '../../routes.ts';
import styles from './live-alerts.module.css';

export type LiveAlert = components['schemas']['SocketLiveAlert'];

/** How long a notice stays unless closed. */
export const alertShownMs = 15_000;
/** The most notices shown at once; older ones give way. */
const mostShown = 3;

interface Notice {
  key: number;
  alert: LiveAlert;
}

/** What a notice says and where it leads. */
export function useAlertText(): (alert: LiveAlert) => { title: string; body: string; href: string } {
  const t = useMessage();
  const { locale } = useIntl();
  return useCallback(
    (alert: LiveAlert) => {
      const roomHref = alert.room_id === undefined ? undefined : link('live', { id: alert.room_id });
      if (alert.kind === 'anchor_live') {
        return {
          title: t('liveAlerts.onAir', { name: alert.anchor?.user_nickname ?? '' }),
          body: alert.title ?? '',
          href: roomHref ?? link('attention'),
        };
      }
      const match = alert.match;
      const teams = match
        ? `${localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, locale)} VS ${localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, locale)}`
        : '';
      return {
        title: t('liveAlerts.kickoff'),
        body: teams,
        href: roomHref ?? (match ? link('scoreDetail', { id: match.id }) : link('reserve')),
      };
    },
    [t, locale],
  );
}

/** One notice: what happened, a link to watch it, and a close button. */
export function LiveAlertNotice({ alert, onClose }: { alert: LiveAlert; onClose: () => void }) {
  const t = useMessage();
  const text = useAlertText()(alert);
  return (
    <section className={styles.notice} role="status" aria-label={text.title} data-kind={alert.kind}>
      <div className={styles.text}>
        <strong className={styles.title}>{text.title}</strong>
        {text.body ? <span className={styles.body}>{text.body}</span> : null}
      </div>
      <a className={styles.watch} href={text.href} onClick={onClose}>
        {t('liveAlerts.watch')}
      </a>
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('liveAlerts.close')}>
        ×
      </button>
    </section>
  );
}

/**
 * The site's live alerts, on every page: an anchor I follow went on air, a match I
 * reserved kicked off. They come over the site socket, which registers again whenever the logged-in
 * user changes (src/realtime/site-socket.tsx), so the server knows whom it serves; a browser
 * notification goes with each where allowed.
 */
export function LiveAlertHost() {
  const text = useAlertText();
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextKey = useRef(0);


  const close = useCallback((key: number) => setNotices((shown) => shown.filter((notice) => notice.key !== key)), []);

  useSocketEvent(
    'live.alert',
    useCallback(
      (event) => {
        const key = nextKey.current++;
        setNotices((shown) => [...shown, { key, alert: event.alert }].slice(-mostShown));
        const { title, body, href } = text(event.alert);
        showBrowserNotification(title, body, href, `live-alert-${event.alert.kind}-${String(event.alert.room_id ?? event.alert.match?.id ?? key)}`);
        window.setTimeout(() => close(key), alertShownMs);
      },
      [text, close],
    ),
  );

  if (notices.length === 0) return null;
  return (
    <div className={styles.host} data-testid="live-alerts">
      {notices.map((notice) => (
        <LiveAlertNotice key={notice.key} alert={notice.alert} onClose={() => close(notice.key)} />
      ))}
    </div>
  );
}
