import type { Insertable } from 'kysely';
import { anchorDefs } from './catalogue/anchor-catalogue.ts';
import { countryCodes, userNicknames, userSignatures } from './catalogue/account-catalogue.ts';
import { expertDefs } from './catalogue/expert-catalogue.ts';
import { signInRewards, taskDefs } from './catalogue/tasks-catalogue.ts';
import type { UsersTable } from '../db/tables/account-tables.ts';
import {
  at,
  dayMs,
  hourMs,
  insertReturningIds,
  insertRows,
  media,
  type SeedContext,
  type SeededAccounts,
  type SeededAnchor,
  type SeededUser,
} from './context.ts';

export interface AccountHashes {
  /** The hashes of pitchside1..pitchside4, for the viewer, anchor, expert and admin. */
  demo: readonly [string, string, string, string];
  /** One hash of a random password, shared by every other account: none of them can log in. */
  other: string;
}

const wealthBands = ['青铜', '白银', '黄金', '铂金', '钻石', '王者'];
const anchorBands = ['新星', '人气', '明星', '巨星'];

/** The experience a wealth level starts at: 1 diamond spent is 1 point (SPEC §5). */
export function wealthLevelMin(level: number): number {
  return level === 1 ? 0 : Math.round((20 * (level - 1) ** 2.5) / 10) * 10;
}

export function anchorLevelMin(level: number): number {
  return level === 1 ? 0 : Math.round((50 * (level - 1) ** 2.4) / 10) * 10;
}

function levelFor(experience: number, count: number, min: (level: number) => number): number {
  let level = 1;
  while (level < count && min(level + 1) <= experience) level++;
  return level;
}

interface UserPlan {
  row: Insertable<UsersTable>;
  role: 'viewer' | 'anchor' | 'expert' | 'admin' | 'anchors' | 'experts' | 'regulars';
  type?: 1 | 2 | 3;
}

