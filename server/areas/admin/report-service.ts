import { reportReviewAllows, type ReportReviewEvent } from '../../../src/machines/report-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { ReportTargetType } from '../../db/tables/admin-tables.ts';
import type { ChatPayload } from '../../db/tables/chat-tables.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { publishGroupFrame } from '../../realtime/messaging-hub.ts';
import type { Trx } from '../wallet/wallet-public.ts';
import { recordAdminAction, type AdminActor } from './audit-log.ts';

type AdminReport = DataOf<'adminReviewReport'>;

export const reportMessages = {
  nothingToReport: 'There is nothing to report here: it is gone, or not yours to see',
  ownWords: 'You cannot report your own words',
  reportNotFound: 'Report not found',
  decided: 'This report has been decided already',
  dismissNeedsReason: 'Give the reason for keeping the content',
} as const;

/** The content reported, as the queue keeps it: who wrote it, and its words then. */
interface Reported {
  authorId: number;
  excerpt: string;
}

const excerptLength = 500;

function excerptOf(payload: ChatPayload): string {
  if ('text' in payload) return payload.text;
  if ('description' in payload) return payload.description || payload.data;
  if ('name' in payload) return payload.name;
  return payload.url;
}

/** The content a user may report: still shown, and where they could read it (a private line only its receiver, a group's its members). */
/** The table of each kind of reportable comment. */
const commentTables = { post_comment: 'circle_comments', video_comment: 'video_comments', news_comment: 'headline_comments' } as const;

