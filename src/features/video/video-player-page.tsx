import { useEffect, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSubmitReport } from '../../api/queries/report.ts';
import { useNavigate } from 'react-router-dom';
import {
  useAddVideoView,
  useCommentOnVideo,
  useDeleteVideo,
  useFavoriteVideo,
  useLikeVideo,
  useLikeVideoComment,
  useVideoCommentReplies,
  useVideoComments,
  useVideoInfo,
  useVideoList,
  type Video,
  type VideoComment,
} from '../../api/queries/video.ts';
import { fromTimestamp, formatTime } from '../../i18n/relative-time.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { Avatar } from '../../ui/avatar.tsx';
import type { Chapter } from '../../ui/chapter-list.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { List } from '../../ui/list.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { ReportAction } from '../../ui/report-form.tsx';
import { useReportLabels } from '../../i18n/use-report-labels.ts';
import { TextInput } from '../../ui/text-input.tsx';
import { VideoCard } from './video-card.tsx';
import { TranscodeJobPanel } from './transcode-job-panel.tsx';
import { loadHls } from './video-media.ts';
import { VodPlayer } from './vod-player.tsx';
import styles from './video.module.css';

const commentPageSize = 20;
/**
 * Related videos and comments are asked for once the player has settled, or after this long at most: before the
 * first frame, the page's requests are the player's alone.
 */
const asidesAfterMs = 3000;

/** /video-player?id= (SPEC §2): the video, its likes, favourites and comments, and related videos. */
export function VideoPlayerPage({ title }: { title: string }): ReactElement {
  const t = useMessage();
  const { id } = useRouteQuery('videoPlayer');
  const info = useVideoInfo(id);
  // hls.js comes down beside the video's data, not after it.
  useEffect(() => void loadHls().catch(() => undefined), []);
  if (id === undefined || info.isError) return <Page title={title}><EmptyState title={t('video.missing')} /></Page>;
  if (!info.data) return <Page title={title}><EmptyState title={t('common.loading')} busy /></Page>;
  return <VideoView key={info.data.id} video={info.data} />;
}

function VideoView({ video }: { video: Video }) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const navigate = useNavigate();
  const addView = useAddVideoView();
  const like = useLikeVideo();
  const favorite = useFavoriteVideo();
  const remove = useDeleteVideo();
  const own = user !== null && user.id === video.author.id;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), asidesAfterMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Page title={video.title} titleIsUserContent>
      <div className={styles.columns}>
        <div>
          <VodPlayer video={video} chapters={chapterMarks(video, t)} onWatched={() => addView.mutate(video.id)} onSettled={() => setSettled(true)} />
          {own && /^\/media\/(uploads|renditions)\//.test(video.play_url) && <TranscodeJobPanel videoId={video.id} />}
          {video.review_status !== 'audit_successful' && (
            <p className={styles.notice} role="status">
              {video.review_status === 'under_review' ? t('video.underReview') : t('video.refused', { reason: video.review_reason ?? '' })}
            </p>
          )}
          <div className={styles.facts}>
            <a href={link('videoClassify', { type: 3, id: video.category.id, name: video.category.name })} data-user-content>
              {video.category.name}
            </a>
            <span data-user-content>{video.author.user_nickname}</span>
            <span>{t('video.views', { count: intl.formatNumber(video.view_count) })}</span>
            <span>{formatTime(intl, fromTimestamp(video.created_at))}</span>
          </div>
          <div className={styles.actions}>
            <Button
              variant={video.is_like ? 'primary' : 'secondary'}
              disabled={like.isPending}
              onClick={() => like.mutate({ video_id: video.id, like: video.is_like ? 0 : 1 })}
            >
              {t(video.is_like ? 'video.liked' : 'video.like', { count: intl.formatNumber(video.like_count) })}
            </Button>
            <Button
              variant={video.is_favorite ? 'primary' : 'secondary'}
              disabled={favorite.isPending}
              onClick={() => favorite.mutate({ video_id: video.id, favorite: video.is_favorite ? 0 : 1 })}
            >
              {t(video.is_favorite ? 'video.favorited' : 'video.favorite', { count: intl.formatNumber(video.favorite_count) })}
            </Button>
            {own && (
              <Button
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm(t('video.deleteConfirm'))) return;
                  remove.mutate(video.id, { onSuccess: () => void navigate(link('videoList')) });
                }}
              >
                {t('video.delete')}
              </Button>
            )}
          </div>
          {user && !own && <ReportContent targetType="video" targetId={video.id} />}
          {video.review_status === 'audit_successful' && (settled ? <VideoComments video={video} /> : <LoadingSection title={t('video.comments', { count: video.comment_count })} />)}
        </div>
        {settled ? <RelatedVideos video={video} /> : <LoadingSection title={t('video.related')} aside />}
      </div>
    </Page>
  );
}

