import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { Trx } from '../wallet/wallet-public.ts';
import { recordAdminAction, type AdminActor } from './audit-log.ts';

type Settings = DataOf<'adminSettings'>;

// The rules an admin sets, each a site_config row that the services read where they apply it (the
// gift split in the gift batches' SQL, the plan split and refund rule at settlement, the second
// review in the withdrawal review, a new room's slow mode when an anchor is approved).
const settingKeys = ['gift_anchor_share', 'plan_expert_share', 'plan_refund_on_loss', 'withdrawal_second_review_above', 'room_slow_seconds_default'] as const;
type SettingKey = (typeof settingKeys)[number];

const slowModeChoices = [0, 3, 5, 10, 30] as const;

/** A stored slow mode, or off when none (or none the rooms' chat rules allow) is stored. */
function slowSecondsOf(stored: unknown): Settings['room_slow_seconds_default'] {
  return slowModeChoices.find((choice) => choice === Number(stored)) ?? 0;
}

async function readSettings(db: Pick<Trx, 'selectFrom'>): Promise<Settings> {
  const rows = await db.selectFrom('site_config').select(['key', 'value']).where('key', 'in', [...settingKeys]).execute();
  const value = (key: SettingKey) => rows.find((row) => row.key === key)?.value;
  return {
    gift_anchor_share: Number(value('gift_anchor_share') ?? 0.5),
    plan_expert_share: Number(value('plan_expert_share') ?? 0.7),
    plan_refund_on_loss: value('plan_refund_on_loss') === true,
    withdrawal_second_review_above: Number(value('withdrawal_second_review_above') ?? 5000),
    room_slow_seconds_default: slowSecondsOf(value('room_slow_seconds_default')),
  };
}

/** admin/settings. */
export function siteSettings(server: ServerContext): Promise<Settings> {
  return readSettings(server.database.db);
}

/** admin/updateSettings: the settings given, each value before and after in one audit entry. */
export async function updateSiteSettings(server: ServerContext, actor: AdminActor, input: InputOf<'adminUpdateSettings'>): Promise<Settings> {
  const result = await server.database.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    const now = server.clock.now();
    for (const key of settingKeys) {
      const value = input[key];
      if (value === undefined) continue;
      await trx
        .insertInto('site_config')
        .values({ key, value: JSON.stringify(value), updated_at: now })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
        .execute();
    }
    const after = await readSettings(trx);
    const changed = settingKeys.filter((key) => before[key] !== after[key]);
    await recordAdminAction(trx, server, actor, {
      action: 'settings.update',
      targetType: 'site_config',
      targetId: changed.join(',') || '-',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      reason: input.reason,
    });
    return after;
  });
  // What reads site_config through the cache must see the new rules.
  server.cache.invalidate('site_config');
  return result;
}
