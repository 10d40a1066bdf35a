import type { Kysely, Transaction } from 'kysely';
import { videoReviewAllows, type VideoReviewEvent } from '../../../src/machines/video-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { notifyUser } from '../content/content-public.ts';
import { videoCachePrefix, videoListMessages } from './video-list-service.ts';
import { playOf, selectVideos } from './video-queries.ts';

// The review of members' uploads: a video under review is seen only by its author and the admins; an admin
// publishes it (every list, category, ranking and the search read `audit_successful`) or refuses it with a
// reason its author reads on their works. Each decision is checked against the video review machine's graph,
// the one the console follows, and answered for in the audit log by the caller's `record`.

type AdminVideo = DataOf<'adminReviewVideo'>;

/** What the review says to users (ids of server/i18n/messages). */
export const videoReviewMessages = {
  reviewedAlready: 'This video has been reviewed already',
  reasonNeeded: 'Please give the reason for refusing',
  publishedNotice: 'Your video was published',
  publishedNoticeBody: 'Everyone can find it in the video lists now.',
  refusedNotice: 'Your video was not published',
} as const;

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['executeTakeFirstOrThrow']>>;

function adminRecordOf(row: ReviewRow, language: Language): AdminVideo {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_nickname: row.user_nickname,
    title: row.title,
    cover: row.cover,
    category_name: language === 'zh' ? row.category_name : row.category_name_en,
    duration: row.duration_seconds,
    size: row.bytes,
    ...playOf(row.hls_path ?? row.video_path),
    status: row.status,
    reason: row.status === 'audit_failure' ? row.review_reason : null,
    submitted_at: timestampOf(row.created_at),
  };
}

const reviewRowOf = (db: Kysely<Database>, id: number) =>
  selectVideos(db, null).where('videos.id', '=', id).where('videos.deleted_at', 'is', null).executeTakeFirst();

/** admin/videoReviewList: the videos in one review status, oldest first while under review. */
export async function adminVideoReviewList(server: ServerContext, input: InputOf<'adminVideoReviewList'>, language: Language): Promise<DataOf<'adminVideoReviewList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const { db } = server.database;
  const [rows, total] = await Promise.all([
    selectVideos(db, null)
      .where('videos.status', '=', status)
      .where('videos.deleted_at', 'is', null)
      .orderBy('videos.created_at', status === 'under_review' ? 'asc' : 'desc')
      .orderBy('videos.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('videos')
      .where('status', '=', status)
      .where('deleted_at', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map((row) => adminRecordOf(row, language)) };
}

/**
 * admin/reviewVideo: approval publishes the video now; a refusal keeps the reason on the video, where its
 * author's works show it; either way the author gets a notice, and `record` writes the audit entry, all in
 * one transaction. The cached lists are forgotten once it commits, so the video shows (or not) at once.
 */
export async function reviewVideo(
  server: ServerContext,
  input: InputOf<'adminReviewVideo'>,
  language: Language,
  record: (trx: Transaction<Database>, before: AdminVideo, after: AdminVideo) => Promise<void>,
): Promise<AdminVideo> {
  const event: VideoReviewEvent = input.decision === 'approve' ? { type: 'review.approve' } : { type: 'review.refuse', reason: input.reason ?? '' };
  const now = server.clock.now();
  const result = await server.database.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('videos')
      .select(['id', 'status'])
      .where('id', '=', input.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    const row = locked && (await reviewRowOf(trx, input.id));
    if (!locked || !row) throw new DomainError(videoListMessages.notFound);
    if (!videoReviewAllows(locked.status, event)) {
      throw new DomainError(locked.status === 'under_review' ? videoReviewMessages.reasonNeeded : videoReviewMessages.reviewedAlready);
    }
    const refused = event.type === 'review.refuse';
    const reason = refused ? event.reason.trim() : null;
    await trx
      .updateTable('videos')
      .set({ status: refused ? 'audit_failure' : 'audit_successful', review_reason: reason })
      .where('id', '=', locked.id)
      .execute();
    await notifyUser(
      trx,
      Number(row.user_id),
      reason !== null
        ? { kind: 'review', title: videoReviewMessages.refusedNotice, content: reason, link: '/member?type=18', at: now }
        : { kind: 'review', title: videoReviewMessages.publishedNotice, content: videoReviewMessages.publishedNoticeBody, link: `/video-player?id=${String(row.id)}`, at: now },
    );
    const after = adminRecordOf({ ...row, status: refused ? 'audit_failure' : 'audit_successful', review_reason: reason }, language);
    await record(trx, adminRecordOf(row, language), after);
    return after;
  });
  server.cache.invalidate(videoCachePrefix);
  return result;
}
