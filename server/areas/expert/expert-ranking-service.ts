import { sql } from 'kysely';
import { hitOf, returnOf, type PlanResult } from '../../../src/machines/plan-settlement-machine.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';

type Summary = DataOf<'expertProfile'>;

export const rankingMessages = { expertNotFound: 'Expert not found' } as const;

interface SettledPlan {
  expert_id: number;
  status: PlanResult;
  odds: number;
}

/** Hits over the last `n` settled plans (newest first, voids left out), with how many there were. */
function hitRate(plans: SettledPlan[], n: number) {
  const last = plans.slice(0, n);
  if (last.length === 0) return { rate: null, settled: 0 };
  const hits = last.reduce((sum, plan) => sum + (hitOf(plan.status) ?? 0), 0);
  return { rate: Math.round((hits / last.length) * 1000) / 1000, settled: last.length };
}

/** Wins (a half win among them) in a row from the newest, or losses as a negative number; a push ends neither. */
function streakOf(plans: SettledPlan[]): number {
  let streak = 0;
  for (const plan of plans) {
    if (plan.status === 'settled') continue;
    const won = plan.status === 'won' || plan.status === 'half_won';
    if (streak === 0) streak = won ? 1 : -1;
    else if (won === streak > 0) streak += won ? 1 : -1;
    else break;
  }
  return streak;
}

async function summaries(server: ServerContext, where: { sport?: 'football' | 'basketball'; userId?: number }): Promise<Summary[]> {
  const { db } = server.database;
  let experts = db
    .selectFrom('experts as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'e.sport', 'e.title', 'e.intro', 'e.tags', 'u.user_nickname', 'u.avatar'])
    .select((eb) =>
      eb
        .selectFrom('expert_plans as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.expert_id', '=', 'e.user_id')
        .where('p.status', '=', 'to_be_settled')
        .as('open_plans'),
    )
    .where('u.is_expert', '=', 1)
    .where('u.disabled_at', 'is', null);
  if (where.sport) experts = experts.where('e.sport', '=', where.sport);
  if (where.userId !== undefined) experts = experts.where('e.user_id', '=', where.userId);
  const rows = await experts.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.user_id));
  const settled = await db
    .selectFrom(
      db
        .selectFrom('expert_plans')
        .select(['expert_id', 'status', 'odds', sql<number>`row_number() over (partition by expert_id order by settled_at desc, id desc)`.as('rn')])
        .where('expert_id', 'in', ids)
        .where('status', 'not in', ['to_be_settled', 'void'])
        .as('t'),
    )
    .selectAll()
    .where('rn', '<=', 30)
    .orderBy('expert_id')
    .orderBy('rn')
    .execute();
  return rows.map((row) => {
    const plans: SettledPlan[] = settled
      .filter((plan) => Number(plan.expert_id) === Number(row.user_id))
      .map((plan) => ({ expert_id: Number(plan.expert_id), status: plan.status as PlanResult, odds: Number(plan.odds) }));
    const returns = plans.reduce((sum, plan) => sum + returnOf(plan.status, plan.odds), 0);
    return {
      user_id: Number(row.user_id),
      user_nickname: row.user_nickname,
      avatar: row.avatar,
      title: row.title,
      intro: row.intro,
      sport: row.sport,
      tags: row.tags,
      hit_last_10: hitRate(plans, 10),
      hit_last_30: hitRate(plans, 30),
      streak: streakOf(plans),
      return_rate: plans.length === 0 ? null : Math.round((returns / plans.length) * 1000) / 1000,
      open_plans: Number(row.open_plans),
    };
  });
}

/** expert/ranking: by hit rate over the window asked for, then by how many plans it is over, then streak. */
export async function expertRanking(server: ServerContext, input: InputOf<'expertRanking'>): Promise<DataOf<'expertRanking'>> {
  const list = await summaries(server, { sport: input.type === 1 ? 'basketball' : 'football' });
  const figure = (summary: Summary) => (input.window === 30 ? summary.hit_last_30 : summary.hit_last_10);
  return list.sort(
    (a, b) =>
      (figure(b).rate ?? -1) - (figure(a).rate ?? -1) || figure(b).settled - figure(a).settled || b.streak - a.streak || a.user_id - b.user_id,
  );
}

/** expert/profile. */
export async function expertProfile(server: ServerContext, userId: number): Promise<Summary> {
  const [summary] = await summaries(server, { userId });
  if (!summary) throw new DomainError(rankingMessages.expertNotFound);
  return summary;
}
