import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';

export const siteMuteMessages = {
  muted: 'An admin has muted you on this site for {minutes} more minutes',
} as const;

/** How long a user's mute is trusted from memory: a mute or its lifting reaches a busy chat within this. */
const lookupTtlMs = 10_000;

/** When a user's site-wide mute ends, or null when they are not muted now. */
export async function siteMutedUntil(server: ServerContext, userId: number): Promise<Date | null> {
  const until = await server.cache.get(`site_mute:${userId}`, lookupTtlMs, async () => {
    const row = await server.database.db.selectFrom('users').select('site_muted_until').where('id', '=', userId).executeTakeFirst();
    return row?.site_muted_until ? new Date(row.site_muted_until) : null;
  });
  return until && until.getTime() > server.clock.now().getTime() ? until : null;
}

/**
 * Why a muted user's words are refused (room chat, barrage, horns, private and group chat, comments,
 * posts): the message and the whole minutes left, or null when the user may speak.
 */
export async function siteMuteRefusal(server: ServerContext, userId: number): Promise<{ msg: string; params: { minutes: number } } | null> {
  const until = await siteMutedUntil(server, userId);
  if (!until) return null;
  const minutes = Math.max(1, Math.ceil((until.getTime() - server.clock.now().getTime()) / 60_000));
  return { msg: siteMuteMessages.muted, params: { minutes } };
}

/** Throws the refusal of a muted user, for the calls that answer over HTTP. */
export async function refuseSiteMuted(server: ServerContext, userId: number): Promise<void> {
  const refusal = await siteMuteRefusal(server, userId);
  if (refusal) throw new DomainError(refusal.msg, undefined, refusal.params);
}

/** Forgets remembered mutes after an admin changes one. */
export function forgetSiteMutes(server: ServerContext): void {
  server.cache.invalidate('site_mute:');
}
