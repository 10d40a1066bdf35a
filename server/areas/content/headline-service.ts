import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { headlineProblems, headlineReviewAllows, type HeadlineForm, type HeadlineReviewEvent } from '../../../src/machines/headline-review-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import type { HeadlinesTable } from '../../db/tables/content-tables.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { notifyUser } from './notice-service.ts';
import { addThreadComment, likeThreadComment, threadCommentPage, type CommentThread } from '../circle/circle-public.ts';


// The news (SPEC §2 /news and /detail, §7 Headlines and Headlines_user): categories, published articles
// page by page, one article with its text, and the articles users send, which wait for an admin. Every
// status change of a sent article is checked against the headline review machine's graph, the same graph
// the author's form and the admin console follow.

type Db = Kysely<Database> | Transaction<Database>;
type Headline = Selectable<HeadlinesTable>;
type AdminHeadline = DataOf<'adminReviewHeadline'>;

/** What the news says to users (ids of server/i18n/messages). */
export const headlineMessages = {
  category: 'Please choose a category',
  title: 'Please enter a title',
  titleLong: 'Please keep the title within 80 characters',
  content: 'Please enter the article',
  contentLong: 'Please keep the article within 5000 characters',
  coverNotUploaded: 'Input error: cover is not a picture you uploaded',
  notFound: 'No data',
  reviewedAlready: 'This article has been reviewed already',
  reasonNeeded: 'Please give the reason for refusing',
  publishedNotice: 'Your article was published',
  publishedNoticeBody: 'Readers can find it on the news page now.',
  refusedNotice: 'Your article was not published',
} as const;

/** The picture an article without a cover of its own is shown with: drawn by the site (server/media/art). */
const drawnCover = (seed: number) => `/media/covers/news-${seed}.svg`;

/** The caller's own png or jpeg upload, as room covers are checked. */
const coverTypes = ['image/png', 'image/jpeg'];

const nameIn = (language: Language) =>
  language === 'zh'
    ? sql<string>`headline_categories.name`
    : language === 'en'
      ? sql<string>`headline_categories.name_en`
      : sql<string>`coalesce(nullif(headline_categories.name_vi, ''), headline_categories.name_en)`;

/** Headlines/classifyList: the categories in the editors' order, named in the reader's language. */
export async function headlineCategories(server: ServerContext, language: Language): Promise<DataOf<'headlinesClassifyList'>> {
  const rows = await server.database.db
    .selectFrom('headline_categories')
    .select(['id', nameIn(language).as('name')])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

function briefOf(row: Pick<Headline, 'id' | 'category_id' | 'title' | 'summary' | 'cover' | 'views' | 'is_top' | 'published_at' | 'created_at' | 'lang'>) {
  return {
    id: Number(row.id),
    classify_id: Number(row.category_id),
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    views: row.views,
    is_top: row.is_top,
    publish_time: timestampOf(row.published_at ?? row.created_at),
    lang: row.lang,
  };
}

/**
 * How near an article's language is to the reader's: their own first, then English (the language a
 * Vietnamese reader is likelier to read than Chinese), then the rest.
 */
const languageRank = (language: Language) =>
  language === 'zh'
    ? sql<number>`case when headlines.lang = 'zh' then 0 else 1 end`
    : sql<number>`case headlines.lang when ${language} then 0 when 'en' then 1 else 2 end`;

/** Headlines/getList: published articles, the reader's language first, then a category's top stories, then the newest. */
export async function headlinePage(server: ServerContext, input: InputOf<'headlinesGetList'>, language: Language): Promise<DataOf<'headlinesGetList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  let query = server.database.db.selectFrom('headlines').where('status', '=', 'audit_successful');
  if (input.classify_id !== undefined) query = query.where('category_id', '=', input.classify_id);
  if (input.author_id !== undefined) query = query.where('author_id', '=', input.author_id);
  if (input.expert_type !== undefined) {
    const sport = input.expert_type === 1 ? 'basketball' : 'football';
    query = query.where('author_id', 'in', (eb) => eb.selectFrom('experts').select('user_id').where('sport', '=', sport));
  }
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'category_id', 'title', 'summary', 'cover', 'views', 'is_top', 'published_at', 'created_at', 'lang'])
      .orderBy(languageRank(language))
      .orderBy('is_top', 'desc')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(briefOf) };
}

