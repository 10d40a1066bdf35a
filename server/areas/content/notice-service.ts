import type { Kysely, Transaction } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import { translate, type Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { timestampOf } from '../../contract/timestamp.ts';

// The message centre's notices (SPEC §4: a received system message is stored as a notice; Push/getList): sent
// to everyone or to one user, by the site's editors (seeded) or by its own events, each read or not per user.
// A notice the site writes is stored by the id of its message and shown in the reader's language.

type Notice = DataOf<'pushGetList'>['list'][number];
type NoticeKind = 'system' | 'match' | 'live' | 'activity' | 'review';

export const noticeMessages = {
  anchorApproved: 'Your anchor application was approved',
  anchorApprovedBody: 'Your room is ready: open the anchor console to go on air.',
  anchorRefused: 'Your anchor application was not approved',
  withdrawalPaid: 'Your withdrawal was paid out',
  withdrawalPaidBody: 'The amount has left your income wallet for your account.',
  withdrawalRefused: 'Your withdrawal was refused',
} as const;

/** Stores a notice for one user, in the caller's transaction when it has one (it then stands or falls with it). */
export async function notifyUser(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  notice: { kind: NoticeKind; title: string; content: string; link?: string; at: Date },
): Promise<void> {
  await db
    .insertInto('push_notices')
    .values({
      kind: notice.kind,
      user_id: userId,
      title: notice.title.slice(0, 60),
      content: notice.content.slice(0, 2000),
      link: notice.link ?? '',
      created_at: notice.at,
    })
    .execute();
}

/** Everyone's notices and the user's own, each with whether the user has read it. */
function visibleTo(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('push_notices')
    .leftJoin('push_notice_reads', (join) =>
      join.onRef('push_notice_reads.notice_id', '=', 'push_notices.id').on('push_notice_reads.user_id', '=', userId),
    )
    .where((eb) => eb.or([eb('push_notices.user_id', 'is', null), eb('push_notices.user_id', '=', userId)]));
}

async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await visibleTo(db, userId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('push_notice_reads.notice_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Push/getList: everyone's notices and mine, newest first, each read or not, with how many are unread. */
export async function noticesPage(server: ServerContext, userId: number, input: InputOf<'pushGetList'>, language: Language): Promise<DataOf<'pushGetList'>> {
  const { db } = server.database;
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const [rows, total, unread] = await Promise.all([
    visibleTo(db, userId)
      .select(['push_notices.id', 'push_notices.title', 'push_notices.content', 'push_notices.link', 'push_notices.created_at', 'push_notice_reads.notice_id as read_id'])
      .orderBy('push_notices.created_at', 'desc')
      .orderBy('push_notices.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    visibleTo(db, userId).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    unreadCount(db, userId),
  ]);
  const list: Notice[] = rows.map((row) => ({
    id: row.id,
    // The site's own notices are message ids; an editor's are their words as written.
    title: translate(row.title, language),
    content: translate(row.content, language),
    ...(row.link ? { link: row.link } : {}),
    create_time: timestampOf(row.created_at),
    is_read: row.read_id === null ? 0 : 1,
  }));
  return { total: Number(total.n), page, limit, list, unread };
}

/** Push/read: marks one notice, or all I can see, read. */
export async function markNoticesRead(server: ServerContext, userId: number, input: InputOf<'pushRead'>): Promise<{ unread: number }> {
  const { db } = server.database;
  const now = server.clock.now();
  let unread = visibleTo(db, userId).select('push_notices.id').where('push_notice_reads.notice_id', 'is', null);
  if (input.id !== undefined) unread = unread.where('push_notices.id', '=', input.id);
  const ids = (await unread.execute()).map((row) => row.id);
  if (ids.length > 0) {
    await db
      .insertInto('push_notice_reads')
      .values(ids.map((id) => ({ notice_id: id, user_id: userId, read_at: now })))
      .onConflict((conflict) => conflict.columns(['notice_id', 'user_id']).doNothing())
      .execute();
  }
  return { unread: await unreadCount(db, userId) };
}

