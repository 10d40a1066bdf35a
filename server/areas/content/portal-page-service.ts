import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import { defaultLanguage, type Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';

/**
 * Portal_post/getList2: the legal and help pages of /about-user (SPEC §2), in the reader's language; a page
 * not written in it yet is shown in the site's default language rather than not at all.
 */
export async function portalPages(server: ServerContext, input: InputOf<'portalPostGetList2'>, language: Language): Promise<DataOf<'portalPostGetList2'>> {
  let query = server.database.db
    .selectFrom('portal_posts')
    .select(['id', 'type', 'lang', 'title', 'content', 'updated_at'])
    .where('lang', 'in', [...new Set([language, defaultLanguage])]);
  if (input.type !== undefined) query = query.where('type', '=', input.type);
  const rows = await query.orderBy('type').execute();
  const byType = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    if (!byType.has(row.type) || row.lang === language) byType.set(row.type, row);
  }
  return [...byType.values()].map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    update_time: timestampOf(row.updated_at),
  }));
}
