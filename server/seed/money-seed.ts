import { barrageStyles, gifts, guardTiers, nobilityPrivileges, nobilityTiers } from './catalogue/gifts-catalogue.ts';
import { chargeRules } from './catalogue/wallet-catalogue.ts';
import { activityDefs, goodsDefs } from './catalogue/tasks-catalogue.ts';
import { at, insertReturningIds, insertRows, media, type SeedContext, type SeededCatalogue } from './context.ts';

/** What money buys: top-up packages, pay channels, gifts, guard and nobility, barrage, the mall. */
export async function seedMoney(ctx: SeedContext): Promise<SeededCatalogue> {
  const { db } = ctx;

  await insertRows(
    db,
    'charge_rules',
    chargeRules.map(([price, diamonds, bonus], sort) => ({ name: `${diamonds + bonus}黄钻`, price, diamonds, bonus, sort })),
  );
  // Only the sandbox pays out of the box; the others wait for a real payment provider's keys.
  await insertRows(db, 'pay_channels', [
    { code: 'sandbox', name: '沙箱支付', name_en: 'Sandbox', name_vi: 'Thanh toán thử', icon: media.icon('pay-sandbox'), sort: 0, enabled: true },
    { code: 'alipay', name: '支付宝', name_en: 'Alipay', name_vi: 'Alipay', icon: media.icon('pay-alipay'), sort: 1, enabled: false },
    { code: 'wechat', name: '微信支付', name_en: 'WeChat Pay', name_vi: 'WeChat Pay', icon: media.icon('pay-wechat'), sort: 2, enabled: false },
    { code: 'bank', name: '银行卡', name_en: 'Bank card', name_vi: 'Thẻ ngân hàng', icon: media.icon('pay-bank'), sort: 3, enabled: false },
  ]);

  // The gifts on sale come with migration 040; the seed finds them by name.
  const giftRows = await db.selectFrom('gifts').select(['id', 'name']).execute();
  const giftIdByName = new Map(giftRows.map((row) => [row.name, Number(row.id)]));
  const giftIds = gifts.map((gift) => {
    const id = giftIdByName.get(gift.name);
    if (id === undefined) throw new Error(`gift ${gift.name} is not in the catalogue of migration 040`);
    return id;
  });
  const giftIdOf = new Map(gifts.map((gift, i) => [gift.kind, giftIds[i]!]));

  const tiers = [
    ...nobilityTiers.map(([name, name_en, name_vi, price, renew], i) => ({
      kind: 'nobility' as const,
      level: i + 1,
      name,
      name_en,
      name_vi,
      icon: media.level(i + 1, 'noble'),
      price,
      renew_price: renew,
      days: 30,
      // SPEC §6, §9: nobility carries 30 free horn barrages
      free_horns: 30,
      privileges: JSON.stringify(nobilityPrivileges[i] ?? []),
    })),
    ...guardTiers.map(([name, name_en, name_vi, price, renew, privileges], i) => ({
      kind: 'guard' as const,
      level: i + 1,
      name,
      name_en,
      name_vi,
      icon: media.level(i + 1, 'guard'),
      price,
      renew_price: renew,
      days: 30,
      free_horns: 0,
      privileges: JSON.stringify(privileges),
    })),
  ];
  const tierIds = await insertReturningIds(db, 'guard_tiers', tiers);

  await insertRows(
    db,
    'barrage_styles',
    barrageStyles.map(([name, name_en, name_vi, color, price, min_nobility_level], sort) => ({
      name,
      name_en,
      name_vi,
      color,
      price,
      min_nobility_level,
      sort,
    })),
  );
  await insertRows(
    db,
    'goods',
    goodsDefs.map((def, sort) => ({
      name: def.name,
      name_en: def.name_en,
      name_vi: def.name_vi,
      image: def.image,
      description: def.description,
      description_en: def.description_en,
      description_vi: def.description_vi,
      kind: def.kind,
      price_coins: def.price_coins,
      stock: def.stock,
      limit_per_user: def.limit_per_user,
      gift_id: def.gift ? giftIdOf.get(def.gift)! : null,
      gift_quantity: def.gift_quantity ?? 0,
      horn_quantity: def.horn_quantity ?? 0,
      sort,
    })),
  );
  await insertRows(
    db,
    'activities',
    activityDefs.map((def) => ({
      title: def.title,
      title_en: def.title_en,
      url: def.url,
      starts_at: at(ctx, -24 * 3600_000),
      ends_at: at(ctx, def.days * 24 * 3600_000),
    })),
  );

  return {
    gifts: gifts.map((gift, i) => ({ id: giftIds[i]!, kind: gift.kind, name: gift.name, price: gift.price })),
    guardTiers: tiers.map((tier, i) => ({
      id: tierIds[i]!,
      kind: tier.kind,
      level: tier.level,
      price: tier.price,
      days: tier.days,
      freeHorns: tier.free_horns,
    })),
  };
}
