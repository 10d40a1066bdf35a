import { randomBytes } from 'node:crypto';
import type { MemoryCache } from '../memory-cache.ts';
import type { DatabaseHandle } from './database.ts';

export type SiteSecretName = 'altcha_secret' | 'altcha_key_secret' | 'sms_code_secret' | 'upload_token_secret' | 'pay_sandbox_secret';

/**
 * A random secret made once per database (like the messaging secret), so every server process of
 * one site agrees on it and a restart does not invalidate what it signed.
 */
export function siteSecret(server: { readonly cache: MemoryCache; readonly database: DatabaseHandle }, name: SiteSecretName): Promise<string> {
  return server.cache.get(`secret:${name}`, Number.MAX_SAFE_INTEGER, async () => {
    const { db } = server.database;
    await db
      .insertInto('site_config')
      .values({ key: name, value: JSON.stringify(randomBytes(32).toString('hex')) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await db.selectFrom('site_config').select('value').where('key', '=', name).executeTakeFirstOrThrow();
    return String(row.value);
  });
}