/** A match video's chapters as the player lists them: "90+3' Goal · Arsenal · Ødegaard (2-0)". */
function chapterMarks(video: Video, t: ReturnType<typeof useMessage>): Chapter[] {
  return (video.chapters ?? []).map((chapter) => {
    const minute = chapter.added_minute > 0 ? `${String(chapter.minute)}+${String(chapter.added_minute)}'` : `${String(chapter.minute)}'`;
    const scored = chapter.kind === 'goal' || chapter.kind === 'own_goal' || chapter.kind === 'penalty_goal';
    const parts = [`${minute} ${t(`video.chapter.${chapter.kind}`)}`, chapter.team, ...(chapter.player ? [chapter.player] : [])];
    return {
      at: chapter.at,
      label: `${parts.join(' · ')}${scored ? ` (${String(chapter.home_score)}-${String(chapter.away_score)})` : ''}`,
      tone: scored ? 'goal' : chapter.kind === 'yellow_card' ? 'yellow' : 'red',
    };
  });
}

/** A section whose list is still to be asked for, shown as loading in its place. */
function LoadingSection({ title, aside = false }: { title: string; aside?: boolean }) {
  const t = useMessage();
  const list = <List label={title} status="loading" items={undefined} getKey={() => 0} renderItem={() => null} emptyLabel={t('common.noData')} loadingLabel={t('common.loading')} />;
  return aside ? (
    <aside className={styles.side} aria-busy="true">
      <h2>{title}</h2>
      {list}
    </aside>
  ) : (
    <section className={styles.section} aria-busy="true">
      <h2>{title}</h2>
      {list}
    </section>
  );
}

function RelatedVideos({ video }: { video: Video }) {
  const t = useMessage();
  const related = useVideoList({ category_id: video.category.id, sort: 'hot', limit: 7 });
  const others = related.data?.list.filter((entry) => entry.id !== video.id).slice(0, 6);
  return (
    <aside className={styles.side} aria-labelledby="video-related">
      <h2 id="video-related">{t('video.related')}</h2>
      <List
        label={t('video.related')}
        status={related.isPending ? 'loading' : related.isError ? 'error' : 'ready'}
        items={others}
        getKey={(entry) => entry.id}
        renderItem={(entry) => <VideoCard video={entry} />}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
    </aside>
  );
}

function CommentComposer({ videoId, parentId, onDone, label }: { videoId: number; parentId?: number; onDone?: () => void; label: string }) {
  const t = useMessage();
  const [content, setContent] = useState('');
  const comment = useCommentOnVideo();
  const send = () => {
    const text = content.trim();
    if (!text) return;
    comment.mutate(
      { video_id: videoId, content: text, ...(parentId ? { parent_id: parentId } : {}) },
      {
        onSuccess: () => {
          setContent('');
          onDone?.();
        },
      },
    );
  };
  return (
    <div className={styles.composer}>
      <TextInput
        label={label}
        hideLabel
        placeholder={label}
        value={content}
        onChange={setContent}
        maxLength={500}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send();
        }}
      />
      <Button variant="primary" disabled={comment.isPending || !content.trim()} onClick={send}>
        {t('video.comment.send')}
      </Button>
    </div>
  );
}

