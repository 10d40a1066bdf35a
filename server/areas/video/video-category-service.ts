import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { listed } from './video-queries.ts';

export type VideoCategory = DataOf<'videocclassificationAllList'>[number];

export const videoCategoryMessages = {
  notFound: 'This video category does not exist',
  added: 'Added successfully',
  done: 'Operation successful',
} as const;

/** Recommended categories are at most this many (the contract's maxItems). */
const recommendLimit = 20;
/** "Recent views" for recommending categories: the last week's. */
const recommendWindowMs = 7 * 24 * 3600 * 1000;

function selectCategories(server: ServerContext, viewerId: number | null) {
  return server.database.db
    .selectFrom('video_categories')
    .select((eb) => [
      'video_categories.id',
      'video_categories.name',
      'video_categories.name_en',
      'video_categories.icon',
      'video_categories.sort',
      eb
        .selectFrom('videos')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('videos.category_id', '=', 'video_categories.id')
        .where(listed)
        .as('video_count'),
      viewerId === null
        ? sql<boolean>`false`.as('is_mine')
        : eb
            .exists(
              eb
                .selectFrom('user_video_categories')
                .select('user_video_categories.user_id')
                .where('user_video_categories.user_id', '=', viewerId)
                .whereRef('user_video_categories.category_id', '=', 'video_categories.id'),
            )
            .as('is_mine'),
    ]);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

function toCategory(row: CategoryRow, language: Language): VideoCategory {
  return {
    id: Number(row.id),
    name: language === 'zh' ? row.name : row.name_en,
    icon: row.icon,
    video_count: Number(row.video_count ?? 0),
    is_mine: row.is_mine ? 1 : 0,
  };
}

/** videocclassification/allList: every category in the site's order. */
export async function allCategories(server: ServerContext, viewerId: number | null, language: Language): Promise<VideoCategory[]> {
  const rows = await selectCategories(server, viewerId).orderBy('video_categories.sort').orderBy('video_categories.id').execute();
  return rows.map((row) => toCategory(row, language));
}

/** Video/Videoclassification: the list's tabs, the viewer's own categories first (in the order added), then the rest. */
export async function categoryTabs(server: ServerContext, viewerId: number | null, language: Language): Promise<VideoCategory[]> {
  const all = await allCategories(server, viewerId, language);
  if (viewerId === null) return all;
  const mine = await myCategories(server, viewerId, language);
  const mineIds = new Set(mine.map((category) => category.id));
  return [...mine, ...all.filter((category) => !mineIds.has(category.id))];
}

/** videocclassification/myClassification: the viewer's categories, in the order added. */
export async function myCategories(server: ServerContext, viewerId: number, language: Language): Promise<VideoCategory[]> {
  const rows = await selectCategories(server, viewerId)
    .innerJoin('user_video_categories', 'user_video_categories.category_id', 'video_categories.id')
    .where('user_video_categories.user_id', '=', viewerId)
    .orderBy('user_video_categories.sort')
    .orderBy('user_video_categories.created_at')
    .execute();
  return rows.map((row) => toCategory(row, language));
}

/** videocclassification/recommend: the categories with the most views in the last week, leaving out the viewer's own. */
export async function recommendedCategories(server: ServerContext, viewerId: number | null, language: Language): Promise<VideoCategory[]> {
  const since = new Date(server.clock.now().getTime() - recommendWindowMs);
  let query = selectCategories(server, viewerId).select((eb) =>
    eb
      .selectFrom('video_views')
      .innerJoin('videos', 'videos.id', 'video_views.video_id')
      .select((count) => count.fn.countAll<number>().as('n'))
      .whereRef('videos.category_id', '=', 'video_categories.id')
      .where('video_views.hour', '>=', since)
      .as('recent_views'),
  );
  if (viewerId !== null) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_video_categories')
            .select('user_video_categories.user_id')
            .where('user_video_categories.user_id', '=', viewerId)
            .whereRef('user_video_categories.category_id', '=', 'video_categories.id'),
        ),
      ),
    );
  }
  const rows = await query
    .orderBy(sql`recent_views`, 'desc')
    .orderBy('video_categories.sort')
    .orderBy('video_categories.id')
    .limit(recommendLimit)
    .execute();
  return rows.map((row) => toCategory(row, language));
}

/** videocclassification/search: categories whose name, in either language, holds the text, case-insensitively. */
export async function searchCategories(server: ServerContext, viewerId: number | null, text: string, language: Language): Promise<VideoCategory[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await selectCategories(server, viewerId)
    .where((eb) => eb.or([eb('video_categories.name', 'ilike', pattern), eb('video_categories.name_en', 'ilike', pattern)]))
    .orderBy('video_categories.sort')
    .orderBy('video_categories.id')
    .execute();
  return rows.map((row) => toCategory(row, language));
}

/** videocclassification/addMyclassification: add a category to the viewer's list (at its end) or take it out. */
export async function changeMyCategories(
  server: ServerContext,
  viewerId: number,
  input: { category_id: number; action?: 'add' | 'remove' },
  language: Language,
  say: (message: string) => void,
): Promise<VideoCategory[]> {
  const exists = await server.database.db.selectFrom('video_categories').select('id').where('id', '=', input.category_id).executeTakeFirst();
  if (!exists) throw new DomainError(videoCategoryMessages.notFound);
  if ((input.action ?? 'add') === 'add') {
    await server.database.db
      .insertInto('user_video_categories')
      .values((eb) => ({
        user_id: viewerId,
        category_id: input.category_id,
        sort: eb
          .selectFrom('user_video_categories')
          .select(sql<number>`coalesce(max(sort) + 1, 0)`.as('next'))
          .where('user_id', '=', viewerId),
        created_at: server.clock.now(),
      }))
      .onConflict((conflict) => conflict.columns(['user_id', 'category_id']).doNothing())
      .execute();
    say(videoCategoryMessages.added);
  } else {
    await server.database.db
      .deleteFrom('user_video_categories')
      .where('user_id', '=', viewerId)
      .where('category_id', '=', input.category_id)
      .execute();
    say(videoCategoryMessages.done);
  }
  return myCategories(server, viewerId, language);
}
