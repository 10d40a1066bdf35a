import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useAddComment, useCommentPage, useLikeComment, usePost } from '../../api/queries/circle.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useRouteQuery } from '../../routes.ts';
import { PostCard, ReportCircleContent } from './post-card.tsx';
import styles from './circle-page.module.css';

type Comment = components['schemas']['CircleComment'];

/** SPEC-free limit of the contract: a comment is at most 500 characters. */
const commentMaxLength = 500;

function CommentItem({ comment, onReply }: { comment: Comment; onReply: (comment: Comment) => void }) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const like = useLikeComment();
  return (
    <li className={styles.comment}>
      <Avatar src={comment.user.avatar} name={comment.user.user_nickname} size={32} />
      <div className={styles.commentBody}>
        <span className={styles.author}>
          <span data-user-content>{comment.user.user_nickname}</span>
          {comment.reply_to && <span className={styles.muted}> {t('circle.replyTo', { name: comment.reply_to.user_nickname })}</span>}
        </span>
        <p className={styles.content} data-user-content>
          {comment.content}
        </p>
        <div className={styles.commentActions}>
          <span className={styles.muted}>{formatTime(intl, fromTimestamp(comment.create_time))}</span>
          <button
            type="button"
            className={styles.action}
            aria-pressed={comment.is_like === 1}
            onClick={() => (user ? like.mutate({ comment_id: comment.id, is_like: comment.is_like === 1 ? 0 : 1 }) : requestLogin())}
          >
            {t('circle.likes', { count: comment.like_count })}
          </button>
          <button type="button" className={styles.action} onClick={() => onReply(comment)}>
            {t('circle.reply')}
          </button>
          {user && user.id !== comment.user.id && <ReportCircleContent targetType="post_comment" targetId={comment.id} />}
        </div>
        {comment.replies.length > 0 && (
          <ul className={styles.replies}>
            {comment.replies.map((reply) => (
              <CommentItem key={reply.id} comment={reply} onReply={onReply} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** /circle-detail?id=: a post, its comments with their replies, and the comment box. */
export function CircleDetailPage({ title }: { title: string }) {
  const t = useMessage();
  const { id } = useRouteQuery('circleDetail');
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const post = usePost(id ?? 0, { enabled: id !== undefined });
  const comments = useCommentPage({ post_id: id ?? 0, limit: 50 }, { enabled: id !== undefined });
  const add = useAddComment();
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
          <form
            className={styles.commentForm}
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <TextInput
              label={replyTo ? t('circle.replyTo', { name: replyTo.user.user_nickname }) : t('circle.commentLabel')}
              hideLabel
              value={text}
              onChange={setText}
              maxLength={commentMaxLength}
              placeholder={replyTo ? t('circle.replyTo', { name: replyTo.user.user_nickname }) : t('circle.commentLabel')}
            />
            <Button type="submit" variant="primary" disabled={add.isPending}>
              {t('circle.send')}
            </Button>
          </form>
          {comments.data && comments.data.list.length > 0 ? (
            <ul className={styles.comments}>
              {comments.data.list.map((comment) => (
                <CommentItem key={comment.id} comment={comment} onReply={setReplyTo} />
              ))}
            </ul>
          ) : (
            !comments.isPending && <EmptyState title={t('circle.noComments')} />
          )}
        </section>
      </div>
    </Page>
  );
}
