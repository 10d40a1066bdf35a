import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAddHeadlineComment, useHeadline, useHeadlineComments, useLikeHeadlineComment } from '../../api/queries/content.ts';
import { useSubmitReport } from '../../api/queries/report.ts';
import type { components } from '../../api/schema';
import { useCommentLabels } from '../../i18n/use-comment-labels.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useReportLabels } from '../../i18n/use-report-labels.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { CommentBox, CommentThread } from '../../ui/comment-thread.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { ReportAction } from '../../ui/report-form.tsx';
import styles from './news-page.module.css';

type Comment = components['schemas']['CircleComment'];

/** The contract's limit: a comment is at most 500 characters. */
const commentMaxLength = 500;

/** /comment?id=: an article's comments with their replies and likes; a signed-in reader writes one, a guest is asked to log in. */
export function NewsCommentPage({ title }: { title: string }) {
  const t = useMessage();
  const intl = useIntl();
  const { id } = useRouteQuery('comment');
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const labels = useCommentLabels();
  const article = useHeadline(id ?? 0, intl.locale, { enabled: id !== undefined });
  const comments = useHeadlineComments({ id: id ?? 0, limit: 50 }, { enabled: id !== undefined });
  const add = useAddHeadlineComment();
  const like = useLikeHeadlineComment();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  if (id === undefined || article.isError) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
  const send = () => {
    const content = text.trim();
    if (content === '') return;
    add.mutate(
      { id, content, ...(replyTo ? { parent_id: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
      },
    );
  };
  return (
    <Page
      title={comments.data ? t('news.comments.title', { count: comments.data.total }) : title}
    >
      <section className={styles.article} aria-label={t('circle.commentsTitle')}>
        {article.data && (
          <p className={styles.articleMeta}>
            <a href={link('detail', { id })}>{t('news.comments.back')}</a>
            <span data-user-content>{article.data.title}</span>
          </p>
        )}
        {user ? (
          <CommentBox
            label={replyTo ? labels.replyTo(replyTo.user.user_nickname) : t('circle.commentLabel')}
            value={text}
            onChange={setText}
            maxLength={commentMaxLength}
            send={t('circle.send')}
            busy={add.isPending}
            onSend={send}
          />
        ) : (
          <p className={styles.notice}>
            {t('news.comments.loginFirst')}{' '}
            <Button variant="primary" onClick={() => requestLogin()}>
              {t('topBar.login')}
            </Button>
          </p>
        )}
        {add.isError && <p className={styles.problem}>{add.error.message}</p>}
        {comments.isPending ? (
          <EmptyState title={t('common.loading')} busy />
        ) : comments.isError ? (
          <EmptyState title={t('common.loadFailed')} />
        ) : comments.data.list.length === 0 ? (
          <EmptyState title={t('circle.noComments')} />
        ) : (
          <CommentThread
            comments={comments.data.list}
            labels={labels}
            timeOf={(comment) => formatTime(intl, fromTimestamp((comment as Comment).create_time))}
            onLike={(comment) => (user ? like.mutate({ comment_id: comment.id, is_like: comment.is_like === 1 ? 0 : 1 }) : requestLogin())}
            onReply={(comment) => (user ? setReplyTo(comment as Comment) : requestLogin())}
            actionsOf={(comment) => (user && user.id !== (comment as Comment).user.id ? <ReportNewsComment commentId={comment.id} /> : null)}
          />
        )}
      </section>
    </Page>
  );
}

/** Reports a reader's comment to the admins; never shown on one's own. */
function ReportNewsComment({ commentId }: { commentId: number }) {
  const labels = useReportLabels();
  const report = useSubmitReport();
  return <ReportAction quiet labels={labels} send={(body) => report.mutateAsync({ target_type: 'news_comment', target_id: commentId, ...body })} />;
}
