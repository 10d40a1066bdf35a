import type { DataOf } from '../../contract/operation-types.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';

/** Activity_Config/getActivityUrl: the official activity running now (the latest to start), or null. */
export async function currentActivity(server: ServerContext, language: Language): Promise<DataOf<'activityConfigGetActivityUrl'>> {
  const now = server.clock.now();
  const row = await server.database.db
    .selectFrom('activities')
    .select(['title', 'title_en', 'url'])
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { title: language === 'zh' ? row.title : row.title_en, url: row.url };
}
