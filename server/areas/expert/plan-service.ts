import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { planSealText } from '../../../src/machines/plan-seal.ts';
import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import type { OddsMarket } from '../../db/tables/scores-tables.ts';
import type { PlanPick } from '../../db/tables/expert-tables.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { book, idempotent, tenthsOf, type Trx } from '../wallet/wallet-public.ts';

type PlanView = DataOf<'expertPlanDetail'>;

export const planMessages = {
  planNotFound: 'Plan not found',
  matchNotFound: 'Match not found',
  matchStarted: 'This match has started: plans close at kick-off',
  wrongSport: 'Plans are published on matches of your own sport',
  pickNotInMarket: 'This pick is not one of the market',
  noOdds: 'The feed has no odds for this market yet',
  alreadyPublished: 'You have published a plan on this market of this match already',
  ownPlan: 'This is your own plan',
  freePlan: 'This plan is free to read',
  closed: 'This plan closed at kick-off',
} as const;

const picksOf: Record<OddsMarket, PlanPick[]> = { asia: ['home', 'away'], over_under: ['over', 'under'], europe: ['home', 'draw', 'away'] };

/** How much of the analysis everyone reads before buying. */
const teaserLength = 40;

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/** The plans with their match and expert, names in the reader's language. */
function planQuery(db: Kysely<Database> | Trx, language: Language) {
  const zh = language === 'zh';
  return db
    .selectFrom('expert_plans as p')
    .innerJoin('matches as m', 'm.id', 'p.match_id')
    .innerJoin('leagues as l', 'l.id', 'm.league_id')
    .innerJoin('teams as h', 'h.id', 'm.home_team_id')
    .innerJoin('teams as a', 'a.id', 'm.away_team_id')
    .innerJoin('users as u', 'u.id', 'p.expert_id')
    .selectAll('p')
    .select([
      'm.sport',
      'm.status as match_status',
      'm.start_time',
      'u.user_nickname as expert_nickname',
      'u.avatar as expert_avatar',
      zh ? 'l.short_name_zh as league' : 'l.short_name_en as league',
      zh ? 'h.short_name_zh as home_team' : 'h.short_name_en as home_team',
      zh ? 'a.short_name_zh as away_team' : 'a.short_name_en as away_team',
      (eb) => eb.selectFrom('expert_plan_purchases as b').select((e) => e.fn.countAll<number>().as('n')).whereRef('b.plan_id', '=', 'p.id').as('buyers'),
    ]);
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof planQuery>['executeTakeFirstOrThrow']>>;

/** A plan as `viewerId` may see it: the pick and analysis for its expert, its buyers, free plans, and everyone once settled. */
function viewOf(row: PlanRow, viewerId: number | null, bought: boolean, companyId: number | null): PlanView {
  const settled = row.status !== 'to_be_settled';
  const unlocked = settled || bought || Number(row.price) === 0 || Number(row.expert_id) === viewerId;
  return {
    id: Number(row.id),
    expert_id: Number(row.expert_id),
    expert_nickname: row.expert_nickname,
    expert_avatar: row.expert_avatar,
    match_id: Number(row.match_id),
    sport: row.sport,
    league: row.league,
    home_team: row.home_team,
    away_team: row.away_team,
    kickoff: seconds(row.start_time),
    match_status: row.match_status,
    final_score: row.settled_home !== null && row.settled_away !== null ? { home: row.settled_home, away: row.settled_away } : null,
    market: row.market,
    line: row.line === null ? null : Number(row.line),
    odds: Number(row.odds),
    title: row.title,
    teaser: [...row.analysis].slice(0, teaserLength).join(''),
    price: Number(row.price),
    status: row.status,
    published_at: seconds(row.published_at),
    settled_at: row.settled_at ? seconds(row.settled_at) : null,
    seal: row.seal,
    seal_nonce: settled ? row.seal_nonce : null,
    unlocked,
    pick: unlocked ? row.pick : null,
    analysis: unlocked ? row.analysis : null,
    buyers: Number(row.buyers),
    bought,
    odds_company_id: companyId,
  };
}

async function boughtSet(db: Kysely<Database> | Trx, viewerId: number | null, planIds: number[]): Promise<Set<number>> {
  if (viewerId === null || planIds.length === 0) return new Set();
  const rows = await db.selectFrom('expert_plan_purchases').select('plan_id').where('user_id', '=', viewerId).where('plan_id', 'in', planIds).execute();
  return new Set(rows.map((row) => Number(row.plan_id)));
}

/** The company each match's plans take their prices from: the first by the site's order that prices it. */
async function pricingCompanies(db: Kysely<Database> | Trx, matchIds: number[]): Promise<Map<number, number>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('match_odds as o')
    .innerJoin('odds_companies as c', 'c.id', 'o.company_id')
    .select(['o.match_id', 'o.company_id'])
    .distinctOn('o.match_id')
    .where('o.match_id', 'in', matchIds)
    .orderBy('o.match_id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return new Map(rows.map((row) => [Number(row.match_id), Number(row.company_id)]));
}

async function viewsOf(db: Kysely<Database> | Trx, rows: PlanRow[], viewerId: number | null): Promise<PlanView[]> {
  const [bought, companies] = await Promise.all([
    boughtSet(db, viewerId, rows.map((row) => Number(row.id))),
    pricingCompanies(db, [...new Set(rows.map((row) => Number(row.match_id)))]),
  ]);
  return rows.map((row) => viewOf(row, viewerId, bought.has(Number(row.id)), companies.get(Number(row.match_id)) ?? null));
}

/** The feed's current prices of a match's markets, from the first company that prices it. */
async function currentOdds(db: Kysely<Database> | Trx, matchIds: number[]) {
  if (matchIds.length === 0) return [];
  return db
    .selectFrom('match_odds as o')
    .innerJoin('odds_companies as c', 'c.id', 'o.company_id')
    .select(['o.match_id', 'o.market', 'o.line', 'o.home', 'o.draw', 'o.away', 'o.is_closed'])
    .distinctOn(['o.match_id', 'o.market'])
    .where('o.match_id', 'in', matchIds)
    .orderBy('o.match_id')
    .orderBy('o.market')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

async function expertSport(db: Kysely<Database> | Trx, expertId: number): Promise<'football' | 'basketball'> {
  const row = await db.selectFrom('experts').select('sport').where('user_id', '=', expertId).executeTakeFirst();
  return row?.sport ?? 'football';
}

/** expert/publishableMatches: not started, of the expert's sport, soonest first, with the prices a plan would take. */
export async function publishableMatches(server: ServerContext, expertId: number, language: Language): Promise<DataOf<'expertPublishableMatches'>> {
  const { db } = server.database;
  const sport = await expertSport(db, expertId);
  const zh = language === 'zh';
  const matches = await db
    .selectFrom('matches as m')
    .innerJoin('leagues as l', 'l.id', 'm.league_id')
    .innerJoin('teams as h', 'h.id', 'm.home_team_id')
    .innerJoin('teams as a', 'a.id', 'm.away_team_id')
    .select([
      'm.id',
      'm.start_time',
      zh ? 'l.short_name_zh as league' : 'l.short_name_en as league',
      zh ? 'h.short_name_zh as home_team' : 'h.short_name_en as home_team',
      zh ? 'a.short_name_zh as away_team' : 'a.short_name_en as away_team',
    ])
    .where('m.sport', '=', sport)
    .where('m.status', '=', 'not_started')
    .where('m.start_time', '>', server.clock.now())
    .orderBy('m.start_time')
    .orderBy('m.id')
    .limit(40)
    .execute();
  const ids = matches.map((match) => Number(match.id));
  const [odds, taken] = await Promise.all([
    currentOdds(db, ids),
    ids.length === 0 ? [] : db.selectFrom('expert_plans').select(['match_id', 'market']).where('expert_id', '=', expertId).where('match_id', 'in', ids).execute(),
  ]);
  return matches
    .map((match) => ({
      match_id: Number(match.id),
      league: match.league,
      home_team: match.home_team,
      away_team: match.away_team,
      kickoff: seconds(match.start_time),
      markets: odds
        .filter((row) => Number(row.match_id) === Number(match.id) && !row.is_closed)
        .map((row) => ({
          market: row.market,
          line: row.line === null ? null : Number(row.line),
          home: Number(row.home),
          draw: row.draw === null ? null : Number(row.draw),
          away: Number(row.away),
          taken: taken.some((plan) => Number(plan.match_id) === Number(match.id) && plan.market === row.market),
        })),
    }))
    .filter((match) => match.markets.length > 0);
}

/**
 * expert/publishPlan: the line and odds are the feed's at this moment; the plan is sealed in the
 * same statement that stores it, and nothing afterwards changes what was sealed.
 */
export async function publishPlan(server: ServerContext, expertId: number, input: InputOf<'expertPublishPlan'>, language: Language): Promise<PlanView> {
  if (!picksOf[input.market].includes(input.pick)) throw new DomainError(planMessages.pickNotInMarket);
  const { db } = server.database;
  const id = await db.transaction().execute(async (trx) => {
    const match = await trx.selectFrom('matches').select(['id', 'sport', 'status', 'start_time']).where('id', '=', input.match_id).forUpdate().executeTakeFirst();
    if (!match) throw new DomainError(planMessages.matchNotFound);
    const now = server.clock.now();
    if (match.status !== 'not_started' || new Date(match.start_time).getTime() <= now.getTime()) throw new DomainError(planMessages.matchStarted);
    if (match.sport !== (await expertSport(trx, expertId))) throw new DomainError(planMessages.wrongSport);
    const odds = (await currentOdds(trx, [input.match_id])).find((row) => row.market === input.market && !row.is_closed);
    const price = odds && (input.pick === 'home' || input.pick === 'over' ? odds.home : input.pick === 'draw' ? odds.draw : odds.away);
    if (!odds || price === null || price === undefined) throw new DomainError(planMessages.noOdds);
    // Asian odds are quoted as the winnings on a stake of 1 ('Hong Kong' odds); the plan keeps decimal odds.
    const decimal = input.market === 'europe' ? Number(price) : Math.round((1 + Number(price)) * 100) / 100;
    const line = odds.line === null ? null : Number(odds.line);
    const publishedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const nonce = randomBytes(16).toString('hex');
    const seal = createHash('sha256')
      .update(planSealText({ expert_id: expertId, match_id: input.match_id, market: input.market, pick: input.pick, line, odds: decimal, published_at: publishedAt.getTime() / 1000, nonce }))
      .digest('hex');
    const row = await trx
      .insertInto('expert_plans')
      .values({
        expert_id: expertId,
        match_id: input.match_id,
        market: input.market,
        pick: input.pick,
        line,
        odds: decimal,
        title: input.title.trim(),
        analysis: input.analysis.trim(),
        price: input.price,
        published_at: publishedAt,
        seal,
        seal_nonce: nonce,
      })
      .onConflict((conflict) => conflict.columns(['expert_id', 'match_id', 'market']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new DomainError(planMessages.alreadyPublished);
    return Number(row.id);
  });
  return planDetail(server, expertId, id, language);
}

/** expert/planDetail. */
export async function planDetail(server: ServerContext, viewerId: number | null, id: number, language: Language): Promise<PlanView> {
  const { db } = server.database;
  const row = await planQuery(db, language).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError(planMessages.planNotFound);
  return (await viewsOf(db, [row], viewerId))[0]!;
}

/** expert/planList: one expert's, one match's or one sport's plans, newest first. */
export async function planList(server: ServerContext, viewerId: number | null, input: InputOf<'expertPlanList'>, language: Language): Promise<DataOf<'expertPlanList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  let query = planQuery(db, language);
  if (input.expert_id !== undefined) query = query.where('p.expert_id', '=', input.expert_id);
  else if (input.match_id === undefined) query = query.where('m.sport', '=', input.type === 1 ? 'basketball' : 'football');
  if (input.match_id !== undefined) query = query.where('p.match_id', '=', input.match_id);
  const [rows, total] = await Promise.all([
    query.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: await viewsOf(db, rows, viewerId) };
}

/**
 * expert/buyPlan: the price moves from the buyer's consumer wallet into escrow, in one ledger
 * transaction under the Idempotency-Key; settlement pays it on or back. Buying what one has bought
 * already answers the plan without a second charge.
 */
export async function buyPlan(server: ServerContext, userId: number, id: number, key: string | undefined, language: Language): Promise<PlanView> {
  await idempotent(server, { userId, operation: 'expertBuyPlan', key, params: { id } }, async (trx) => {
    const plan = await trx
      .selectFrom('expert_plans as p')
      .innerJoin('matches as m', 'm.id', 'p.match_id')
      .select(['p.id', 'p.expert_id', 'p.price', 'p.status', 'm.status as match_status', 'm.start_time'])
      .where('p.id', '=', id)
      .forUpdate('p')
      .executeTakeFirst();
    if (!plan) throw new DomainError(planMessages.planNotFound);
    if (Number(plan.expert_id) === userId) throw new DomainError(planMessages.ownPlan);
    const price = tenthsOf(plan.price);
    if (price === 0) throw new DomainError(planMessages.freePlan);
    const earlier = await trx.selectFrom('expert_plan_purchases').select('plan_id').where('plan_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (earlier) return null;
    if (plan.status !== 'to_be_settled' || plan.match_status !== 'not_started' || new Date(plan.start_time).getTime() <= server.clock.now().getTime()) {
      throw new DomainError(planMessages.closed);
    }
    const booked = await book(trx, server, {
      key: `plan_purchase:${id}:${userId}`,
      kind: 'plan_purchase',
      userId,
      meta: { plan_id: id },
      postings: [
        { account: { user: userId, kind: 'consumer' }, tenths: -price },
        { account: { system: 'system_escrow' }, tenths: price },
      ],
    });
    await trx
      .insertInto('expert_plan_purchases')
      .values({ plan_id: id, user_id: userId, transaction_id: booked.transactionId, price: plan.price, created_at: server.clock.now() })
      .execute();
    return null;
  });
  return planDetail(server, userId, id, language);
}

/** expert/boughtPlans: the member centre's list, newest purchase first. */
export async function boughtPlans(server: ServerContext, userId: number, input: InputOf<'expertBoughtPlans'>, language: Language): Promise<DataOf<'expertBoughtPlans'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const base = planQuery(db, language).innerJoin('expert_plan_purchases as bp', (join) => join.onRef('bp.plan_id', '=', 'p.id').on('bp.user_id', '=', userId));
  const [rows, total] = await Promise.all([
    base.orderBy('bp.created_at', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    db.selectFrom('expert_plan_purchases').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page, limit, list: await viewsOf(db, rows, userId) };
}

/** expert/mySales: each of the expert's plans with its buyers, and what they paid in all and in escrow. */
export async function mySales(server: ServerContext, expertId: number, input: InputOf<'expertMySales'>, language: Language): Promise<DataOf<'expertMySales'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const query = planQuery(db, language).where('p.expert_id', '=', expertId);
  const [rows, total, sums] = await Promise.all([
    query.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    db.selectFrom('expert_plans').select((eb) => eb.fn.countAll<number>().as('n')).where('expert_id', '=', expertId).executeTakeFirstOrThrow(),
    db
      .selectFrom('expert_plan_purchases as b')
      .innerJoin('expert_plans as p', 'p.id', 'b.plan_id')
      .select([
        (eb) => eb.fn.countAll<number>().as('buyers'),
        sql<string>`coalesce(sum(b.price), 0)`.as('paid'),
        sql<string>`coalesce(sum(b.price) filter (where b.outcome is null), 0)`.as('held'),
      ])
      .where('p.expert_id', '=', expertId)
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => Number(row.id));
  const buyers =
    ids.length === 0
      ? []
      : await db
          .selectFrom('expert_plan_purchases as b')
          .innerJoin('users as u', 'u.id', 'b.user_id')
          .select(['b.plan_id', 'b.user_id', 'u.user_nickname', 'b.created_at', 'b.outcome', 'b.price'])
          .where('b.plan_id', 'in', ids)
          .orderBy('b.created_at', 'desc')
          .execute();
  const views = await viewsOf(db, rows, expertId);
  return {
    total_buyers: Number(sums.buyers),
    total_diamonds: Number(sums.paid),
    held_diamonds: Number(sums.held),
    total: Number(total.n),
    page,
    limit,
    list: views.map((plan) => {
      const mine = buyers.filter((buyer) => Number(buyer.plan_id) === plan.id);
      return {
        plan,
        diamonds: mine.reduce((sum, buyer) => sum + Number(buyer.price), 0),
        buyers: mine.map((buyer) => ({ user_id: Number(buyer.user_id), user_nickname: buyer.user_nickname, bought_at: seconds(buyer.created_at), outcome: buyer.outcome })),
      };
    }),
  };
}
