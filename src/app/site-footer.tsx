import type { MessageId } from '../i18n/messages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { Image } from '../ui/image.tsx';
import { aboutTitles, link } from '../routes.ts';
import styles from './site-footer.module.css';

/** What the footer shows from the system config (SPEC §3); empty strings are left out. */
export interface FooterConfig {
  /** The Weibo QR code image. */
  weibo_qr_code: string;
  /** The follow-us (official account) QR code image. */
  follow_us: string;
  /** Who to contact to become a streamer. */
  apply_for_anchor: string;
  /** The feedback QQ number. */
  feedback_qq: string;
  /** The customer-service e-mail address. */
  customer_service_email: string;
  /** The ICP record number. */
  site_icp: string;
}

export interface SiteFooterProps {
  /** The site's name for the copyright line. */
  siteName: string;
  /** The system config, or null while it loads or when it could not be had (SPEC §8: ignored). */
  config: FooterConfig | null;
  /** The year of the copyright line. */
  year: number;
}

const columns: readonly { key: string; title: MessageId; links: readonly { label: MessageId; href: string }[] }[] = [
  {
    key: 'watch',
    title: 'footer.watch',
    links: [
      { label: 'nav.streamers', href: link('anchor') },
      { label: 'nav.football', href: link('football') },
      { label: 'nav.basketball', href: link('basketball') },
      { label: 'nav.schedule', href: link('schedule') },
    ],
  },
  {
    key: 'discover',
    title: 'footer.discover',
    links: [
      { label: 'nav.news', href: link('news') },
      { label: 'nav.circle', href: link('circle') },
      { label: 'nav.videos', href: link('videoList') },
      { label: 'nav.experts', href: link('specialist') },
    ],
  },
  {
    key: 'help',
    title: 'footer.help',
    links: [
      { label: 'about.type5', href: link('aboutUser', { type: 5 }) },
      { label: 'about.type6', href: link('aboutUser', { type: 6 }) },
      { label: 'nav.download', href: link('downLoad') },
    ],
  },
];

const legalTypes = [1, 2, 3, 4, 5, 6] as const;

/** The footer of SPEC §2: link columns, two QR codes, contact details, ICP number and legal links. */
export function SiteFooter({ siteName, config, year }: SiteFooterProps) {
  const t = useMessage();
  const contacts = config
    ? (
        [
          ['footer.applyForAnchor', config.apply_for_anchor],
          ['footer.feedbackQq', config.feedback_qq],
          ['footer.email', config.customer_service_email],
        ] as const
      ).filter(([, value]) => value !== '')
    : [];
  const codes = config
    ? (
        [
          ['footer.weibo', config.weibo_qr_code],
          ['footer.followUs', config.follow_us],
        ] as const
      ).filter(([, src]) => src !== '')
    : [];

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          {columns.map((column) => (
            <section key={column.key} aria-labelledby={`footer-${column.key}`}>
              <h2 id={`footer-${column.key}`} className={styles.heading}>
                {t(column.title)}
              </h2>
              <ul className={styles.links}>
                {column.links.map((entry) => (
                  <li key={entry.href}>
                    <a href={entry.href}>{t(entry.label)}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              {t('footer.contact')}
            </h2>
            {contacts.length > 0 ? (
              <dl className={styles.contacts}>
                {contacts.map(([label, value]) => (
                  <div key={label}>
                    <dt>{t(label)}</dt>
                    <dd>{label === 'footer.email' ? <EmailLink address={value} /> : value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className={styles.muted}>{t('common.noData')}</p>
            )}
          </section>
          {codes.length > 0 && (
            <div className={styles.codes}>
              {codes.map(([label, src]) => (
                <figure key={label} className={styles.code}>
                  <Image src={src} alt={t(label)} width={96} height={96} fit="contain" shape="rounded" />
                  <figcaption>{t(label)}</figcaption>
                </figure>
              ))}
            </div>
          )}
        </div>
        <div className={styles.legal}>
          <nav aria-label={t('footer.legal')}>
            <ul className={styles.legalLinks}>
              {legalTypes.map((type) => (
                <li key={type}>
                  <a href={link('aboutUser', { type })}>{t(aboutTitles[type])}</a>
                </li>
              ))}
            </ul>
          </nav>
          <p className={styles.muted}>
            © {year} {siteName}
            {config && config.site_icp !== '' && (
              // The filing number is written as the Chinese authority issues it, in every language.
              <span className={styles.icp} lang="zh">
                {config.site_icp}
              </span>
            )}
          </p>
        </div>
      </div>
    </footer>
  );
}

/** An address that breaks, when it must, after its @ rather than inside a word. */
function EmailLink({ address }: { address: string }) {
  const at = address.indexOf('@');
  return (
    <a href={`mailto:${address}`} className={styles.email}>
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at + 1)}
          <wbr />
          {address.slice(at + 1)}
        </>
      )}
    </a>
  );
}
