import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { recordAdminAction, type AdminActor } from './audit-log.ts';

type AdminChargeRule = DataOf<'adminSaveChargeRule'>;

export const chargeRuleMessages = {
  notFound: 'Top-up package not found',
  priceDecimals: 'A price has at most 2 decimals',
  diamondDecimals: 'Diamonds and bonus have at most 1 decimal',
  bonusOverDiamonds: 'The bonus cannot be more than the diamonds bought',
  samePrice: 'Another enabled package has this price',
  lastEnabled: 'At least one package must stay on sale',
} as const;

const columns = ['id', 'name', 'price', 'diamonds', 'bonus', 'sort', 'enabled'] as const;

function ruleOf(row: { id: number | string; name: string; price: number | string; diamonds: number | string; bonus: number | string; sort: number; enabled: boolean }): AdminChargeRule {
  return { id: Number(row.id), name: row.name, price: Number(row.price), diamonds: Number(row.diamonds), bonus: Number(row.bonus), sort: row.sort, enabled: row.enabled };
}

/** Whether `value` has at most `places` decimals, read as the decimal a person typed. */
function hasDecimals(value: number, places: number): boolean {
  return Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;
}

/** admin/chargeRuleList: every package, cheapest first. */
export async function adminChargeRules(server: ServerContext): Promise<DataOf<'adminChargeRuleList'>> {
  const rows = await server.database.db.selectFrom('charge_rules').select(columns).orderBy('price').orderBy('sort').orderBy('id').execute();
  return rows.map(ruleOf);
}

/**
 * admin/saveChargeRule: adds or changes a package, which chargerules/getList serves while it is
 * enabled. Orders made keep their own amount and diamonds, so a change never alters one.
 */
export async function saveChargeRule(server: ServerContext, actor: AdminActor, input: InputOf<'adminSaveChargeRule'>): Promise<AdminChargeRule> {
  if (!hasDecimals(input.price, 2)) throw new DomainError(chargeRuleMessages.priceDecimals);
  if (!hasDecimals(input.diamonds, 1) || !hasDecimals(input.bonus, 1)) throw new DomainError(chargeRuleMessages.diamondDecimals);
  if (input.bonus > input.diamonds) throw new DomainError(chargeRuleMessages.bonusOverDiamonds);
  const values = { name: input.name.trim(), price: input.price, diamonds: input.diamonds, bonus: input.bonus, sort: input.sort ?? 0, enabled: input.enabled };
  return server.database.db.transaction().execute(async (trx) => {
    // One change of the packages at a time, so the checks below see every enabled package.
    const all = await trx.selectFrom('charge_rules').select(columns).orderBy('id').forUpdate().execute();
    const before = input.id === undefined ? null : all.find((row) => Number(row.id) === input.id);
    if (before === undefined) throw new DomainError(chargeRuleMessages.notFound);
    const others = all.filter((row) => Number(row.id) !== input.id && row.enabled);
    if (input.enabled && others.some((row) => Math.round(Number(row.price) * 100) === Math.round(input.price * 100))) {
      throw new DomainError(chargeRuleMessages.samePrice);
    }
    if (!input.enabled && others.length === 0) throw new DomainError(chargeRuleMessages.lastEnabled);
    const row =
      before === null
        ? await trx.insertInto('charge_rules').values(values).returning(columns).executeTakeFirstOrThrow()
        : await trx.updateTable('charge_rules').set(values).where('id', '=', before.id).returning(columns).executeTakeFirstOrThrow();
    const after = ruleOf(row);
    await recordAdminAction(trx, server, actor, {
      action: before === null ? 'charge_rule.create' : 'charge_rule.update',
      targetType: 'charge_rule',
      targetId: after.id,
      before: before === null ? null : ruleOf(before),
      after,
      reason: input.reason,
    });
    return after;
  });
}
