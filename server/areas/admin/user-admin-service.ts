import { randomInt } from 'node:crypto';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { hashPassword } from '../../password-hash.ts';
import { forgetSessions, forgetSiteMutes } from '../account/account-public.ts';
import type { Trx } from '../wallet/wallet-public.ts';
import { recordAdminAction, type AdminActor } from './audit-log.ts';

type AdminUser = DataOf<'adminSetUserBan'>;

export const userAdminMessages = {
  userNotFound: 'User not found',
  notYourself: 'An admin cannot do this to their own account',
  anchorNeedsRoom: 'Only a user who has had a live room can be made an anchor: approve an anchor application instead',
  muteNeedsMinutes: 'Say for how many minutes the user is muted',
} as const;

/** The mobile as the console shows it: country code, the first 3 and the last 2 digits. */
function maskMobile(mobile: string): string {
  const [code, number = ''] = mobile.split('-');
  return `${code}-${number.slice(0, 3)}${'*'.repeat(Math.max(0, number.length - 5))}${number.slice(-2)}`;
}

const userColumns = ['id', 'user_nickname', 'mobile', 'is_anchor', 'is_expert', 'is_admin', 'disabled_at', 'site_muted_until', 'created_at'] as const;

function adminUserOf(row: {
  id: number | string;
  user_nickname: string;
  mobile: string;
  is_anchor: number;
  is_expert: number;
  is_admin: number;
  disabled_at: Date | null;
  site_muted_until: Date | null;
  created_at: Date;
}, now: Date): AdminUser {
  return {
    id: Number(row.id),
    user_nickname: row.user_nickname,
    mobile: maskMobile(row.mobile),
    is_anchor: row.is_anchor === 1,
    is_expert: row.is_expert === 1,
    is_admin: row.is_admin === 1,
    banned: row.disabled_at !== null,
    muted_until: row.site_muted_until && new Date(row.site_muted_until) > now ? Math.floor(new Date(row.site_muted_until).getTime() / 1000) : null,
    created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
  };
}

/** admin/userList: newest first, by a part of the nickname or the mobile. */
export async function adminUserList(server: ServerContext, input: InputOf<'adminUserList'>): Promise<DataOf<'adminUserList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const search = input.search?.trim();
  let query = server.database.db.selectFrom('users');
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('user_nickname', 'like', pattern), eb('mobile', 'like', pattern)]));
  }
  const [rows, total] = await Promise.all([
    query.select(userColumns).orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: rows.map((row) => adminUserOf(row, server.clock.now())) };
}

async function lockedUser(trx: Trx, userId: number) {
  const row = await trx.selectFrom('users').select(userColumns).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw new DomainError(userAdminMessages.userNotFound);
  return row;
}

/** admin/setUserBan: a banned user's sessions stop answering at once (the session check reads disabled_at). */
export async function setUserBan(server: ServerContext, actor: AdminActor, input: InputOf<'adminSetUserBan'>): Promise<AdminUser> {
  if (input.user_id === actor.user.id) throw new DomainError(userAdminMessages.notYourself);
  const result = await server.database.db.transaction().execute(async (trx) => {
    const before = adminUserOf(await lockedUser(trx, input.user_id), server.clock.now());
    const row = await trx
      .updateTable('users')
      .set({ disabled_at: input.banned ? server.clock.now() : null })
      .where('id', '=', input.user_id)
      .returning(userColumns)
      .executeTakeFirstOrThrow();
    const after = adminUserOf(row, server.clock.now());
    await recordAdminAction(trx, server, actor, {
      action: input.banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: input.user_id,
      before: { banned: before.banned },
      after: { banned: after.banned },
      reason: input.reason,
    });
    return after;
  });
  forgetSessions(server);
  return result;
}

