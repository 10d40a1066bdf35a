import { useIntl } from 'react-intl';
import type { components } from '../../api/schema.d.ts';
import { fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import styles from './account-pages.module.css';

export type LoginQrRequester = components['schemas']['LoginQrRequester'];

export interface QrLoginRequestProps {
  /** Who asked for the QR code: device, address and time, as user/scanLoginQrcode answers them. */
  requestedBy: LoginQrRequester;
}

/**
 * What the confirm page shows of the browser that asked for the QR code (against QRLjacking: a code shown on another site): a code
 * shown by someone else's page would log that page in, so the user checks it is their own first.
 */
export function QrLoginRequest({ requestedBy }: QrLoginRequestProps) {
  const t = useMessage();
  const intl = useIntl();
  const { browser, os, address, requested_at } = requestedBy;
  const device =
    browser !== null && os !== null ? t('qrConfirm.deviceOn', { browser, os }) : (browser ?? os ?? t('qrConfirm.unknownDevice'));
  const at = fromTimestamp(requested_at);
  return (
    <section className={styles.request} aria-label={t('qrConfirm.requestedBy')}>
      <h3 className={styles.requestTitle}>{t('qrConfirm.requestedBy')}</h3>
      <dl className={styles.requestFacts}>
        <dt>{t('qrConfirm.device')}</dt>
        <dd>{device}</dd>
        <dt>{t('qrConfirm.address')}</dt>
        <dd>{address}</dd>
        <dt>{t('qrConfirm.time')}</dt>
        <dd>
          <time dateTime={at.toISOString()}>
            {intl.formatDate(at, {
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
              hourCycle: 'h23',
            })}
          </time>
        </dd>
      </dl>
      <p className={styles.warning}>{t('qrConfirm.notYou')}</p>
    </section>
  );
}
