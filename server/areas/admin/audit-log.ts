import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import type { AdminAuditLogTable } from '../../db/tables/expert-tables.ts';
import type { Trx } from '../wallet/wallet-public.ts';
import type { ServerContext } from '../../ports/server-context.ts';

// Every admin action is answered for here, in the transaction of the action itself: the entry
// stands or falls with the change. Each entry's hash covers its fields and the hash before it, so an
// entry changed in the database afterwards (or one taken out) breaks the chain from there on.

const genesis = '0'.repeat(64);

/** Who did it and from where, as the request says. */
export interface AdminActor {
  user: SessionUser;
  request: FastifyRequest;
}

export interface AdminAction {
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
  reason?: string;
}

/** JSON with keys sorted at every level: what jsonb gives back is hashed the same as what went in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type Entry = Omit<Selectable<AdminAuditLogTable>, 'id' | 'hash'>;

function hashOf(entry: Entry): string {
  const fields = {
    admin_id: Number(entry.admin_id),
    admin_role: entry.admin_role,
    action: entry.action,
    target_type: entry.target_type,
    target_id: entry.target_id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason,
    address: entry.address,
    request_id: entry.request_id,
    created_at: new Date(entry.created_at).toISOString(),
  };
  return createHash('sha256').update(`${entry.prev_hash}\n${canonical(fields)}`).digest('hex');
}

const roleOf = (user: SessionUser) => (user.roles.has('admin') ? 'admin' : [...user.roles].join(',') || 'user');

/** Appends one entry after the last, under a lock so two admins' entries never claim the same predecessor. */
export async function recordAdminAction(trx: Trx, server: ServerContext, actor: AdminActor, action: AdminAction): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('admin_audit_log'))`.execute(trx);
  const last = await trx.selectFrom('admin_audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const entry: Entry = {
    admin_id: actor.user.id,
    admin_role: roleOf(actor.user),
    action: action.action,
    target_type: action.targetType,
    target_id: String(action.targetId),
    // Through JSON, as the database will give it back (dates as text, no undefined).
    before: action.before === undefined ? null : JSON.parse(JSON.stringify(action.before)),
    after: action.after === undefined ? null : JSON.parse(JSON.stringify(action.after)),
    reason: (action.reason ?? '').trim(),
    address: actor.request.ip,
    request_id: String(actor.request.id),
    // Whole milliseconds: what timestamptz keeps of a JavaScript date.
    created_at: server.clock.now(),
    prev_hash: last?.hash ?? genesis,
  };
  await trx
    .insertInto('admin_audit_log')
    .values({ ...entry, before: JSON.stringify(entry.before), after: JSON.stringify(entry.after), hash: hashOf(entry) })
    .execute();
}

/** admin/auditLog: newest first, each entry checked against its own hash and its predecessor's. */
export async function auditLogPage(server: ServerContext, input: InputOf<'adminAuditLog'>): Promise<DataOf<'adminAuditLog'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  // The whole chain is walked: one changed entry anywhere makes every later one suspect.
  const rows = await db
    .selectFrom('admin_audit_log')
    .innerJoin('users', 'users.id', 'admin_audit_log.admin_id')
    .selectAll('admin_audit_log')
    .select('users.user_nickname')
    .orderBy('admin_audit_log.id', 'asc')
    .execute();
  let previous = genesis;
  let chainIntact = true;
  const checked = rows.map((row) => {
    const intact = row.prev_hash === previous && hashOf(row) === row.hash;
    if (!intact) chainIntact = false;
    previous = row.hash;
    return { row, intact };
  });
  const newestFirst = checked.reverse().slice((page - 1) * limit, page * limit);
  return {
    total: rows.length,
    page,
    limit,
    chain_intact: chainIntact,
    list: newestFirst.map(({ row, intact }) => ({
      id: Number(row.id),
      admin_id: Number(row.admin_id),
      admin_nickname: row.user_nickname,
      admin_role: row.admin_role,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: row.before,
      after: row.after,
      reason: row.reason,
      address: row.address,
      request_id: row.request_id,
      at: Math.floor(new Date(row.created_at).getTime() / 1000),
      prev_hash: row.prev_hash,
      hash: row.hash,
      intact,
    })),
  };
}
