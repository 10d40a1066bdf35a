import { sql } from 'kysely';
import type { Trx } from '../wallet/wallet-public.ts';
import { amountOf } from '../wallet/wallet-public.ts';

/**
 * SPEC §5: 1 yellow diamond spent = 1 wealth point (0.1 the smallest); the wealth level and its icon
 * follow the points. Answers the points after it, in the database's numeric text.
 */
export async function addWealth(trx: Trx, userId: number, spentTenths: number): Promise<string | number> {
  const row = await trx
    .updateTable('users')
    .set({ experience: sql`experience + ${amountOf(spentTenths).toFixed(1)}::numeric` })
    .where('id', '=', userId)
    .returning('experience')
    .executeTakeFirstOrThrow();
  if (spentTenths > 0) {
    await sql`update users set level = w.level, exp_icon = w.icon from wealth_levels w
      where users.id = ${userId} and w.level = (select max(level) from wealth_levels where min_experience <= users.experience)
        and (users.level is distinct from w.level or users.exp_icon is distinct from w.icon)`.execute(trx);
  }
  return row.experience;
}