/** Headlines/info: a published article with its text, counting a view; the author also sees their own under review. */
export async function headlineArticle(
  server: ServerContext,
  input: InputOf<'headlinesInfo'>,
  viewerId: number | null,
  language: Language,
): Promise<DataOf<'headlinesInfo'>> {
  const { db } = server.database;
  const row = await db
    .selectFrom('headlines')
    .innerJoin('headline_categories', 'headline_categories.id', 'headlines.category_id')
    .leftJoin('users', 'users.id', 'headlines.author_id')
    .selectAll('headlines')
    .select([nameIn(language).as('classify_name'), 'users.user_nickname'])
    .where('headlines.id', '=', input.id)
    .executeTakeFirst();
  const published = row?.status === 'audit_successful';
  if (!row || (!published && (viewerId === null || Number(row.author_id) !== viewerId))) throw new DomainError(headlineMessages.notFound);
  if (published) await db.updateTable('headlines').set({ views: sql`views + 1` }).where('id', '=', row.id).execute();
  return {
    ...briefOf({ ...row, views: row.views + (published ? 1 : 0) }),
    content: row.content,
    classify_name: row.classify_name,
    author_nickname: row.user_nickname ?? null,
    status: row.status,
  };
}

/**
 * Headlines_user/insert: a logged-in user's article goes to review. The text is kept as plain text (the
 * pages show it as text, so markup in it is inert); the cover must be the author's own png or jpeg upload.
 */
