import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { postMessages } from './post-service.ts';
import { circleNameIn } from './post-view.ts';

// The circles of /circle (SPEC §2): each named and described in the reader's language, with its members and
// posts counted and whether the caller has joined it; joining and leaving.

type Circle = DataOf<'circleJoin'>;

const descriptionIn = (language: Language) =>
  language === 'zh'
    ? sql<string>`circles.description`
    : language === 'en'
      ? sql<string>`coalesce(nullif(circles.description_en, ''), circles.description)`
      : sql<string>`coalesce(nullif(circles.description_vi, ''), nullif(circles.description_en, ''), circles.description)`;

function circlesQuery(db: Kysely<Database> | Transaction<Database>, viewerId: number | null, language: Language) {
  return db
    .selectFrom('circles')
    .select([
      'circles.id',
      circleNameIn(language).as('name'),
      'circles.icon',
      'circles.cover',
      descriptionIn(language).as('description'),
      (eb) => eb.selectFrom('circle_members').select((inner) => inner.fn.countAll<string>().as('n')).whereRef('circle_members.circle_id', '=', 'circles.id').as('member_count'),
      (eb) =>
        eb
          .selectFrom('circle_posts')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('circle_posts.circle_id', '=', 'circles.id')
          .where('circle_posts.deleted_at', 'is', null)
          .as('post_count'),
      (eb) =>
        viewerId === null
          ? sql<boolean>`false`.as('is_joined')
          : eb
              .exists(eb.selectFrom('circle_members').select('circle_members.user_id').whereRef('circle_members.circle_id', '=', 'circles.id').where('circle_members.user_id', '=', viewerId))
              .as('is_joined'),
    ])
    .orderBy('circles.sort')
    .orderBy('circles.id');
}

type CircleRow = Awaited<ReturnType<ReturnType<typeof circlesQuery>['executeTakeFirstOrThrow']>>;

const circleOf = (row: CircleRow): Circle => ({
  id: Number(row.id),
  name: row.name,
  icon: row.icon,
  cover: row.cover,
  description: row.description,
  member_count: Number(row.member_count ?? 0),
  post_count: Number(row.post_count ?? 0),
  is_joined: Boolean(row.is_joined),
});

/** circle/list: every circle in the editors' order. */
export async function circleList(server: ServerContext, viewerId: number | null, language: Language): Promise<DataOf<'circleList'>> {
  const rows = await circlesQuery(server.database.db, viewerId, language).limit(100).execute();
  return rows.map(circleOf);
}

/** circle/join: joins (join true) or leaves a circle; doing either twice changes nothing. */
export async function joinCircle(server: ServerContext, userId: number, input: InputOf<'circleJoin'>, language: Language): Promise<Circle> {
  const { db } = server.database;
  const circle = await db.selectFrom('circles').select('id').where('id', '=', input.circle_id).executeTakeFirst();
  if (!circle) throw new DomainError(postMessages.circleMissing);
  if (input.join) {
    await db
      .insertInto('circle_members')
      .values({ circle_id: circle.id, user_id: userId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['circle_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('circle_members').where('circle_id', '=', circle.id).where('user_id', '=', userId).execute();
  }
  return circleOf(await circlesQuery(db, userId, language).where('circles.id', '=', circle.id).executeTakeFirstOrThrow());
}
