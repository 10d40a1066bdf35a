import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useNotices, useReadNotices } from '../../api/queries/chat.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { Button } from '../../ui/button.tsx';
import styles from './chat-page.module.css';

// The message centre's notices beside the conversations (SPEC §4: a received system message is stored as a
// notice): the site's editors' and its own (a review's outcome), unread ones marked, read by opening them.

/** The unread count for the tab's label; 0 while unknown. */
export function useUnreadNotices(): number {
  return useNotices(true).data?.unread ?? 0;
}

export function NoticesPane() {
  const t = useMessage();
  const intl = useIntl();
  const notices = useNotices(true);
  const read = useReadNotices();
  if (!notices.data) return <p className={styles.muted}>{notices.isError ? t('common.loadFailed') : t('common.loading')}</p>;
  if (notices.data.list.length === 0) return <p className={styles.muted}>{t('notices.empty')}</p>;
  return (
    <div className={styles.notices}>
      {(notices.data.unread ?? 0) > 0 ? (
        <div className={styles.noticesBar}>
          <Button disabled={read.isPending} onClick={() => read.mutate(undefined)}>
            {t('notices.readAll')}
          </Button>
        </div>
      ) : null}
      <ul className={styles.noticeList} aria-label={t('notices.title')}>
        {notices.data.list.map((notice) => {
          const unread = notice.is_read === 0;
          const markRead = () => {
            if (unread) read.mutate(notice.id);
          };
          return (
            <li key={notice.id} className={unread ? `${styles.notice} ${styles.noticeUnread}` : styles.notice}>
              <p className={styles.noticeTitle}>
                {unread ? <span className={styles.noticeDot} aria-label={t('notices.unread')} role="img" /> : null}
                {notice.title}
              </p>
              {/* An editor's or a reviewer's words: text, never markup. */}
              <p className={styles.noticeContent}>{notice.content}</p>
              <p className={styles.noticeMeta}>
                <span>{formatTime(intl, fromTimestamp(notice.create_time))}</span>
                {notice.link ? (
                  <Link to={notice.link} onClick={markRead}>
                    {t('notices.open')}
                  </Link>
                ) : unread ? (
                  <button type="button" className={styles.noticeRead} onClick={markRead}>
                    {t('notices.markRead')}
                  </button>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
