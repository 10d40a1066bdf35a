import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { components } from '../../api/schema';
import { useDeletePost, useLikePost } from '../../api/queries/circle.ts';
import { useSubmitReport } from '../../api/queries/report.ts';
import { useReportLabels } from '../../i18n/use-report-labels.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmBox } from '../../ui/confirm-box.tsx';
import { Image } from '../../ui/image.tsx';
import { ReportAction } from '../../ui/report-form.tsx';
import { link } from '../../routes.ts';
import styles from './circle-page.module.css';

type Post = components['schemas']['CirclePost'];

/** One post: author, circle, text (always as text), its photos or video, and its like and comment counts. */
export function PostCard({ post, linked = true }: { post: Post; linked?: boolean }) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const like = useLikePost();
  const toggleLike = () => {
    if (!user) return requestLogin();
    like.mutate({ post_id: post.id, is_like: post.is_like === 1 ? 0 : 1 });
  };
  return (
    <article className={styles.post} aria-label={t('circle.postBy', { name: post.author.user_nickname })}>
      <header className={styles.postHead}>
        <Avatar src={post.author.avatar} name={post.author.user_nickname} size={40} />
        <div className={styles.postMeta}>
          <span className={styles.author} data-user-content>
            {post.author.user_nickname}
          </span>
          <span className={styles.muted}>
            {formatTime(intl, fromTimestamp(post.create_time))} · <span data-user-content>{post.circle.name}</span>
          </span>
        </div>
      </header>
      <p className={styles.content} data-user-content>
        {post.content}
      </p>
      {post.images.length > 0 && (
        <div className={styles.photos} data-count={post.images.length}>
          {post.images.map((src) => (
            <Image key={src} src={src} alt="" shape="rounded" />
          ))}
        </div>
      )}
      {post.video && <video className={styles.video} src={post.video.url} poster={post.video.cover} controls preload="none" />}
      <footer className={styles.actions}>
        <button type="button" className={styles.action} aria-pressed={post.is_like === 1} onClick={toggleLike} disabled={like.isPending}>
          {t('circle.likes', { count: post.like_count })}
        </button>
        {linked ? (
          <a className={styles.action} href={link('circleDetail', { id: post.id })}>
            {t('circle.comments', { count: post.comment_count })}
          </a>
        ) : (
          <span className={styles.action}>{t('circle.comments', { count: post.comment_count })}</span>
        )}
        {user && user.id !== post.author.id && <ReportCircleContent targetType="post" targetId={post.id} />}
        {user && user.id === post.author.id && <DeleteOwnPost postId={post.id} leaveAfter={!linked} />}
      </footer>
    </article>
  );
}

/** The author's delete action, asked once more before the post, its comments and its likes go; on the post's own page it then returns to /circle. */
function DeleteOwnPost({ postId, leaveAfter }: { postId: number; leaveAfter: boolean }) {
  const t = useMessage();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={styles.action} disabled={remove.isPending} onClick={() => setAsking(true)}>
        {t('circle.delete')}
      </button>
      <ConfirmBox
        open={asking}
        title={t('circle.delete.title')}
        message={t('circle.delete.message')}
        confirmLabel={t('circle.delete')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          remove.mutate(postId, { onSuccess: () => (leaveAfter ? void navigate(link('circle')) : undefined) });
        }}
      />
    </>
  );
}

/** Reports a post or a comment of the circles to the admins; never shown on one's own. */
export function ReportCircleContent({ targetType, targetId }: { targetType: 'post' | 'post_comment'; targetId: number }) {
  const labels = useReportLabels();
  const report = useSubmitReport();
  return <ReportAction quiet labels={labels} send={(body) => report.mutateAsync({ target_type: targetType, target_id: targetId, ...body })} />;
}
