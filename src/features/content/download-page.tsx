import { useMessage } from '../../i18n/use-message.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { Page } from '../../ui/page.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { link } from '../../routes.ts';
import styles from './download-page.module.css';

/**
 * How each phone puts the site on its home screen. Pitchside ships no store app: the site itself is what a
 * phone installs, so the tutorials are the browsers' own steps and the QR code holds the site's address.
 */
const platforms: readonly { key: 'android' | 'ios'; title: MessageId; browser: MessageId; steps: readonly MessageId[] }[] = [
  {
    key: 'android',
    title: 'content.download.android',
    browser: 'content.download.androidBrowser',
    steps: ['content.download.androidStep1', 'content.download.androidStep2', 'content.download.androidStep3', 'content.download.androidStep4'],
  },
  {
    key: 'ios',
    title: 'content.download.ios',
    browser: 'content.download.iosBrowser',
    steps: ['content.download.iosStep1', 'content.download.iosStep2', 'content.download.iosStep3', 'content.download.iosStep4'],
  },
];

/** /downLoad: the QR codes and the Android and iOS install tutorials (SPEC §2). */
export function DownloadPage({ title }: { title: string }) {
  const t = useMessage();
  const address = new URL(link('main'), window.location.origin).href;
  return (
    <Page title={title} subtitle={t('content.download.subtitle')}>
      <div className={styles.platforms}>
        {platforms.map((platform) => (
          <section key={platform.key} className={styles.platform} aria-labelledby={`download-${platform.key}`}>
            <div className={styles.code}>
              <QrCode value={address} label={t('content.download.scan', { platform: t(platform.title) })} size={152} />
              <span className={styles.address}>{address}</span>
            </div>
            <div className={styles.tutorial}>
              <h2 id={`download-${platform.key}`} className={styles.heading}>
                {t(platform.title)}
              </h2>
              <p className={styles.browser}>{t(platform.browser)}</p>
              <ol className={styles.steps}>
                {platform.steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </div>
          </section>
        ))}
      </div>
      <p className={styles.note}>{t('content.download.note')}</p>
    </Page>
  );
}
