import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  IdentifierNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawNode,
  createQueryId,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over the embedded PGlite. Kysely ships this dialect only from 0.29, which needs Node 22;
 * the site runs on Node 20, so it keeps Kysely 0.28 and this copy of 0.29's behaviour: one
 * connection that one caller holds at a time, transactions run inside PGlite's own exclusive
 * `transaction()` (so nothing else using the instance can slip a statement into them), no
 * streaming (PGlite has none).
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The migration system already holds the only connection from acquiring the lock to releasing
  // it, and PostgresAdapter's advisory lock would be taken inside PGlite's transaction for nothing.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connectionMutex = new ConnectionMutex();
  #connection: PGliteConnection | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error('PGlite instance is already closed.');
    if (!this.#pglite.ready) await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // PGlite is a single connection: the next caller waits until this one releases it.
    await this.#connectionMutex.lock();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#connectionMutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).beginTransaction();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commitTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollbackTransaction();
  }

  async savepoint(connection: DatabaseConnection, savepointName: string, compileQuery: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compileQuery(savepointCommand('savepoint', savepointName), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    await connection.executeQuery(compileQuery(savepointCommand('rollback to', savepointName), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string, compileQuery: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compileQuery(savepointCommand('release', savepointName), createQueryId()));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

function savepointCommand(command: 'savepoint' | 'rollback to' | 'release', savepointName: string): RawNode {
  // The name goes through IdentifierNode so that the compiler quotes it.
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(savepointName)]);
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #transaction: PGliteTransaction | undefined;
  #commit: (() => void) | undefined;
  #rollback: ((reason: Error) => void) | undefined;
  #transactionClosed: Promise<void> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const { affectedRows, rows } = await (this.#transaction ?? this.#pglite).query<R>(
        compiledQuery.sql,
        compiledQuery.parameters as unknown[],
        { rowMode: 'object' },
      );
      return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
    } catch (error) {
      // PGlite's error carries only its own stack; add the caller's, as Kysely's drivers do.
      const caller = new Error().stack;
      if (error instanceof Error && error.stack && caller) error.stack += `\n${caller.split('\n').slice(1).join('\n')}`;
      throw error;
    }
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** Opens PGlite's exclusive transaction and keeps it open until commit or rollback settles it. */
  async beginTransaction(): Promise<void> {
    const settled = new Promise<void>((resolve, reject) => {
      this.#commit = resolve;
      this.#rollback = reject;
    });
    let begun!: () => void;
    const hasBegun = new Promise<void>((resolve) => (begun = resolve));
    this.#transactionClosed = this.#pglite.transaction(async (tx) => {
      this.#transaction = tx;
      begun();
      await settled;
    });
    // A failed BEGIN rejects transactionClosed before the callback runs.
    await Promise.race([hasBegun, this.#transactionClosed]);
  }

  async commitTransaction(): Promise<void> {
    this.#commit?.();
    try {
      await this.#transactionClosed;
    } catch (error) {
      // PGlite answers a COMMIT that PostgreSQL turned into a ROLLBACK (an earlier statement failed
      // inside the transaction) with 25P02; Kysely names that AbortedTransactionError.
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === '25P02') {
        throw new AbortedTransactionError();
      }
      throw error;
    } finally {
      this.#endTransaction();
    }
  }

  async rollbackTransaction(): Promise<void> {
    this.#rollback?.(new Error('rolled back'));
    await this.#transactionClosed?.catch(() => {});
    this.#endTransaction();
  }

  #endTransaction(): void {
    this.#commit = undefined;
    this.#rollback = undefined;
    this.#transaction = undefined;
    this.#transactionClosed = undefined;
  }
}

class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}