async function reportable(db: Pick<Trx, 'selectFrom'>, userId: number, type: ReportTargetType, id: number): Promise<Reported | null> {
  switch (type) {
    case 'chat_message': {
      const row = await db
        .selectFrom('chat_messages')
        .select(['sender_id', 'receiver_id', 'group_id', 'payload'])
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      if (row.receiver_id !== null && Number(row.receiver_id) !== userId && Number(row.sender_id) !== userId) return null;
      if (row.group_id !== null) {
        const member = await db.selectFrom('chat_group_members').select('user_id').where('group_id', '=', row.group_id).where('user_id', '=', userId).executeTakeFirst();
        if (!member) return null;
      }
      return { authorId: Number(row.sender_id), excerpt: excerptOf(row.payload) };
    }
    case 'post_comment':
    case 'video_comment':
    case 'news_comment': {
      const row = await db
        .selectFrom(commentTables[type])
        .select(['user_id', 'content'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { authorId: Number(row.user_id), excerpt: row.content } : null;
    }
    case 'post': {
      const row = await db.selectFrom('circle_posts').select(['user_id', 'content']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return row ? { authorId: Number(row.user_id), excerpt: row.content } : null;
    }
    case 'video': {
      const row = await db.selectFrom('videos').select(['user_id', 'title']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return row ? { authorId: Number(row.user_id), excerpt: row.title } : null;
    }
  }
}

/** Report/submit: the reporter joins the content's one item in the queue, once. */
export async function submitReport(server: ServerContext, userId: number, input: InputOf<'reportSubmit'>): Promise<DataOf<'reportSubmit'>> {
  return server.database.db.transaction().execute(async (trx) => {
    const content = await reportable(trx, userId, input.target_type, input.target_id);
    if (!content) throw new DomainError(reportMessages.nothingToReport);
    if (content.authorId === userId) throw new DomainError(reportMessages.ownWords);
    await trx
      .insertInto('content_reports')
      .values({
        target_type: input.target_type,
        target_id: input.target_id,
        author_id: content.authorId,
        excerpt: [...content.excerpt].slice(0, excerptLength).join(''),
        created_at: server.clock.now(),
      })
      .onConflict((conflict) => conflict.columns(['target_type', 'target_id']).doNothing())
      .execute();
    const report = await trx
      .selectFrom('content_reports')
      .select(['id', 'status'])
      .where('target_type', '=', input.target_type)
      .where('target_id', '=', input.target_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const joined = await trx
      .insertInto('content_report_reporters')
      .values({ report_id: report.id, user_id: userId, reason: input.reason, detail: input.detail?.trim() ?? '', created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['report_id', 'user_id']).doNothing())
      .returning('reason')
      .executeTakeFirst();
    if (joined) await trx.updateTable('content_reports').set((eb) => ({ report_count: eb('report_count', '+', 1) })).where('id', '=', report.id).execute();
    const mine = await trx
      .selectFrom('content_report_reporters')
      .select('reason')
      .where('report_id', '=', report.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { id: Number(report.id), target_type: input.target_type, target_id: input.target_id, reason: mine.reason, status: report.status };
  });
}

const seconds = (at: Date | null) => (at === null ? null : Math.floor(new Date(at).getTime() / 1000));

/** The queue's items with their reporters' reasons and words gathered. */
async function adminReportsOf(db: Pick<Trx, 'selectFrom'>, ids: readonly number[]): Promise<AdminReport[]> {
  if (ids.length === 0) return [];
  const [rows, reporters] = await Promise.all([
    db
      .selectFrom('content_reports')
      .innerJoin('users', 'users.id', 'content_reports.author_id')
      .selectAll('content_reports')
      .select('users.user_nickname')
      .where('content_reports.id', 'in', ids)
      .execute(),
    db.selectFrom('content_report_reporters').select(['report_id', 'reason', 'detail']).where('report_id', 'in', ids).orderBy('created_at', 'desc').execute(),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const mine = reporters.filter((reporter) => Number(reporter.report_id) === id);
    return [
      {
        id,
        target_type: row.target_type,
        target_id: Number(row.target_id),
        author_id: Number(row.author_id),
        author_nickname: row.user_nickname,
        excerpt: row.excerpt,
        reasons: [...new Set(mine.map((reporter) => reporter.reason))],
        details: mine.map((reporter) => reporter.detail).filter((detail) => detail !== '').slice(0, 5),
        report_count: row.report_count,
        status: row.status,
        review_reason: row.review_reason,
        created_at: seconds(row.created_at)!,
        reviewed_at: seconds(row.reviewed_at),
      },
    ];
  });
}

/** admin/reportList: most reported first, then oldest. */
export async function adminReportList(server: ServerContext, input: InputOf<'adminReportList'>): Promise<DataOf<'adminReportList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const { db } = server.database;
  const query = db.selectFrom('content_reports').where('status', '=', status);
  const [rows, total] = await Promise.all([
    query.select('id').orderBy('report_count', 'desc').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: await adminReportsOf(db, rows.map((row) => Number(row.id))) };
}

/** What removal leaves to do once the transaction commits: tell open room chats, forget cached lists. */
interface AfterRemoval {
  roomLine?: { groupID: string; messageID: string; sequence: number };
  videoListsChanged?: boolean;
}

/** Hides the content everywhere, the way its own area's deletion does. */
async function removeContent(trx: Trx, server: ServerContext, type: ReportTargetType, id: number): Promise<AfterRemoval> {
  const now = server.clock.now();
  switch (type) {
    case 'chat_message': {
      const row = await trx
        .updateTable('chat_messages')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning(['room_id', 'seq'])
        .executeTakeFirst();
      // A room's open chats drop the line as they do a manager's deletion; private lines leave the history.
      return row?.room_id != null ? { roomLine: { groupID: `live${String(row.room_id)}`, messageID: String(id), sequence: row.seq } } : {};
    }
    case 'post_comment':
      await trx.updateTable('circle_comments').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
      return {};
    case 'video_comment':
      await trx.updateTable('video_comments').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
      return {};
    case 'news_comment':
      await trx.updateTable('headline_comments').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
      return {};
    case 'post':
      await trx.updateTable('circle_posts').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
      await trx.deleteFrom('likes').where('target_type', '=', 'circle_post').where('target_id', '=', id).execute();
      return {};
    case 'video':
      await trx.updateTable('videos').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
      await trx.deleteFrom('video_favorites').where('video_id', '=', id).execute();
      await trx.deleteFrom('likes').where('target_type', '=', 'video').where('target_id', '=', id).execute();
      return { videoListsChanged: true };
  }
}

// The video area's cached lists and players (video-list-service's videoCachePrefix).
const videoCachePrefix = 'video:';

/** admin/reviewReport: remove (hidden everywhere) or dismiss with a reason, by the report review machine; logged. */
export async function reviewReport(server: ServerContext, actor: AdminActor, input: InputOf<'adminReviewReport'>): Promise<AdminReport> {
  const reason = input.reason?.trim() ?? '';
  const event: ReportReviewEvent = input.decision === 'remove' ? { type: 'review.approve' } : { type: 'review.refuse', reason };
  if (input.decision === 'dismiss' && reason === '') throw new DomainError(reportMessages.dismissNeedsReason);
  const { result, after } = await server.database.db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom('content_reports').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!report) throw new DomainError(reportMessages.reportNotFound);
    if (!reportReviewAllows(report.status, event)) throw new DomainError(reportMessages.decided);
    const removal = input.decision === 'remove' ? await removeContent(trx, server, report.target_type, Number(report.target_id)) : {};
    const status = input.decision === 'remove' ? 'removed' : 'dismissed';
    await trx
      .updateTable('content_reports')
      .set({ status, review_reason: input.decision === 'dismiss' ? reason : null, reviewed_by: actor.user.id, reviewed_at: server.clock.now() })
      .where('id', '=', report.id)
      .execute();
    await recordAdminAction(trx, server, actor, {
      action: `report.${input.decision}`,
      targetType: report.target_type,
      targetId: Number(report.target_id),
      before: { status: report.status, report_count: report.report_count },
      after: { status, author_id: Number(report.author_id), excerpt: report.excerpt },
      reason: reason || undefined,
    });
    const [decided] = await adminReportsOf(trx, [Number(report.id)]);
    return { result: decided!, after: removal };
  });
  if (after.roomLine) {
    const { groupID, messageID, sequence } = after.roomLine;
    await publishGroupFrame(server.bus, groupID, { type: 'message_revoked', conversationID: `GROUP${groupID}`, messageID, sequence });
  }
  if (after.videoListsChanged) server.cache.invalidate(videoCachePrefix);
  return result;
}
