import type { Selectable } from 'kysely';
import {
  expertApplicationProblems,
  expertReviewAllows,
  type ExpertApplicationForm,
  type ExpertReviewEvent,
} from '../../../src/machines/expert-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { ExpertApplicationsTable } from '../../db/tables/expert-tables.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { forgetSessions } from '../account/account-public.ts';
import { notifyUser } from '../content/content-public.ts';
import type { Trx } from '../wallet/wallet-public.ts';

type Application = Selectable<ExpertApplicationsTable>;
type AdminApplication = DataOf<'adminReviewExpertApplication'>;

/** What the expert area says to users (ids of server/i18n/messages). */
export const expertMessages = {
  experience: 'Please describe your experience',
  experienceLong: 'Please keep your experience within 200 words',
  analystCode: 'Please read and tick the analyst code',
  alreadyExpert: 'You are an expert already',
  underReview: 'Your application is under review',
  reviewedAlready: 'This application has been reviewed already',
  reasonNeeded: 'Please give the reason for refusing',
  applicationNotFound: 'Application not found',
  approvedNotice: 'Your expert application was approved',
  approvedNoticeBody: 'You can publish plans now: open the expert section of the member centre.',
  refusedNotice: 'Your expert application was not approved',
} as const;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function applicationOf(row: Application): DataOf<'memberApplyChannel'> {
  return {
    status: row.status,
    speciality: row.sport,
    experience: row.experience,
    reason: row.status === 'audit_failure' ? row.review_note : null,
    submitted_at: seconds(row.created_at),
    reviewed_at: row.reviewed_at ? seconds(row.reviewed_at) : null,
  };
}

const latestOf = (db: Pick<Trx, 'selectFrom'>, userId: number) =>
  db.selectFrom('expert_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1);

/** Member/expertApplication: the caller's latest application, or null. */
export async function myExpertApplication(server: ServerContext, userId: number): Promise<DataOf<'memberExpertApplication'>> {
  const row = await latestOf(server.database.db, userId).executeTakeFirst();
  return row ? applicationOf(row) : null;
}

/**
 * Member/applyChannel: a first application, or one after a refusal, goes to review. The form is
 * checked by the machine's rules (SPEC §5: within 200 words, the analyst code ticked) and whether it
 * may be sent at all by its graph.
 */
export async function applyForExpert(server: ServerContext, userId: number, input: InputOf<'memberApplyChannel'>): Promise<DataOf<'memberApplyChannel'>> {
  const form: ExpertApplicationForm = { speciality: input.speciality, experience: input.experience.trim(), analyst_code_agreed: input.analyst_code_agreed };
  const problem = expertApplicationProblems(form)[0];
  if (problem) throw new DomainError(expertMessages[problem]);
  const event: ExpertReviewEvent = { type: 'application.submit', form };
  return server.database.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('is_expert').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.is_expert === 1) throw new DomainError(expertMessages.alreadyExpert);
    const earlier = await latestOf(trx, userId).executeTakeFirst();
    if (!expertReviewAllows(earlier?.status ?? null, event)) {
      throw new DomainError(earlier?.status === 'under_review' ? expertMessages.underReview : expertMessages.alreadyExpert);
    }
    const row = await trx
      .insertInto('expert_applications')
      .values({ user_id: userId, sport: form.speciality, experience: form.experience, agreed_code: true, created_at: server.clock.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return applicationOf(row);
  });
}

type ReviewRow = Application & { user_nickname: string };

function adminRecordOf(row: ReviewRow): AdminApplication {
  return { ...applicationOf(row), id: Number(row.id), user_id: Number(row.user_id), user_nickname: row.user_nickname };
}

const reviewQuery = (db: Pick<Trx, 'selectFrom'>) =>
  db.selectFrom('expert_applications').innerJoin('users', 'users.id', 'expert_applications.user_id');

/** admin/expertApplicationList: applications in one status, oldest first while under review. */
export async function adminExpertApplicationList(
  server: ServerContext,
  input: InputOf<'adminExpertApplicationList'>,
): Promise<DataOf<'adminExpertApplicationList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const query = reviewQuery(server.database.db).where('expert_applications.status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .selectAll('expert_applications')
      .select('users.user_nickname')
      .orderBy('expert_applications.created_at', status === 'under_review' ? 'asc' : 'desc')
      .orderBy('expert_applications.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(adminRecordOf) };
}

/**
 * admin/reviewExpertApplication: the machine's graph decides whether the status may change. Approval
 * makes the applicant an expert of the sport applied for, with their profile, in the same
 * transaction as the status; `record` writes the audit entry in it too.
 */
export async function reviewExpertApplication(
  server: ServerContext,
  reviewerId: number,
  input: InputOf<'adminReviewExpertApplication'>,
  record: (trx: Trx, before: AdminApplication, after: AdminApplication) => Promise<void>,
): Promise<AdminApplication> {
  const event: ExpertReviewEvent = input.decision === 'approve' ? { type: 'review.approve' } : { type: 'review.refuse', reason: input.reason ?? '' };
  const now = server.clock.now();
  const after = await server.database.db.transaction().execute(async (trx) => {
    const row = await reviewQuery(trx)
      .selectAll('expert_applications')
      .select('users.user_nickname')
      .where('expert_applications.id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new DomainError(expertMessages.applicationNotFound);
    if (!expertReviewAllows(row.status, event)) {
      throw new DomainError(row.status === 'under_review' ? expertMessages.reasonNeeded : expertMessages.reviewedAlready);
    }
    const refused = event.type === 'review.refuse';
    const updated = await trx
      .updateTable('expert_applications')
      .set({ status: refused ? 'audit_failure' : 'audit_successful', reviewer_id: reviewerId, reviewed_at: now, review_note: refused ? event.reason.trim() : '' })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (refused) {
      await notifyUser(trx, row.user_id, { kind: 'review', title: expertMessages.refusedNotice, content: event.reason.trim(), link: '/member?type=5', at: now });
    } else {
      await trx.updateTable('users').set({ is_expert: 1 }).where('id', '=', row.user_id).execute();
      // An expert who was one before keeps the profile they had.
      await trx
        .insertInto('experts')
        .values({ user_id: row.user_id, sport: row.sport, title: row.user_nickname.slice(0, 30), intro: row.experience.slice(0, 500), created_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ sport: row.sport }))
        .execute();
      await notifyUser(trx, row.user_id, {
        kind: 'review',
        title: expertMessages.approvedNotice,
        content: expertMessages.approvedNoticeBody,
        link: '/member?type=5',
        at: now,
      });
    }
    const result = adminRecordOf({ ...updated, user_nickname: row.user_nickname });
    await record(trx, adminRecordOf(row), result);
    return result;
  });
  // The applicant's role changed: their cached session must say so at once.
  forgetSessions(server);
  return after;
}
