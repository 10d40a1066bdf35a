import { useIntl } from 'react-intl';
import { useHeadline } from '../../api/queries/content.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import styles from './news-page.module.css';

/** /detail?id=: one article, its text shown as text (paragraphs split at blank lines), never as HTML. */
export function NewsDetailPage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const { id } = useRouteQuery('detail');
  const article = useHeadline(id ?? 0, locale, { enabled: id !== undefined });
  const shown = article.data;
  return (
    <Page
      title={id !== undefined && shown ? shown.title : title}
      titleIsUserContent={id !== undefined && shown !== undefined}
    >
      {id === undefined || article.isError ? (
        <>
          <p>
            <a href={link('news')}>{t('news.back')}</a>
          </p>
          <EmptyState title={t('common.noData')} />
        </>
      ) : article.isPending ? (
        <EmptyState title={t('common.loading')} busy />
      ) : (
        <article className={styles.article} aria-label={article.data.title}>
          {article.data.status !== 'audit_successful' && <p className={styles.notice}>{t('news.underReview')}</p>}
          <p className={styles.articleMeta}>
            <a href={link('news')}>{t('news.back')}</a>
            <span>{article.data.classify_name}</span>
            <span data-user-content>{article.data.author_nickname ? t('news.by', { name: article.data.author_nickname }) : t('news.editors')}</span>
            <time dateTime={new Date(article.data.publish_time * 1000).toISOString()}>{new Date(article.data.publish_time * 1000).toLocaleString(locale)}</time>
            <span>{t('news.views', { count: article.data.views })}</span>
          </p>
          <figure className={styles.cover}>
            <img src={article.data.cover} alt="" width={800} height={450} />
          </figure>
          <div className={styles.body} data-user-content>
            {article.data.content.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {article.data.status === 'audit_successful' && (
            <p>
              <a href={link('comment', { id: article.data.id })}>{t('news.comments.open')}</a>
            </p>
          )}
        </article>
      )}
    </Page>
  );
}
