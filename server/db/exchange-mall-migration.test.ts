import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';

// Migration 080 moves the goods to the contract's kinds (gift, horn, physical). A database seeded
// before it has 'virtual' goods, whose promises the site cannot keep, and exchanges 'to_ship'.

const migrationsDir = new URL('./migrations/', import.meta.url);

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.exec('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const before = (await readdir(migrationsDir)).filter((name) => /^\d{3}_.+\.sql$/.test(name) && name < '080').sort();
  for (const file of before) {
    await handle.exec(await readFile(new URL(file, migrationsDir), 'utf8'));
    await handle.db.insertInto('schema_migrations').values({ name: file }).execute();
  }
  await handle.exec(`
    insert into users (mobile, password_hash, user_nickname, avatar, invite_code)
      values ('86-13900000080', 'scrypt$x', '老用户', '/media/avatars/1.svg', 'OLD080');
    insert into goods (name, name_en, image, kind, price_coins, stock, gift_id, gift_quantity, sort) values
      ('玫瑰×5', '5 Roses', '/media/gifts/rose.svg', 'gift', 50, null, (select id from gifts where name = '玫瑰'), 5, 0),
      ('冠军头像框（30天）', 'Champion Avatar Frame (30 days)', '/media/icons/goods-frame.svg', 'virtual', 500, null, null, 0, 1),
      ('定制球衣', 'Custom Jersey', '/media/icons/goods-jersey.svg', 'physical', 12000, 20, null, 0, 2);
    insert into ledger_transactions (idempotency_key, kind, user_id) values ('exchange:old:1', 'exchange', (select id from users where mobile = '86-13900000080'));
    insert into goods_exchanges (user_id, goods_id, quantity, coins, status, address, transaction_id) values (
      (select id from users where mobile = '86-13900000080'), (select id from goods where name = '定制球衣'), 1, 12000, 'to_ship',
      '{"name": "王小明", "phone": "13800001111", "address": "上海"}', (select id from ledger_transactions where idempotency_key = 'exchange:old:1'));
  `);
  expect(await migrate(handle)).toContain('080_exchange_mall.sql');
}, 60_000);

afterAll(async () => {
  await handle.close();
});

describe('migration 080 on a database seeded before it', () => {
  it('turns the virtual goods into horn goods off the shelf, and keeps the others as they were', async () => {
    const rows = await handle.db.selectFrom('goods').select(['name', 'kind', 'enabled', 'horn_quantity', 'limit_per_user']).orderBy('sort').execute();
    expect(rows).toEqual([
      { name: '玫瑰×5', kind: 'gift', enabled: true, horn_quantity: 0, limit_per_user: null },
      { name: '冠军头像框（30天）', kind: 'horn', enabled: false, horn_quantity: 0, limit_per_user: null },
      { name: '定制球衣', kind: 'physical', enabled: true, horn_quantity: 0, limit_per_user: null },
    ]);
  });

  it('keeps a horn goods off the shelf until it has horns, and knows no virtual goods any more', async () => {
    const shelve = sql`update goods set enabled = true where name = '冠军头像框（30天）'`.execute(handle.db);
    await expect(shelve).rejects.toThrow(/goods_delivery_check/);
    await sql`update goods set enabled = true, horn_quantity = 5 where name = '冠军头像框（30天）'`.execute(handle.db);
    const virtual = sql`insert into goods (name, name_en, image, kind, price_coins) values ('x', 'x', '/media/icons/goods-card.svg', 'virtual', 1)`.execute(handle.db);
    await expect(virtual).rejects.toThrow(/goods_kind_check/);
  });

  it("names the exchanges waiting to ship 'pending', as the contract does", async () => {
    const rows = await handle.db.selectFrom('goods_exchanges').select('status').execute();
    expect(rows).toEqual([{ status: 'pending' }]);
    const old = sql`update goods_exchanges set status = 'to_ship'`.execute(handle.db);
    await expect(old).rejects.toThrow(/goods_exchanges_status_check/);
  });
});
