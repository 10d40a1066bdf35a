import { PGlite } from '@electric-sql/pglite';
import { Kysely, isAbortedTransactionError, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.ts';

interface Tables {
  team: { id: number; name: string };
}

// One PGlite for the file: each start runs initdb, seconds on this machine.
let db: Kysely<Tables>;

beforeAll(async () => {
  const pglite = new PGlite();
  await pglite.exec('create table team (id int primary key, name text not null)');
  db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
}, 60_000);

beforeEach(async () => {
  await sql`truncate team`.execute(db);
});

afterAll(async () => {
  await db.destroy();
});

const names = async () => (await db.selectFrom('team').select('name').orderBy('id').execute()).map((row) => row.name);

describe('PGliteDialect', () => {
  it('reads rows as objects and counts the rows a statement touched', async () => {
    await db.insertInto('team').values([{ id: 1, name: 'Arsenal' }, { id: 2, name: 'Chelsea' }]).execute();
    const updated = await db.updateTable('team').set({ name: 'Spurs' }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('team').selectAll().orderBy('id').execute()).toEqual([
      { id: 1, name: 'Arsenal' },
      { id: 2, name: 'Spurs' },
    ]);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await db.transaction().execute((trx) => trx.insertInto('team').values({ id: 1, name: 'Arsenal' }).execute());
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('team').values({ id: 2, name: 'Chelsea' }).execute();
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await names()).toEqual(['Arsenal']);
  });

  it('lets a query from outside a transaction wait for it, not run inside it', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const transactionStarted = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('team').values({ id: 1, name: 'Arsenal' }).execute();
      inside();
      // Give the outside query every chance to run first if it could.
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
      throw new Error('roll back');
    });
    await transactionStarted;
    const outside = names().then((seen) => {
      order.push('outside');
      return seen;
    });
    await expect(transaction).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('reports a transaction that PostgreSQL rolled back at commit as aborted', async () => {
    const commit = db.transaction().execute(async (trx) => {
      await trx.insertInto('team').values({ id: 1, name: 'Arsenal' }).execute();
      await trx
        .insertInto('team')
        .values({ id: 1, name: 'Arsenal again' })
        .execute()
        .catch(() => undefined);
    });
    const error = await commit.catch((caught: unknown) => caught);
    expect(isAbortedTransactionError(error)).toBe(true);
    expect(await names()).toEqual([]);
  });

  it('rolls back to a savepoint and keeps what came before it', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('team').values({ id: 1, name: 'Arsenal' }).execute();
    const saved = await trx.savepoint('before second').execute();
    await saved.insertInto('team').values({ id: 2, name: 'Chelsea' }).execute();
    const back = await saved.rollbackToSavepoint('before second').execute();
    await back.commit().execute();
    expect(await names()).toEqual(['Arsenal']);
  });

  it('closes PGlite when Kysely is destroyed', async () => {
    const pglite = new PGlite();
    const own = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
    await sql`select 1`.execute(own);
    await own.destroy();
    expect(pglite.closed).toBe(true);
  }, 60_000);
});
