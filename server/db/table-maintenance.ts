import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * PostgreSQL's autovacuum, done by the server for PGlite, which has none: a table is analyzed once enough of it
 * changed, and vacuumed once enough of it is dead rows or its oldest transaction id ages, by autovacuum's default
 * rules. Without it the planner never learns how the tables grew: measured on PGlite, a gift batch of one gift took
 * 7.2 ms on the freshly seeded world, 12 to 20 ms after 20,000 gifts, and 5.5 ms once the tables were analyzed.
 * PostgreSQL runs its own autovacuum, so nothing here runs there.
 */
const analyzeThreshold = 50;
const analyzeScaleFactor = 0.1;
const vacuumThreshold = 50;
const vacuumScaleFactor = 0.2;
/** Past this age a table's oldest transaction id is frozen (autovacuum_freeze_max_age's default, 200 million). */
const freezeMaxAge = 200_000_000;

/** How often the tables are looked at (autovacuum's naptime is a minute; the look is one query on PGlite). */
const defaultPeriodMs = 10_000;

export interface TableMaintenance {
  /** Stops looking; resolves once a round under way has ended, so the database can be closed after. */
  stop(): Promise<void>;
}

interface DueTable {
  name: string;
  vacuum: boolean;
}

/** The tables due for maintenance, by autovacuum's rules, most changed first; each name quoted for SQL. */
async function dueTables(database: DatabaseHandle): Promise<DueTable[]> {
  const { rows } = await sql<DueTable>`
    select t.name, t.vacuum
      from (
        select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
               s.n_mod_since_analyze > ${analyzeThreshold} + ${analyzeScaleFactor} * greatest(c.reltuples, 0) as needs_analyze,
               s.n_dead_tup > ${vacuumThreshold} + ${vacuumScaleFactor} * greatest(c.reltuples, 0)
                 or age(c.relfrozenxid) > ${freezeMaxAge} as vacuum,
               s.n_mod_since_analyze + s.n_dead_tup as changed
          from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
      ) t
      where t.needs_analyze or t.vacuum
      order by t.changed desc`.execute(database.db);
  return rows;
}

/**
 * One round: each due table analyzed (and vacuumed when due) on its own, so the calls waiting for the database go
 * between two tables rather than after all of them. Answers the tables it did.
 */
export async function maintainTables(database: DatabaseHandle): Promise<DueTable[]> {
  const due = await dueTables(database);
  for (const table of due) {
    // A table's name cannot be a parameter: written out, as quote_ident made it. VACUUM runs outside any transaction.
    await database.exec(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
  }
  return due;
}

/** Starts the rounds on PGlite, every `periodMs`; null on PostgreSQL, whose autovacuum does this. */
export function startTableMaintenance(database: DatabaseHandle, log: FastifyBaseLogger, periodMs = defaultPeriodMs): TableMaintenance | null {
  if (database.kind !== 'pglite') return null;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = setTimeout(() => {
      const started = performance.now();
      round = maintainTables(database).then(
        (done) => {
          if (done.length > 0) log.debug({ tables: done.map((table) => table.name), ms: Math.round(performance.now() - started) }, 'tables analyzed');
        },
        (error: unknown) => log.warn({ err: error }, 'table maintenance failed'),
      );
      void round.then(() => {
        if (!stopped) next();
      });
    }, periodMs);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
