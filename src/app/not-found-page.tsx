import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Page } from '../ui/page.tsx';
import { link } from '../routes.ts';
import styles from './not-found-page.module.css';

/** /404, where unknown paths are sent (SPEC §2). */
export function NotFoundPage() {
  const t = useMessage();
  return (
    <Page title={t('notFound.title')}>
      <EmptyState
        icon="search"
        title={t('notFound.body')}
        action={
          <a className={styles.link} href={link('main')}>
            {t('notFound.backHome')}
          </a>
        }
      />
    </Page>
  );
}
