import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useAddComment, useCommentPage, useLikeComment, usePost } from '../../api/queries/circle.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useCommentLabels } from '../../i18n/use-comment-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { CommentBox, CommentThread } from '../../ui/comment-thread.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { useRouteQuery } from '../../routes.ts';
import { PostCard, ReportCircleContent } from './post-card.tsx';
import styles from './circle-page.module.css';

type Comment = components['schemas']['CircleComment'];

/** SPEC-free limit of the contract: a comment is at most 500 characters. */
const commentMaxLength = 500;

/** /circle-detail?id=: a post, its comments with their replies, and the comment box. */
export function CircleDetailPage({ title }: { title: string }) {
  const t = useMessage();
  const { id } = useRouteQuery('circleDetail');
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const post = usePost(id ?? 0, { enabled: id !== undefined });
  const comments = useCommentPage({ post_id: id ?? 0, limit: 50 }, { enabled: id !== undefined });
  const add = useAddComment();
  const like = useLikeComment();
  const intl = useIntl();
  const labels = useCommentLabels();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  if (id === undefined) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
  const send = () => {
    if (!user) return requestLogin();
    const content = text.trim();
    if (content === '') return;
    add.mutate(
      { post_id: id, content, ...(replyTo ? { parent_id: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
      },
    );
  };
  return (
    <Page title={title}>
      <div className={styles.feed}>
        {post.isPending ? (
          <EmptyState title={t('common.loading')} busy />
        ) : post.isError ? (
          <EmptyState title={t('common.noData')} />
        ) : (
          <PostCard post={post.data} linked={false} />
        )}
        <section className={styles.post} aria-label={t('circle.commentsTitle')}>
          <CommentBox
            label={replyTo ? t('circle.replyTo', { name: replyTo.user.user_nickname }) : t('circle.commentLabel')}
            value={text}
            onChange={setText}
            maxLength={commentMaxLength}
            send={t('circle.send')}
            busy={add.isPending}
            onSend={send}
          />
          {comments.data && comments.data.list.length > 0 ? (
            <CommentThread
              comments={comments.data.list}
              labels={labels}
              timeOf={(comment) => formatTime(intl, fromTimestamp((comment as Comment).create_time))}
              onLike={(comment) => (user ? like.mutate({ comment_id: comment.id, is_like: comment.is_like === 1 ? 0 : 1 }) : requestLogin())}
              onReply={(comment) => setReplyTo(comment as Comment)}
              actionsOf={(comment) =>
                user && user.id !== (comment as Comment).user.id ? <ReportCircleContent targetType="post_comment" targetId={comment.id} /> : null
              }
            />
          ) : (
            !comments.isPending && <EmptyState title={t('circle.noComments')} />
          )}
        </section>
      </div>
    </Page>
  );
}