function VideoComments({ video }: { video: Video }) {
  const t = useMessage();
  const user = useStoredUser();
  const pagination = usePaginationLabels();
  const [page, setPage] = useState(1);
  const comments = useVideoComments({ video_id: video.id, page, limit: commentPageSize }, { keepPrevious: true });
  return (
    <section className={styles.section} aria-labelledby="video-comments">
      <h2 id="video-comments">{t('video.comments', { count: video.comment_count })}</h2>
      {user ? <CommentComposer videoId={video.id} label={t('video.comment.placeholder')} /> : <p>{t('video.comment.login')}</p>}
      <List
        label={t('video.comments', { count: video.comment_count })}
        status={comments.isPending ? 'loading' : comments.isError ? 'error' : 'ready'}
        items={comments.data?.list}
        getKey={(comment) => comment.id}
        renderItem={(comment) => <CommentItem comment={comment} />}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
      <Pagination
        page={page}
        pageCount={pageCountOf(comments.data?.total ?? 0, commentPageSize)}
        onChange={setPage}
        label={t('video.comments', { count: video.comment_count })}
        {...pagination}
      />
    </section>
  );
}

function CommentItem({ comment }: { comment: VideoComment }) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const likeComment = useLikeVideoComment();
  const replies = useVideoCommentReplies(comment.id, open && comment.parent_id === null);
  return (
    <div className={styles.comment}>
      <Avatar src={comment.author.avatar} name={comment.author.user_nickname} size={36} />
      <div>
        <div className={styles.commentHead}>
          <strong data-user-content>{comment.author.user_nickname}</strong>
          {comment.reply_to && <span>{t('video.comment.replyTo', { name: comment.reply_to.user_nickname })}</span>}
          <span>{formatTime(intl, fromTimestamp(comment.created_at))}</span>
        </div>
        <p data-user-content>{comment.content}</p>
        <div className={styles.commentActions}>
          <button
            type="button"
            className={styles.linkButton}
            aria-pressed={comment.is_like === 1}
            onClick={() => likeComment.mutate({ comment_id: comment.id, like: comment.is_like ? 0 : 1 })}
          >
            {t('video.comment.like', { count: comment.like_count })}
          </button>
          {user && (
            <button type="button" className={styles.linkButton} onClick={() => setReplying((shown) => !shown)}>
              {t('video.comment.reply')}
            </button>
          )}
          {comment.parent_id === null && comment.reply_count > 0 && (
            <button type="button" className={styles.linkButton} aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
              {t(open ? 'video.comment.hideReplies' : 'video.comment.showReplies', { count: comment.reply_count })}
            </button>
          )}
          {user && user.id !== comment.author.id && <ReportContent quiet targetType="video_comment" targetId={comment.id} />}
        </div>
        {replying && (
          <CommentComposer
            videoId={comment.video_id}
            parentId={comment.id}
            label={t('video.comment.replyTo', { name: comment.author.user_nickname })}
            onDone={() => {
              setReplying(false);
              setOpen(true);
            }}
          />
        )}
        {open && replies.data && (
          <div className={styles.replies}>
            {replies.data.list.map((reply) => (
              <CommentItem key={reply.id} comment={reply} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** Reports the video, or one of its comments, to the admins. */
function ReportContent({ targetType, targetId, quiet = false }: { targetType: 'video' | 'video_comment'; targetId: number; quiet?: boolean }) {
  const labels = useReportLabels();
  const report = useSubmitReport();
  return <ReportAction quiet={quiet} labels={labels} send={(body) => report.mutateAsync({ target_type: targetType, target_id: targetId, ...body })} />;
}
