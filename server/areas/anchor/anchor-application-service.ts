import { randomBytes } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  anchorReviewAllows,
  applicationProblems,
  type AnchorApplicationForm,
  type AnchorReviewEvent,
} from '../../../src/machines/anchor-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { AnchorVerificationsTable } from '../../db/tables/anchor-tables.ts';
import { DomainError } from '../../errors.ts';
import { translate } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { forgetSessions } from '../account/account-public.ts';
import { roomListCacheKey } from '../live/live-public.ts';
import { noticeMessages, notifyUser } from '../content/content-public.ts';

type Application = Selectable<AnchorVerificationsTable>;
type Verification = DataOf<'memberVerified'>;
type AdminApplication = DataOf<'adminReviewAnchorApplication'>;

/** What the anchor area says to users (ids of server/i18n/messages). */
export const anchorMessages = {
  realName: 'Please enter your real name (2 to 30 characters)',
  idNumber: 'The ID number is not valid: please check it',
  contact: 'Please enter a valid QQ number, WeChat id or phone number',
  experience: 'Please describe your experience in at least 15 characters',
  protocol: 'Please read and agree to the live protocol',
  alreadyAnchor: 'You are an anchor already',
  underReview: 'Your application is under review',
  reviewedAlready: 'This application has been reviewed already',
  reasonNeeded: 'Please give the reason for refusing',
  applicationNotFound: 'Application not found',
  roomTitle: "{name}'s live room",
} as const;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The ID number as the applicant and reviewers see it again: its first and last 4 characters. */
function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 4)}${'*'.repeat(Math.max(0, idNumber.length - 8))}${idNumber.slice(-4)}`;
}

function verificationOf(row: Application): Verification {
  return {
    status: row.status,
    real_name: row.real_name,
    id_number: maskIdNumber(row.id_number),
    contact_type: row.contact_type,
    contact: row.contact,
    inviter: row.inviter,
    experience: row.experience,
    reason: row.status === 'audit_failure' ? row.review_note : null,
    submitted_at: seconds(row.updated_at),
    reviewed_at: row.reviewed_at ? seconds(row.reviewed_at) : null,
  };
}

/** Member/getVerifiedInfo: the caller's application and its review, or null when they never applied. */
export async function verifiedInfo(server: ServerContext, userId: number): Promise<Verification | null> {
  const row = await server.database.db.selectFrom('anchor_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? verificationOf(row) : null;
}

/**
 * Member/verified: a new application, or a failed one sent again, goes to review. The form is
 * checked by the same rules as the apply form's (SPEC §5, the ID's check character), and whether it
 * may be sent at all by the review machine's graph (not under review, not approved).
 */
export async function applyForAnchor(server: ServerContext, userId: number, input: InputOf<'memberVerified'>): Promise<Verification> {
  const form: AnchorApplicationForm = {
    real_name: input.real_name.trim(),
    id_number: input.id_number.trim().toUpperCase(),
    contact_type: input.contact_type,
    contact: input.contact.trim(),
    inviter: (input.inviter ?? '').trim(),
    experience: input.experience.trim(),
    agree_protocol: input.agree_protocol,
  };
  const problem = applicationProblems(form)[0];
  if (problem) throw new DomainError(anchorMessages[problem]);
  const event: AnchorReviewEvent = { type: 'application.submit', form };
  const now = server.clock.now();
  return server.database.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('is_anchor').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.is_anchor === 1) throw new DomainError(anchorMessages.alreadyAnchor);
    const earlier = await trx.selectFrom('anchor_verifications').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!anchorReviewAllows(earlier?.status ?? null, event)) {
      throw new DomainError(earlier?.status === 'under_review' ? anchorMessages.underReview : anchorMessages.alreadyAnchor);
    }
    const values = {
      real_name: form.real_name,
      id_number: form.id_number,
      contact_type: form.contact_type,
      contact: form.contact,
      inviter: form.inviter,
      experience: form.experience,
      agreed_protocol: true,
      status: 'under_review' as const,
      reviewer_id: null,
      review_note: '',
      reviewed_at: null,
      updated_at: now,
    };
    const row = earlier
      ? await trx.updateTable('anchor_verifications').set(values).where('id', '=', earlier.id).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('anchor_verifications').values({ ...values, user_id: userId, created_at: now }).returningAll().executeTakeFirstOrThrow();
    return verificationOf(row);
  });
}

/** User/anchorExperienceList: the anchor levels, lowest first. */
export async function anchorLevels(server: ServerContext): Promise<DataOf<'userAnchorExperienceList'>> {
  const rows = await server.database.db.selectFrom('anchor_levels').selectAll().orderBy('level').execute();
  return rows.map((row) => ({ level: row.level, name: row.name, min_experience: Number(row.min_experience), icon: row.icon }));
}

type ReviewRow = Application & { user_nickname: string; room_id: number | string | null };

function adminRecordOf(row: ReviewRow): AdminApplication {
  return {
    ...verificationOf(row),
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_nickname: row.user_nickname,
    room_id: row.room_id === null ? null : Number(row.room_id),
  };
}

function reviewQuery(db: ServerContext['database']['db']) {
  return db
    .selectFrom('anchor_verifications')
    .innerJoin('users', 'users.id', 'anchor_verifications.user_id')
    .leftJoin('live_rooms', 'live_rooms.anchor_id', 'anchor_verifications.user_id');
}

/** admin/anchorApplicationList: every user's applications in one status, oldest first (the review queue). */
export async function adminAnchorApplicationList(
  server: ServerContext,
  input: InputOf<'adminAnchorApplicationList'>,
): Promise<DataOf<'adminAnchorApplicationList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const query = reviewQuery(server.database.db).where('anchor_verifications.status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .selectAll('anchor_verifications')
      .select(['users.user_nickname', 'live_rooms.id as room_id'])
      .orderBy('anchor_verifications.updated_at', status === 'under_review' ? 'asc' : 'desc')
      .orderBy('anchor_verifications.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(adminRecordOf) };
}

/**
 * admin/reviewAnchorApplication: the review machine's graph decides whether the status may change
 * (only under review; a refusal needs a reason). Approval makes the applicant an anchor (is_anchor
 * 1) with a room of their own, off air, in the same transaction as the status.
 */
export async function reviewAnchorApplication(
  server: ServerContext,
  reviewerId: number,
  input: InputOf<'adminReviewAnchorApplication'>,
  record: (trx: Transaction<Database>, before: { status: string }, after: { status: string; reason: string | null }) => Promise<void> = async () => {},
): Promise<AdminApplication> {
  const event: AnchorReviewEvent =
    input.decision === 'approve' ? { type: 'review.approve' } : { type: 'review.refuse', reason: input.reason ?? '' };
  const now = server.clock.now();
  const id = await server.database.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('anchor_verifications').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw new DomainError(anchorMessages.applicationNotFound);
    if (!anchorReviewAllows(row.status, event)) {
      throw new DomainError(row.status === 'under_review' ? anchorMessages.reasonNeeded : anchorMessages.reviewedAlready);
    }
    if (event.type === 'review.refuse') {
      await trx
        .updateTable('anchor_verifications')
        .set({ status: 'audit_failure', reviewer_id: reviewerId, reviewed_at: now, review_note: event.reason.trim(), updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await record(trx, { status: row.status }, { status: 'audit_failure', reason: event.reason.trim() });
      await notifyUser(trx, row.user_id, { kind: 'review', title: noticeMessages.anchorRefused, content: event.reason.trim(), link: '/member?type=7', at: now });
      return row.id;
    }
    await trx
      .updateTable('anchor_verifications')
      .set({ status: 'audit_successful', reviewer_id: reviewerId, reviewed_at: now, review_note: '', updated_at: now })
      .where('id', '=', row.id)
      .execute();
    const user = await trx
      .updateTable('users')
      .set({ is_anchor: 1 })
      .where('id', '=', row.user_id)
      .returning(['id', 'user_nickname'])
      .executeTakeFirstOrThrow();
    // A new room's chat starts at the site's default slow mode (admin/updateSettings); its anchor changes it.
    const slowMode = await trx.selectFrom('site_config').select('value').where('key', '=', 'room_slow_seconds_default').executeTakeFirst();
    const slowSeconds = Number(slowMode?.value ?? 0);
    // A user who was an anchor before keeps the room they had.
    await trx
      .insertInto('live_rooms')
      .values({
        chat_slow_seconds: [0, 3, 5, 10, 30].includes(slowSeconds) ? slowSeconds : 0,
        anchor_id: user.id,
        // Room titles are the anchor's own words, written once in the site's default language until they set one.
        title: translate(anchorMessages.roomTitle, 'zh', { name: user.user_nickname }).slice(0, 40),
        cover: `/media/covers/football-${String(user.id)}.svg`,
        type: 1,
        stream_key: randomBytes(16).toString('hex'),
      })
      .onConflict((conflict) => conflict.column('anchor_id').doNothing())
      .execute();
    await record(trx, { status: row.status }, { status: 'audit_successful', reason: null });
    await notifyUser(trx, row.user_id, {
      kind: 'review',
      title: noticeMessages.anchorApproved,
      content: noticeMessages.anchorApprovedBody,
      link: '/member?type=9',
      at: now,
    });
    return row.id;
  });
  // The applicant's role changed: their cached session must say so at once; the room lists may show the room.
  forgetSessions(server);
  server.cache.invalidate(roomListCacheKey);
  const row = await reviewQuery(server.database.db)
    .selectAll('anchor_verifications')
    .select(['users.user_nickname', 'live_rooms.id as room_id'])
    .where('anchor_verifications.id', '=', id)
    .executeTakeFirstOrThrow();
  return adminRecordOf(row);
}
