import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { timestampOf } from '../../contract/timestamp.ts';
import { boughtHorns } from '../social/social-public.ts';

/** What profile calls refuse with (ids of the server's catalogues, server/i18n). */
export const profileMessages = {
  userNotFound: 'User not found',
  nicknameEmpty: 'Input error: user_nickname is empty',
  avatarUnknown: 'Input error: avatar is not an avatar of the list or an image you uploaded',
} as const;

type MemberProfile = DataOf<'memberInfo'>;
type PublicUserProfile = DataOf<'userGetUserInfo'>;
type Nobility = MemberProfile['nobility'];

/** 86-13800000001 shown as 86-138****0001. */
export function maskMobile(mobile: string): string {
  const [country, number = ''] = mobile.split('-');
  if (number.length < 7) return mobile;
  return `${country}-${number.slice(0, 3)}****${number.slice(-4)}`;
}

async function nobilityOf(server: ServerContext, userId: number): Promise<{ badge: Nobility; freeHorns: number }> {
  const row = await server.database.db
    .selectFrom('guard_memberships')
    .innerJoin('guard_tiers', 'guard_tiers.id', 'guard_memberships.tier_id')
    .select(['guard_tiers.id', 'guard_tiers.name', 'guard_tiers.icon', 'guard_memberships.expires_at', 'guard_memberships.free_horns_left'])
    .where('guard_memberships.user_id', '=', userId)
    .where('guard_memberships.anchor_id', 'is', null)
    .where('guard_memberships.expires_at', '>', server.clock.now())
    .executeTakeFirst();
  if (!row) return { badge: null, freeHorns: 0 };
  return {
    badge: { tier_id: row.id, name: row.name, icon: row.icon, expires_at: timestampOf(row.expires_at) },
    freeHorns: row.free_horns_left,
  };
}