/** admin/setUserRoles: anchor, expert and admin flags, with the roles before and after in the log. */
export async function setUserRoles(server: ServerContext, actor: AdminActor, input: InputOf<'adminSetUserRoles'>): Promise<AdminUser> {
  if (input.user_id === actor.user.id && !input.is_admin) throw new DomainError(userAdminMessages.notYourself);
  const result = await server.database.db.transaction().execute(async (trx) => {
    const before = adminUserOf(await lockedUser(trx, input.user_id), server.clock.now());
    if (input.is_anchor && !before.is_anchor) {
      const room = await trx.selectFrom('live_rooms').select('id').where('anchor_id', '=', input.user_id).executeTakeFirst();
      if (!room) throw new DomainError(userAdminMessages.anchorNeedsRoom);
    }
    if (input.is_expert && !before.is_expert) {
      await trx
        .insertInto('experts')
        .values({ user_id: input.user_id, sport: 'football', title: before.user_nickname.slice(0, 30), created_at: server.clock.now() })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    }
    const row = await trx
      .updateTable('users')
      .set({ is_anchor: input.is_anchor ? 1 : 0, is_expert: input.is_expert ? 1 : 0, is_admin: input.is_admin ? 1 : 0 })
      .where('id', '=', input.user_id)
      .returning(userColumns)
      .executeTakeFirstOrThrow();
    const after = adminUserOf(row, server.clock.now());
    const roles = (user: AdminUser) => ({ is_anchor: user.is_anchor, is_expert: user.is_expert, is_admin: user.is_admin });
    await recordAdminAction(trx, server, actor, {
      action: 'user.roles',
      targetType: 'user',
      targetId: input.user_id,
      before: roles(before),
      after: roles(after),
      reason: input.reason,
    });
    return after;
  });
  forgetSessions(server);
  return result;
}

/**
 * admin/setUserMute: a site-wide mute until now plus the minutes given, or lifted; the end before and
 * after in the log. The places that take a user's words ask account's site mute, which forgets what it
 * remembered here.
 */
export async function setUserMute(server: ServerContext, actor: AdminActor, input: InputOf<'adminSetUserMute'>): Promise<AdminUser> {
  if (input.user_id === actor.user.id) throw new DomainError(userAdminMessages.notYourself);
  if (input.muted && input.minutes === undefined) throw new DomainError(userAdminMessages.muteNeedsMinutes);
  const now = server.clock.now();
  const until = input.muted ? new Date(now.getTime() + input.minutes! * 60_000) : null;
  const result = await server.database.db.transaction().execute(async (trx) => {
    const before = adminUserOf(await lockedUser(trx, input.user_id), now);
    const row = await trx.updateTable('users').set({ site_muted_until: until }).where('id', '=', input.user_id).returning(userColumns).executeTakeFirstOrThrow();
    const after = adminUserOf(row, now);
    await recordAdminAction(trx, server, actor, {
      action: input.muted ? 'user.mute' : 'user.unmute',
      targetType: 'user',
      targetId: input.user_id,
      before: { muted_until: before.muted_until },
      after: { muted_until: after.muted_until },
      reason: input.reason,
    });
    return after;
  });
  forgetSiteMutes(server);
  return result;
}

const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** admin/resetPassword: a random password of 12 characters, shown once; the user's sessions end. */
export async function resetPassword(server: ServerContext, actor: AdminActor, input: InputOf<'adminResetPassword'>): Promise<DataOf<'adminResetPassword'>> {
  const password = Array.from({ length: 12 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
  const hash = await hashPassword(password);
  await server.database.db.transaction().execute(async (trx) => {
    await lockedUser(trx, input.user_id);
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', input.user_id).execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: server.clock.now(), revoked_reason: 'disabled' })
      .where('user_id', '=', input.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAdminAction(trx, server, actor, {
      action: 'user.reset_password',
      targetType: 'user',
      targetId: input.user_id,
      before: null,
      after: null,
      reason: input.reason,
    });
  });
  forgetSessions(server);
  return { user_id: input.user_id, password };
}