export async function submitHeadline(
  server: ServerContext,
  authorId: number,
  input: InputOf<'headlinesUserInsert'>,
  language: Language,
): Promise<DataOf<'headlinesUserInsert'>> {
  const form: HeadlineForm = { classify_id: input.classify_id, title: input.title.trim(), content: input.content.trim().replace(/\r\n?/g, '\n') };
  const problem = headlineProblems(form)[0];
  if (problem) throw new DomainError(headlineMessages[problem]);
  const event: HeadlineReviewEvent = { type: 'application.submit', form };
  if (!headlineReviewAllows(null, event)) throw new DomainError(headlineMessages.title);
  const { db } = server.database;
  const category = await db.selectFrom('headline_categories').select('id').where('id', '=', form.classify_id).executeTakeFirst();
  if (!category) throw new DomainError(headlineMessages.category);
  if (input.cover !== undefined) {
    const upload = await db.selectFrom('uploads').select('content_type').where('path', '=', input.cover).where('owner_id', '=', authorId).executeTakeFirst();
    if (!upload || !coverTypes.includes(upload.content_type)) throw new DomainError(headlineMessages.coverNotUploaded);
  }
  const now = server.clock.now();
  const row = await db
    .insertInto('headlines')
    .values({
      category_id: form.classify_id,
      author_id: authorId,
      title: form.title,
      summary: [...form.content.replace(/\s+/g, ' ')].slice(0, 120).join(''),
      content: form.content,
      cover: input.cover ?? drawnCover(authorId * 1000 + (now.getTime() % 1000)),
      status: 'under_review',
      lang: language,
      created_at: now,
    })
    .returning(['id', 'title', 'category_id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    title: row.title,
    classify_id: Number(row.category_id),
    ...(input.cover !== undefined ? { cover: input.cover } : {}),
    status: row.status,
    create_time: timestampOf(row.created_at),
  };
}

const reviewQuery = (db: Db) =>
  db
    .selectFrom('headlines')
    .innerJoin('users', 'users.id', 'headlines.author_id')
    .innerJoin('headline_categories', 'headline_categories.id', 'headlines.category_id');

type ReviewRow = Headline & { user_nickname: string; classify_name: string };

function adminRecordOf(row: ReviewRow): AdminHeadline {
  return {
    id: Number(row.id),
    user_id: Number(row.author_id),
    user_nickname: row.user_nickname,
    title: row.title,
    content: row.content,
    classify_name: row.classify_name,
    cover: row.cover,
    status: row.status,
    reason: row.status === 'audit_failure' ? row.review_note : null,
    submitted_at: timestampOf(row.created_at),
  };
}

/** admin/headlineList: the articles users sent, in one status, oldest first while under review. */
export async function adminHeadlineList(server: ServerContext, input: InputOf<'adminHeadlineList'>, language: Language): Promise<DataOf<'adminHeadlineList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const status = input.status ?? 'under_review';
  const query = reviewQuery(server.database.db).where('headlines.status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .selectAll('headlines')
      .select(['users.user_nickname', nameIn(language).as('classify_name')])
      .orderBy('headlines.created_at', status === 'under_review' ? 'asc' : 'desc')
      .orderBy('headlines.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map(adminRecordOf) };
}

/**
 * admin/reviewHeadline: the machine's graph decides whether the status may change. Approval publishes the
 * article now; a refusal keeps the reason; either way the author gets a notice, and `record` writes the
 * audit entry, all in one transaction.
 */
export async function reviewHeadline(
  server: ServerContext,
  reviewerId: number,
  input: InputOf<'adminReviewHeadline'>,
  language: Language,
  record: (trx: Transaction<Database>, before: AdminHeadline, after: AdminHeadline) => Promise<void>,
): Promise<AdminHeadline> {
  const event: HeadlineReviewEvent = input.decision === 'approve' ? { type: 'review.approve' } : { type: 'review.refuse', reason: input.reason ?? '' };
  const now = server.clock.now();
  return server.database.db.transaction().execute(async (trx) => {
    const row = await reviewQuery(trx)
      .selectAll('headlines')
      .select(['users.user_nickname', nameIn(language).as('classify_name')])
      .where('headlines.id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new DomainError(headlineMessages.notFound);
    if (!headlineReviewAllows(row.status, event)) {
      throw new DomainError(row.status === 'under_review' ? headlineMessages.reasonNeeded : headlineMessages.reviewedAlready);
    }
    const refused = event.type === 'review.refuse';
    const updated = await trx
      .updateTable('headlines')
      .set({
        status: refused ? 'audit_failure' : 'audit_successful',
        reviewed_by: reviewerId,
        reviewed_at: now,
        review_note: refused ? event.reason.trim() : null,
        published_at: refused ? null : now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyUser(
      trx,
      Number(row.author_id),
      refused
        ? { kind: 'review', title: headlineMessages.refusedNotice, content: event.reason.trim(), at: now }
        : { kind: 'review', title: headlineMessages.publishedNotice, content: headlineMessages.publishedNoticeBody, link: `/detail?id=${String(row.id)}`, at: now },
    );
    const result = adminRecordOf({ ...updated, user_nickname: row.user_nickname, classify_name: row.classify_name });
    await record(trx, adminRecordOf(row), result);
    return result;
  });
}

/** An article's comments (/comment): a published article's only. */
const newsThread: CommentThread = {
  table: 'headline_comments',
  owner: 'headline_id',
  like: 'headline_comment',
  exists: async (server, id) =>
    (await server.database.db.selectFrom('headlines').select('id').where('id', '=', id).where('status', '=', 'audit_successful').executeTakeFirst()) !== undefined,
  missing: headlineMessages.notFound,
};

/** Headlines/commentList. */
export async function headlineCommentPage(server: ServerContext, input: InputOf<'headlinesCommentList'>, viewerId: number | null): Promise<DataOf<'headlinesCommentList'>> {
  if (!(await newsThread.exists(server, input.id))) throw new DomainError(headlineMessages.notFound);
  return threadCommentPage(server, newsThread, { owner_id: input.id, parent_id: input.parent_id, page: input.page, limit: input.limit }, viewerId);
}

/** Headlines_user/comment: kept as text, shown as text. */
export function addHeadlineComment(server: ServerContext, input: InputOf<'headlinesUserComment'>, authorId: number): Promise<DataOf<'headlinesUserComment'>> {
  return addThreadComment(server, newsThread, { owner_id: input.id, content: input.content, parent_id: input.parent_id }, authorId);
}

/** Headlines_user/commentLikes. */
export function likeHeadlineComment(server: ServerContext, input: InputOf<'headlinesUserCommentLikes'>, userId: number): Promise<DataOf<'headlinesUserCommentLikes'>> {
  return likeThreadComment(server, newsThread, input.comment_id, input.is_like === 1, userId);
}