async function followCounts(server: ServerContext, userId: number) {
  const row = await server.database.db
    .selectNoFrom((eb) => [
      eb.selectFrom('follows').select(eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('follow_count'),
      eb.selectFrom('follows').select(eb.fn.countAll<number>().as('n')).where('target_id', '=', userId).as('fan_count'),
    ])
    .executeTakeFirstOrThrow();
  return { follow_count: Number(row.follow_count ?? 0), fan_count: Number(row.fan_count ?? 0) };
}

/** The own profile of the personal centre and the stored user info (SPEC §3). */
export async function memberProfile(server: ServerContext, userId: number): Promise<MemberProfile> {
  const { db } = server.database;
  const user = await db
    .selectFrom('users')
    .leftJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
    .select([
      'users.id',
      'users.user_nickname',
      'users.avatar',
      'users.signature',
      'users.sex',
      'users.mobile',
      'users.level',
      'users.experience',
      'users.exp_icon',
      'users.is_anchor',
      'users.anchor_level',
      // Gifts add to it in parts (migration 100): the function sums them.
      sql<number | string>`anchor_experience(users.id)`.as('anchor_experience'),
      'users.is_expert',
      'users.invite_code',
      'users.payment_password_hash',
      'users.created_at',
      'live_rooms.id as room_id',
      (eb) =>
        eb
          .selectFrom('wealth_levels')
          .select('min_experience')
          .whereRef('wealth_levels.level', '=', sql`users.level + 1`)
          .as('next_level_experience'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DomainError(profileMessages.userNotFound);
  const wallets = await db
    .selectFrom('wallet_accounts')
    // An income wallet's credits are spread over parts (migration 100): its balance is their sum with the account's.
    .select(['kind', sql<number | string>`wallet_balance(wallet_accounts.id)`.as('balance')])
    .where('owner_id', '=', userId)
    .execute();
  const balanceOf = (kind: string) => Number(wallets.find((wallet) => wallet.kind === kind)?.balance ?? 0);
  const [nobility, counts, hornsBought] = await Promise.all([nobilityOf(server, userId), followCounts(server, userId), boughtHorns(db, userId)]);
  return {
    id: user.id,
    user_nickname: user.user_nickname,
    avatar: user.avatar,
    signature: user.signature,
    sex: user.sex,
    mobile: maskMobile(user.mobile),
    balance: balanceOf('consumer'),
    income_balance: balanceOf('income'),
    coins: balanceOf('coins'),
    level: user.level,
    experience: Number(user.experience),
    next_level_experience: user.next_level_experience === null ? null : Number(user.next_level_experience),
    exp_icon: user.exp_icon,
    is_anchor: user.is_anchor,
    anchor_level: user.is_anchor === 1 ? user.anchor_level : null,
    anchor_experience: Number(user.anchor_experience),
    is_expert: user.is_expert,
    room_id: user.room_id ?? null,
    nobility: nobility.badge,
    free_horns: nobility.freeHorns + hornsBought,
    ...counts,
    has_payment_password: user.payment_password_hash ? 1 : 0,
    invite_code: user.invite_code,
    created_at: timestampOf(user.created_at),
  };
}

/** Another user's space page; `viewerId` decides is_followed. */
export async function publicProfile(server: ServerContext, userId: number, viewerId: number | null): Promise<PublicUserProfile> {
  const { db } = server.database;
  const user = await db
    .selectFrom('users')
    .leftJoin('live_rooms', 'live_rooms.anchor_id', 'users.id')
    .select([
      'users.id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      'users.signature',
      'users.sex',
      'users.level',
      'users.is_expert',
      'users.anchor_level',
      'live_rooms.id as room_id',
      'live_rooms.status as live_status',
    ])
    .where('users.id', '=', userId)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new DomainError(profileMessages.userNotFound);
  const followed =
    viewerId === null
      ? undefined
      : await db.selectFrom('follows').select('user_id').where('user_id', '=', viewerId).where('target_id', '=', userId).executeTakeFirst();
  const [nobility, counts] = await Promise.all([nobilityOf(server, userId), followCounts(server, userId)]);
  return {
    id: user.id,
    user_nickname: user.user_nickname,
    avatar: user.avatar,
    exp_icon: user.exp_icon,
    is_anchor: user.is_anchor,
    signature: user.signature,
    sex: user.sex,
    level: user.level,
    is_expert: user.is_expert,
    nobility: nobility.badge,
    ...counts,
    is_followed: followed ? 1 : 0,
    anchor_level: user.is_anchor === 1 ? user.anchor_level : null,
    room_id: user.room_id ?? null,
    live_status: user.live_status ?? null,
  };
}

export interface ProfileChange {
  user_nickname?: string;
  avatar?: string;
  signature?: string;
}

/**
 * Changes nickname, avatar or signature. An avatar must be one of the default avatars or an image
 * the user uploaded themselves; nothing else may point the site at arbitrary paths.
 */
export async function updateProfile(server: ServerContext, userId: number, change: ProfileChange): Promise<MemberProfile> {
  const { db } = server.database;
  const nickname = change.user_nickname?.trim();
  if (change.user_nickname !== undefined && !nickname) throw new DomainError(profileMessages.nicknameEmpty);
  if (change.avatar !== undefined) {
    const known =
      (await db.selectFrom('default_avatars').select('id').where('path', '=', change.avatar).executeTakeFirst()) ??
      (await db
        .selectFrom('uploads')
        .select('id')
        .where('path', '=', change.avatar)
        .where('owner_id', '=', userId)
        .where('content_type', 'like', 'image/%')
        .executeTakeFirst());
    if (!known) throw new DomainError(profileMessages.avatarUnknown);
  }
  await db
    .updateTable('users')
    .set({
      ...(nickname !== undefined ? { user_nickname: nickname } : {}),
      ...(change.avatar !== undefined ? { avatar: change.avatar } : {}),
      ...(change.signature !== undefined ? { signature: change.signature.trim() } : {}),
    })
    .where('id', '=', userId)
    .execute();
  return memberProfile(server, userId);
}