/** Reference tables, the users, site configuration, sign-in and tasks, and who follows whom. */
export async function seedAccounts(ctx: SeedContext, hashes: AccountHashes): Promise<SeededAccounts> {
  const { db } = ctx;
  const random = ctx.random.fork('accounts');

  await insertRows(
    db,
    'country_codes',
    countryCodes.map(([code, name, name_en], sort) => ({ code, name, name_en, sort })),
  );
  await insertRows(
    db,
    'wealth_levels',
    Array.from({ length: 60 }, (_, i) => ({
      level: i + 1,
      name: `${wealthBands[Math.floor(i / 10)]}${(i % 10) + 1}`,
      min_experience: wealthLevelMin(i + 1),
      icon: media.level(i + 1),
    })),
  );
  await insertRows(
    db,
    'anchor_levels',
    Array.from({ length: 40 }, (_, i) => ({
      level: i + 1,
      name: `${anchorBands[Math.floor(i / 10)]}${(i % 10) + 1}`,
      min_experience: anchorLevelMin(i + 1),
      icon: media.level(i + 1, 'anchor'),
    })),
  );
  await insertRows(
    db,
    'default_avatars',
    Array.from({ length: 12 }, (_, i) => ({ path: media.avatar(i + 1), sort: i })),
  );

  const inviteCodes = new Set<string>();
  const inviteCode = () => {
    let code = random.token(8);
    while (inviteCodes.has(code)) code = random.token(8);
    inviteCodes.add(code);
    return code;
  };
  const user = (
    mobile: string,
    nickname: string,
    passwordHash: string,
    extra: Partial<Insertable<UsersTable>> & { registeredDaysAgo: number },
  ): Insertable<UsersTable> => {
    const { registeredDaysAgo, ...rest } = extra;
    const experience = Number(rest.experience ?? 0);
    const level = levelFor(experience, 60, wealthLevelMin);
    const anchorExperience = Number(rest.anchor_experience ?? 0);
    return {
      mobile,
      password_hash: passwordHash,
      user_nickname: nickname,
      avatar: media.avatar(random.int(100, 999_999)),
      sex: random.pick([0, 1, 1, 2] as const),
      level,
      exp_icon: media.level(level),
      anchor_level: levelFor(anchorExperience, 40, anchorLevelMin),
      invite_code: inviteCode(),
      created_at: at(ctx, -registeredDaysAgo * dayMs - random.int(0, 23) * hourMs),
      last_login_at: at(ctx, -random.int(1, 72) * hourMs),
      ...rest,
    };
  };
  // Wealth points from before the ledger's history, like the opening balances.
  const priorExperience = () => Math.round(random.next() ** 3 * 300_000) / 10;

  const plans: UserPlan[] = [
    {
      role: 'viewer',
      row: user('86-13800000001', '球迷小王', hashes.demo[0], {
        registeredDaysAgo: 210,
        sex: 1,
        signature: '周末就是用来看球的',
        experience: 1260,
      }),
    },
    {
      role: 'anchor',
      type: 1,
      row: user('86-13800000002', '解说阿杰', hashes.demo[1], {
        registeredDaysAgo: 380,
        sex: 1,
        signature: '每天陪你看球，进球必喊！',
        is_anchor: 1,
        experience: 3200,
        anchor_experience: 86_000,
      }),
    },
    {
      role: 'expert',
      row: user('86-13800000003', expertDefs[0]!.nickname, hashes.demo[2], {
        registeredDaysAgo: 520,
        sex: 1,
        signature: expertDefs[0]!.title,
        is_expert: 1,
        experience: 800,
      }),
    },
    {
      role: 'admin',
      row: user('86-13800000004', 'Pitchside官方客服', hashes.demo[3], {
        registeredDaysAgo: 600,
        sex: 0,
        signature: '有问题找客服，每天 09:00–24:00 在线',
        is_admin: 1,
      }),
    },
  ];
  const expertNicknames = new Set(expertDefs.map((def) => def.nickname));
  userNicknames.forEach((nickname, i) => {
    const isExpert = expertNicknames.has(nickname);
    plans.push({
      role: isExpert ? 'experts' : 'regulars',
      row: user(`86-1390000${String(i + 1).padStart(4, '0')}`, nickname, hashes.other, {
        registeredDaysAgo: random.int(5, 400),
        signature: isExpert ? expertDefs.find((def) => def.nickname === nickname)!.title : random.pick(userSignatures),
        is_expert: isExpert ? 1 : 0,
        experience: priorExperience(),
      }),
    });
  });
  anchorDefs.forEach((def, i) => {
    plans.push({
      role: 'anchors',
      type: def.type,
      row: user(`86-1370000${String(i + 1).padStart(4, '0')}`, def.nickname, hashes.other, {
        registeredDaysAgo: random.int(60, 700),
        signature: def.signature,
        is_anchor: 1,
        experience: priorExperience(),
        anchor_experience: random.int(2_000, 400_000),
      }),
    });
  });

  const ids = await insertReturningIds(
    db,
    'users',
    plans.map((plan) => plan.row),
  );
  const seeded = plans.map((plan, i): SeededUser & { role: UserPlan['role']; type?: 1 | 2 | 3 } => ({
    id: ids[i]!,
    mobile: plan.row.mobile,
    nickname: plan.row.user_nickname,
    avatar: plan.row.avatar,
    createdAt: plan.row.created_at as Date,
    role: plan.role,
    ...(plan.type ? { type: plan.type } : {}),
  }));
  const only = (role: UserPlan['role']) => seeded.filter((u) => u.role === role);
  const strip = ({ id, mobile, nickname, avatar, createdAt }: SeededUser): SeededUser => ({
    id,
    mobile,
    nickname,
    avatar,
    createdAt,
  });
  const asAnchor = (u: (typeof seeded)[number]): SeededAnchor => ({ ...strip(u), type: u.type ?? 1 });
  const anchor = asAnchor(only('anchor')[0]!);
  const accounts: SeededAccounts = {
    viewer: strip(only('viewer')[0]!),
    anchor,
    expert: strip(only('expert')[0]!),
    admin: strip(only('admin')[0]!),
    anchors: [anchor, ...only('anchors').map(asAnchor)],
    experts: [
      strip(only('expert')[0]!),
      ...expertDefs.slice(1).map((def) => strip(seeded.find((u) => u.nickname === def.nickname)!)),
    ],
    regulars: only('regulars').map(strip),
  };

  // Read by server/areas/account/site-service.ts; values are JSON.
  const config: Record<string, unknown> = {
    site_name: 'Pitchside',
    weibo_qr_code: media.icon('scan'),
    follow_us: media.cover('banner', 2026),
    apply_for_anchor: 'anchor@pitchside.example',
    feedback_qq: '800012346',
    customer_service_email: 'service@pitchside.example',
    site_icp: '京ICP备2026000000号-1',
    mobile_url: '',
    horn_price: 10,
    customer_service: {
      qq: '800012345',
      wechat: 'pitchside_kefu',
      wechat_qr_code: media.icon('scan'),
      phone: '400-800-1234',
      email: 'service@pitchside.example',
      work_hours: '09:00-24:00',
      kefu_uid: accounts.admin.id,
    },
  };
  await insertRows(
    db,
    'site_config',
    Object.entries(config).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: ctx.now })),
  );

  await insertRows(
    db,
    'sign_in_rewards',
    signInRewards.map((lz_num, i) => ({ day_index: i + 1, lz_num })),
  );
  await insertRows(
    db,
    'tasks',
    taskDefs.map((def, sort) => ({ ...def, kind: 'daily' as const, sort })),
  );

  // The viewer follows the demo anchor and two more; everyone else follows a few anchors.
  const follows = new Map<string, { user_id: number; target_id: number; created_at: Date }>();
  const follow = (userId: number, targetId: number) => {
    if (userId === targetId) return;
    follows.set(`${userId}:${targetId}`, {
      user_id: userId,
      target_id: targetId,
      created_at: at(ctx, -random.int(1, 90) * dayMs - random.int(0, 23) * hourMs),
    });
  };
  const others = accounts.anchors.slice(1);
  follow(accounts.viewer.id, accounts.anchor.id);
  follow(accounts.viewer.id, others.find((a) => a.type === 2)!.id);
  follow(accounts.viewer.id, others.find((a) => a.type === 3)!.id);
  for (const fan of [...accounts.regulars, ...accounts.experts.slice(1)]) {
    for (const target of random.sample(accounts.anchors, random.int(1, 5))) follow(fan.id, target.id);
    if (random.chance(0.4)) follow(fan.id, random.pick(accounts.experts).id);
  }
  for (const a of others) if (random.chance(0.3)) follow(a.id, random.pick(accounts.anchors).id);
  await insertRows(db, 'follows', [...follows.values()]);

  return accounts;
}
