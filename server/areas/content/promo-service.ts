import type { Selectable, Transaction } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import type { Database } from '../../db/schema.ts';
import type { AdvertsTable, BannersTable } from '../../db/tables/content-tables.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';

// The home carousel (Banner/getBannerList) and the advert slots (banner/getAdvertisement): rows the admin
// console edits, each shown while enabled and between its start and its end. A picture is one the admin
// uploaded as a cover, so it was judged by its content and drawn again as a JPEG before it was stored.

type Promo = DataOf<'adminSavePromo'>;
type Row = Selectable<BannersTable> | Selectable<AdvertsTable>;

export const promoMessages = {
  imageNotUploaded: 'Input error: image is not a picture you uploaded',
  bannerPlace: 'Input error: a banner shows on the home page',
  bannerLink: 'Input error: a banner links to a page of the site',
  window: 'Input error: the end must come after the start',
  notFound: 'No data',
} as const;

/** What /api/upload stores for purpose cover: a picture drawn again by the server. */
const pictureTypes = ['image/jpeg', 'image/png'];

const titleIn = (row: Pick<Row, 'title' | 'title_en' | 'title_vi'>, language: Language) =>
  language === 'en' ? row.title_en || row.title : language === 'vi' ? row.title_vi || row.title_en || row.title : row.title;

/** Whether visitors see a row at `now`. */
const running = (row: Pick<Row, 'enabled' | 'starts_at' | 'ends_at'>, now: Date) =>
  row.enabled && (row.starts_at === null || row.starts_at <= now) && (row.ends_at === null || row.ends_at > now);

/** Banner/getBannerList: the home carousel's slides running now, in order, in the reader's language. */
export async function homeBanners(server: ServerContext, language: Language): Promise<DataOf<'bannerGetBannerList'>> {
  const now = server.clock.now();
  const rows = await server.database.db
    .selectFrom('banners')
    .selectAll()
    .where('position', '=', 'home')
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), image: row.image, link: row.link || '/main', title: titleIn(row, language) }));
}

/** banner/getAdvertisement: the adverts of one place running now, in order, in the reader's language. */
export async function adverts(server: ServerContext, input: InputOf<'bannerGetAdvertisement'>, language: Language): Promise<DataOf<'bannerGetAdvertisement'>> {
  const now = server.clock.now();
  const rows = await server.database.db
    .selectFrom('adverts')
    .selectAll()
    .where('position', '=', input.position)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), position: row.position, image: row.image, link: row.link || '/main', title: titleIn(row, language) }));
}

function promoOf(kind: Promo['kind'], row: Row, now: Date): Promo {
  return {
    id: Number(row.id),
    kind,
    position: row.position === 'home' || kind === 'advert' ? (row.position as Promo['position']) : 'home',
    title: row.title,
    title_en: row.title_en,
    title_vi: row.title_vi,
    image: row.image,
    link: row.link,
    sort: row.sort,
    starts_at: row.starts_at ? timestampOf(row.starts_at) : null,
    ends_at: row.ends_at ? timestampOf(row.ends_at) : null,
    enabled: row.enabled,
    running: running(row, now),
  };
}

/** admin/promoList: every banner and advert, running or not. */
export async function adminPromoList(server: ServerContext): Promise<DataOf<'adminPromoList'>> {
  const { db } = server.database;
  const now = server.clock.now();
  const [banners, advertRows] = await Promise.all([
    db.selectFrom('banners').selectAll().where('position', '=', 'home').orderBy('sort').orderBy('id').limit(200).execute(),
    db.selectFrom('adverts').selectAll().orderBy('position').orderBy('sort').orderBy('id').limit(200).execute(),
  ]);
  return { banners: banners.map((row) => promoOf('banner', row, now)), adverts: advertRows.map((row) => promoOf('advert', row, now)) };
}

const dateOf = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000));

/**
 * admin/savePromo: adds or changes a banner or an advert. A new picture must be one of the admin's own
 * cover uploads; a row keeps the picture it has without one. `record` writes the audit entry in the
 * same transaction.
 */
export async function savePromo(
  server: ServerContext,
  adminId: number,
  input: InputOf<'adminSavePromo'>,
  record: (trx: Transaction<Database>, before: Promo | null, after: Promo) => Promise<void>,
): Promise<Promo> {
  if (input.kind === 'banner' && input.position !== 'home') throw new DomainError(promoMessages.bannerPlace);
  if (input.kind === 'banner' && input.link.startsWith('https://')) throw new DomainError(promoMessages.bannerLink);
  const startsAt = dateOf(input.starts_at);
  const endsAt = dateOf(input.ends_at);
  if (startsAt && endsAt && endsAt <= startsAt) throw new DomainError(promoMessages.window);
  const now = server.clock.now();
  const values = {
    title: input.title.trim() || input.title,
    title_en: (input.title_en ?? '').trim(),
    title_vi: (input.title_vi ?? '').trim(),
    image: input.image,
    link: input.link,
    sort: input.sort,
    starts_at: startsAt,
    ends_at: endsAt,
    enabled: input.enabled,
  };
  return server.database.db.transaction().execute(async (trx) => {
    const table = input.kind === 'banner' ? 'banners' : 'adverts';
    const before = input.id === undefined ? undefined : await trx.selectFrom(table).selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (input.id !== undefined && !before) throw new DomainError(promoMessages.notFound);
    if (before?.image !== input.image) {
      const upload = await trx.selectFrom('uploads').select('content_type').where('path', '=', input.image).where('owner_id', '=', adminId).executeTakeFirst();
      if (!upload || !pictureTypes.includes(upload.content_type)) throw new DomainError(promoMessages.imageNotUploaded);
    }
    let row: Row;
    if (input.kind === 'banner') {
      const changes = { ...values, position: 'home' as const };
      row = before
        ? await trx.updateTable('banners').set(changes).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
        : await trx.insertInto('banners').values(changes).returningAll().executeTakeFirstOrThrow();
    } else {
      const changes = { ...values, position: input.position };
      row = before
        ? await trx.updateTable('adverts').set(changes).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
        : await trx.insertInto('adverts').values(changes).returningAll().executeTakeFirstOrThrow();
    }
    const after = promoOf(input.kind, row, now);
    await record(trx, before ? promoOf(input.kind, before, now) : null, after);
    return after;
  });
}

/** admin/deletePromo: removes a banner or an advert, recorded in the same transaction. */
export async function deletePromo(
  server: ServerContext,
  input: InputOf<'adminDeletePromo'>,
  record: (trx: Transaction<Database>, before: Promo) => Promise<void>,
): Promise<null> {
  const now = server.clock.now();
  await server.database.db.transaction().execute(async (trx) => {
    const table = input.kind === 'banner' ? 'banners' : 'adverts';
    const row = await trx.deleteFrom(table).where('id', '=', input.id).returningAll().executeTakeFirst();
    if (!row) throw new DomainError(promoMessages.notFound);
    await record(trx, promoOf(input.kind, row, now));
  });
  return null;
}
