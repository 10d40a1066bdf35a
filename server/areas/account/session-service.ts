import { createHash, randomBytes } from 'node:crypto';
import type { SessionLookup } from '../../ports/session-resolver.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DeviceType } from '../../db/tables/account-tables.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { revokedSessionsChannel } from '../../realtime/messaging-sessions.ts';
import type { Bus, Unsubscribe } from '../../ports/bus.ts';
import type { MemoryCache } from '../../memory-cache.ts';

/** A session ends after a week without use, and a month after login whatever happens. */
export const sessionIdleMs = 7 * 24 * 3600_000;
export const sessionAbsoluteMs = 30 * 24 * 3600_000;
/** Seen-at is written at most this often, so reads stay reads. */
const touchEveryMs = 5 * 60_000;
/** How long a resolved token is trusted from memory before the database is asked again. */
const lookupTtlMs = 10_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 128 random bits, as 32 hex characters. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

export async function resolveSession(server: ServerContext, token: string): Promise<SessionLookup> {
  if (!/^[0-9a-f]{32}$/.test(token)) return { status: 'illegal' };
  const tokenHash = hashToken(token);
  return server.cache.get(`session:${tokenHash}`, lookupTtlMs, () => lookUp(server, tokenHash));
}

async function lookUp(server: ServerContext, tokenHash: string): Promise<SessionLookup> {
  const { db } = server.database;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      'users.is_anchor',
      'users.is_expert',
      'users.is_admin',
      'users.disabled_at',
      // A manager of some room (x-role manager); which rooms is the live services' check.
      (eb) => eb.exists(eb.selectFrom('room_managers').select('room_managers.user_id').whereRef('room_managers.user_id', '=', 'sessions.user_id')).as('manages_a_room'),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { status: 'illegal' };
  if (row.revoked_at) return { status: row.revoked_reason === 'elsewhere' ? 'elsewhere' : 'revoked' };
  if (row.disabled_at) return { status: 'revoked' };
  const now = server.clock.now().getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now - lastSeen > sessionIdleMs || now - new Date(row.created_at).getTime() > sessionAbsoluteMs) {
    return { status: 'expired' };
  }
  if (now - lastSeen > touchEveryMs) {
    await db.updateTable('sessions').set({ last_seen_at: server.clock.now() }).where('id', '=', row.session_id).execute();
  }
  return {
    status: 'ok',
    user: {
      id: Number(row.user_id),
      sessionId: Number(row.session_id),
      isAnchor: row.is_anchor === 1,
      roles: new Set([
        ...(row.is_anchor === 1 ? ['anchor'] : []),
        ...(row.is_expert === 1 ? ['expert'] : []),
        ...(row.is_admin === 1 ? ['admin'] : []),
        ...(row.manages_a_room ? ['manager'] : []),
      ]),
    },
  };
}

/** Tells every process that these sessions are over (their messaging sockets are closed). */
export async function announceRevokedSessions(server: ServerContext, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length > 0) await server.bus.publish(revokedSessionsChannel, { ids: sessionIds });
}

/** The id of a token's session, or null when there is none. */
export async function sessionIdOfToken(server: ServerContext, token: string): Promise<number | null> {
  const row = await server.database.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The bus channel on which a process that changed a session tells the others to forget their cached lookups. */
export const sessionsChangedChannel = 'pitchside:sessions-changed';

/**
 * Forgets cached lookups after a session changes (sign out, login elsewhere, a role given or taken), here at once
 * and in every other process over the bus: its PUBLISH leaves before this call's answer does, so a call the client
 * makes next, on any process, finds no stale session.
 */
export function forgetSessions(server: ServerContext): void {
  server.cache.invalidate('session:');
  server.bus.publish(sessionsChangedChannel, {}).catch((error: unknown) => server.log.warn({ err: error }, 'sessions changed: the bus did not take it'));
}

/** Makes this process forget its cached sessions whenever another says one changed. */
export function forgetSessionsWhenTold(bus: Bus, cache: Pick<MemoryCache, 'invalidate'>): Promise<Unsubscribe> {
  return bus.subscribe(sessionsChangedChannel, () => cache.invalidate('session:'));
}

/** Starts a session for a user and returns its token; only the token's hash is stored. */
export async function createSession(
  server: ServerContext,
  userId: number,
  options: { deviceType: DeviceType; ip: string },
  db: Kysely<Database> | Transaction<Database> = server.database.db,
): Promise<string> {
  const token = newToken();
  const now = server.clock.now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      device_type: options.deviceType,
      ip: options.ip,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + sessionAbsoluteMs),
    })
    .execute();
  return token;
}
