import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { showBrowserNotification } from '../../realtime/browser-notifications.ts';
import { link } from '../../routes.ts';
import styles from './live-alerts.module.css';

export type LiveAlert = components['schemas']['SocketLiveAlert'];

/** How long a notice stays unless closed. */
export const alertShownMs = 15_000;
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

/** A live alert as the shell's host keeps it until it is closed. */
export interface ArrivedAlert {
  key: number;
  alert: LiveAlert;
}

/**
 * The notices of the alerts that arrived (src/features/live/live-alert-host.tsx keeps them): each with a browser
 * notification where allowed, closed by its button, its link, or after `alertShownMs`.
 */
export function LiveAlertStack({ notices, onClose }: { notices: readonly ArrivedAlert[]; onClose: (key: number) => void }) {
  const text = useAlertText();
  const announced = useRef(new Set<number>());

  useEffect(() => {
    for (const { key, alert } of notices) {
      if (announced.current.has(key)) continue;
      announced.current.add(key);
      const { title, body, href } = text(alert);
      showBrowserNotification(title, body, href, `live-alert-${alert.kind}-${String(alert.room_id ?? alert.match?.id ?? key)}`);
      window.setTimeout(() => onClose(key), alertShownMs);
    }
  }, [notices, text, onClose]);

  if (notices.length === 0) return null;
  return (
    <div className={styles.host} data-testid="live-alerts">
      {notices.map((notice) => (
        <LiveAlertNotice key={notice.key} alert={notice.alert} onClose={() => onClose(notice.key)} />
      ))}
    </div>
  );
}
