import { useIntl } from 'react-intl';
import { usePortalPage } from '../../api/queries/content.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { aboutTitles, link, useRouteQuery } from '../../routes.ts';
import styles from './about-page.module.css';

const types = [1, 2, 3, 4, 5, 6] as const;

/** /about-user?type=1..6: the legal and help pages (SPEC §2), written by the site's staff, shown as text. */
export function AboutPage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const { type } = useRouteQuery('aboutUser');
  const page = usePortalPage(type, locale);
  const shown = page.data?.[0];
  return (
    <Page title={shown?.title ?? title}>
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label={t('content.about.menu')}>
          <ul>
            {types.map((each) => (
              <li key={each}>
                <a href={link('aboutUser', { type: each })} aria-current={each === type ? 'page' : undefined}>
                  {t(aboutTitles[each])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className={styles.article}>
          {page.isPending ? (
            <EmptyState title={t('common.loading')} busy />
          ) : !shown ? (
            <EmptyState title={t('common.noData')} />
          ) : (
            <>
              {shown.content.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              <p className={styles.updated}>
                {t('content.about.updated', { date: new Date(shown.update_time * 1000).toLocaleDateString(locale) })}
              </p>
            </>
          )}
        </article>
      </div>
    </Page>
  );
}
