import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { amountOf, balanceAfter, book, idempotent, ledgerMessages, tenthsOf, type Trx } from '../wallet/wallet-public.ts';
import { giftMessages } from './gift-service.ts';
import { addWealth } from './wealth.ts';

export const guardMessages = {
  tierNotFound: 'This guard or nobility tier is not on sale',
  anchorNeeded: 'Choose the anchor to guard',
  anchorNotFound: 'Anchor not found',
  insufficient: 'Not enough yellow diamonds for this purchase: please top up',
} as const;

const dayMs = 24 * 3600_000;

/** Guard/getList: the tiers on sale, nobility then guard, lowest first. */
export async function guardTiers(server: ServerContext, language: Language): Promise<DataOf<'guardGetList'>> {
  const rows = await server.database.db.selectFrom('guard_tiers').selectAll().orderBy('kind', 'desc').orderBy('level').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    name: catalogueText(language, { zh: row.name, en: row.name_en, vi: row.name_vi }),
    icon: row.icon,
    price_per_month: amountOf(tenthsOf(row.price)),
    perks: row.privileges.map((perk) => ({ name: perk, icon: row.icon, description: perk })),
    free_horns: row.free_horns,
  }));
}

/** The anchor's part of a guard, as of a gift (site_config.gift_anchor_share). */
async function anchorShareTenths(trx: Trx, totalTenths: number): Promise<number> {
  const row = await trx.selectFrom('site_config').select('value').where('key', '=', 'gift_anchor_share').executeTakeFirst();
  const share = Number(row?.value ?? 0.5);
  return Math.floor(totalTenths * (Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0.5));
}

/**
 * guard_user/buy: price_per_month × months from the consumer wallet, one ledger transaction under the
 * request's key. A guard is for one anchor (not oneself, SPEC §5), whose income gets the configured
 * share; nobility is the platform's alone and brings its free horns (SPEC §6). The tier held and not
 * expired is extended; another tier replaces it from now.
 */
export async function buyGuard(
  server: ServerContext,
  userId: number,
  input: InputOf<'guardUserBuy'>,
  key: string | undefined,
): Promise<DataOf<'guardUserBuy'>> {
  const { db } = server.database;
  const tier = await db.selectFrom('guard_tiers').selectAll().where('id', '=', input.tier_id).executeTakeFirst();
  if (!tier) throw new DomainError(guardMessages.tierNotFound);
  const isGuard = tier.kind === 'guard';
  let anchorId: number | null = null;
  if (isGuard) {
    if (input.anchor_uid === undefined) throw new DomainError(guardMessages.anchorNeeded);
    if (input.anchor_uid === userId) throw new DomainError(giftMessages.notToYourself);
    const anchor = await db
      .selectFrom('live_rooms')
      .innerJoin('users', 'users.id', 'live_rooms.anchor_id')
      .select('users.id')
      .where('users.id', '=', input.anchor_uid)
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!anchor) throw new DomainError(guardMessages.anchorNotFound);
    anchorId = Number(anchor.id);
  }
  const costTenths = tenthsOf(tier.price) * input.months;
  const params = { tier_id: input.tier_id, months: input.months, anchor_uid: anchorId };
  try {
    return await idempotent(server, { userId, operation: 'guardUserBuy', key, params }, async (trx) => {
      const now = server.clock.now();
      const consumer = { user: userId, kind: 'consumer' } as const;
      const incomeTenths = anchorId === null ? 0 : await anchorShareTenths(trx, costTenths);
      const booked = await book(trx, server, {
        key: `${tier.kind}:${userId}:${key ?? `${now.getTime()}:${Math.random()}`}`,
        kind: tier.kind,
        userId,
        meta: { tier_id: Number(tier.id), months: input.months, anchor_id: anchorId },
        postings: [
          { account: consumer, tenths: -costTenths },
          ...(anchorId !== null && incomeTenths > 0 ? [{ account: { user: anchorId, kind: 'income' } as const, tenths: incomeTenths }] : []),
          ...(costTenths - incomeTenths > 0 ? [{ account: { system: 'system_revenue' } as const, tenths: costTenths - incomeTenths }] : []),
        ],
      });
      let held = trx
        .selectFrom('guard_memberships')
        .select(['id', 'tier_id', 'expires_at', 'free_horns_left'])
        .where('user_id', '=', userId)
        .forUpdate();
      held = anchorId === null ? held.where('anchor_id', 'is', null) : held.where('anchor_id', '=', anchorId);
      const current = await held.executeTakeFirst();
      const length = tier.days * input.months * dayMs;
      const extends_ = current !== undefined && Number(current.tier_id) === Number(tier.id) && current.expires_at > now;
      const expiresAt = new Date((extends_ ? current.expires_at.getTime() : now.getTime()) + length);
      const freeHorns = tier.free_horns * input.months + (extends_ ? current.free_horns_left : 0);
      if (current) {
        await trx
          .updateTable('guard_memberships')
          .set({
            tier_id: Number(tier.id),
            ...(extends_ ? {} : { starts_at: now }),
            expires_at: expiresAt,
            free_horns_left: freeHorns,
            transaction_id: booked.transactionId,
          })
          .where('id', '=', current.id)
          .execute();
      } else {
        await trx
          .insertInto('guard_memberships')
          .values({
            user_id: userId,
            tier_id: Number(tier.id),
            anchor_id: anchorId,
            starts_at: now,
            expires_at: expiresAt,
            free_horns_left: freeHorns,
            transaction_id: booked.transactionId,
            created_at: now,
          })
          .execute();
      }
      await addWealth(trx, userId, costTenths);
      return {
        tier_id: Number(tier.id),
        kind: tier.kind,
        anchor_uid: anchorId,
        months: input.months,
        cost: amountOf(costTenths),
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        balance: amountOf(balanceAfter(booked, consumer)),
      };
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) throw new DomainError(guardMessages.insufficient);
    throw error;
  }
}
