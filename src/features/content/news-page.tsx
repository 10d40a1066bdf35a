import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAdverts, useHeadlineCategories, useHeadlinePage } from '../../api/queries/content.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { link } from '../../routes.ts';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Image } from '../../ui/image.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { HeadlineForm } from './headline-form.tsx';
import styles from './news-page.module.css';

type Headline = components['schemas']['HeadlineBrief'];

const pageSize = 12;

/** /news: the headline categories, each one's articles page by page, the news advert, and the form to send an article. */
export function NewsPage({ title }: { title: string }) {
  const t = useMessage();
  const { locale } = useIntl();
  const labels = usePaginationLabels();
  const categories = useHeadlineCategories(locale);
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const classifyId = category === 'all' ? undefined : Number(category);
  const articles = useHeadlinePage({ page, limit: pageSize, ...(classifyId ? { classify_id: classifyId } : {}) }, locale, { keepPrevious: true });
  const adverts = useAdverts('news', locale);
  const tabs = [{ key: 'all', label: t('news.all') }, ...(categories.data ?? []).map((c) => ({ key: String(c.id), label: c.name }))];
  return (
    <Page title={title}>
      <div className={styles.layout}>
        <div className={styles.main}>
          <Tabs
            label={t('news.categories')}
            tabs={tabs}
            selected={category}
            onSelect={(key) => {
              setCategory(key);
              setPage(1);
            }}
          >
            {articles.isPending ? (
              <EmptyState title={t('common.loading')} busy />
            ) : articles.isError ? (
              <EmptyState title={t('common.loadFailed')} />
            ) : articles.data.list.length === 0 ? (
              <EmptyState title={t('common.noData')} />
            ) : (
              <>
                <ul className={styles.grid} aria-label={tabs.find((tab) => tab.key === category)?.label}>
                  {articles.data.list.map((article, index) => (
                    <li key={article.id}>
                      <HeadlineCard article={article} priority={page === 1 && index < 3} />
                    </li>
                  ))}
                </ul>
                <Pagination {...labels} label={title} page={page} pageCount={pageCountOf(articles.data.total, pageSize)} onChange={setPage} />
              </>
            )}
          </Tabs>
        </div>
        <aside className={styles.side}>
          {adverts.data?.map((advert) => (
            <a
              key={advert.id}
              className={styles.advert}
              href={advert.link}
              {...(advert.link.startsWith('https://') ? { target: '_blank', rel: 'noopener noreferrer sponsored' } : {})}
            >
              <Image src={advert.image} alt="" width={320} height={120} shape="rounded" />
              <span>
                <span className={styles.advertTag}>{t('news.advert')}</span> <span data-user-content>{advert.title}</span>
              </span>
            </a>
          ))}
          <HeadlineForm categories={categories.data ?? []} />
        </aside>
      </div>
    </Page>
  );
}

function HeadlineCard({ article, priority }: { article: Headline; priority: boolean }) {
  const t = useMessage();
  const { locale } = useIntl();
  return (
    <Card
      title={<span data-user-content>{article.title}</span>}
      href={link('detail', { id: article.id })}
      media={<Image src={article.cover} alt="" width={400} height={225} lazy={!priority} priority={priority} />}
    >
      <p className={styles.summary} data-user-content>
        {article.summary}
      </p>
      <p className={styles.meta}>
        {article.is_top && <span className={styles.top}>{t('news.top')}</span>}
        <time dateTime={new Date(article.publish_time * 1000).toISOString()}>{new Date(article.publish_time * 1000).toLocaleDateString(locale)}</time>
        <span>{t('news.views', { count: article.views })}</span>
      </p>
    </Card>
  );
}
