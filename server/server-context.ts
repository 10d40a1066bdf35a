import type { FastifyBaseLogger } from 'fastify';
import type { Contract } from './contract/contract.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { MemoryCache } from './memory-cache.ts';

/** What every service and handler may reach: built once in buildApp, passed down, never global. */
export interface ServerContext {
  database: DatabaseHandle;
  contract: Contract;
  log: FastifyBaseLogger;
  /** The clock of the server; tests move it. */
  now(): Date;
  /** Hot reads (config, lists) served from memory rather than re-queried per request. */
  cache: MemoryCache;
  production: boolean;
}
