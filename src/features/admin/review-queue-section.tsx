import { useState, type ReactNode } from 'react';
import type { MessageId } from '../../i18n/messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import styles from './admin-page.module.css';

/** A page of items under review, as the admin list calls answer. */
export interface ReviewQueuePage<Row> {
  list: Row[];
  total: number;
  limit: number;
}

export interface ReviewQueueSectionProps<Row> {
  /** The id of the section's heading, unique on the page. */
  headingId: string;
  title: MessageId;
  /** What is said when nothing waits. */
  empty: MessageId;
  /** The list call of the queue, one page at a time. */
  usePage: (page: number) => { isError: boolean; data?: ReviewQueuePage<Row> | undefined };
  /** The page's items, as a list or a table. */
  children: (rows: Row[]) => ReactNode;
}

/** One review queue of the console: its items page by page, or why there are none to show. */
export function ReviewQueueSection<Row>({ headingId, title, empty, usePage, children }: ReviewQueueSectionProps<Row>) {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const list = usePage(page);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t(title)}</h2>
      {list.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !list.data ? (
        <p>{t('common.loading')}</p>
      ) : list.data.list.length === 0 ? (
        <p>{t(empty)}</p>
      ) : (
        <>
          {children(list.data.list)}
          <Pagination
            {...pageLabels}
            page={page}
            pageCount={pageCountOf(list.data.total, list.data.limit)}
            onChange={setPage}
            label={t(title)}
          />
        </>
      )}
    </section>
  );
}
