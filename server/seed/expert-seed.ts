import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { planSealText } from '../../src/machines/plan-seal.ts';
import type { Random } from '../random.ts';
import { expertDefs } from './catalogue/expert-catalogue.ts';
import type { ExpertPlansTable, PlanPick } from '../db/tables/expert-tables.ts';
import type { OddsMarket } from '../db/tables/scores-tables.ts';
import type { SettlementStatus } from '../db/tables/column-types.ts';
import {
  at,
  dayMs,
  hourMs,
  insertRows,
  minuteMs,
  type SeedContext,
  type SeededAccounts,
  type SeededMatch,
  type SeededScores,
} from './context.ts';

const marketLabel: Record<OddsMarket, string> = { asia: '让球', over_under: '大小', europe: '胜平负' };
const pickLabel: Record<PlanPick, string> = { home: '主胜', draw: '平局', away: '客胜', over: '大', under: '小' };

const reasons = [
  '{home}近五场主场保持不败，进攻端的组织明显更流畅。',
  '{away}客场防守问题依旧，近期连续多场被对手率先破门。',
  '两队上次交手{home}占据上风，心理层面有优势。',
  '从伤停看，{away}中后场主力缺阵，轮换深度不足。',
  '初盘到即时盘的变化显示机构对{home}的信心在增强。',
  '{home}本赛季面对中下游球队的胜率很高，拿分意愿强烈。',
  '{away}一周双赛，体能储备是最大的隐患。',
  '近期两队的比赛节奏都偏快，场面容易打开。',
];

/** How a pick at a line settles against a final score. */
function settle(market: OddsMarket, pick: PlanPick, line: number | null, home: number, away: number): SettlementStatus {
  let margin: number;
  if (market === 'europe') {
    const outcome: PlanPick = home > away ? 'home' : home === away ? 'draw' : 'away';
    return outcome === pick ? 'won' : 'lost';
  }
  if (market === 'asia') margin = (home - away + (line ?? 0)) * (pick === 'home' ? 1 : -1);
  else margin = (home + away - (line ?? 0)) * (pick === 'over' ? 1 : -1);
  // a whole-number line that lands exactly returns the stake
  return margin > 0 ? 'won' : margin < 0 ? 'lost' : 'settled';
}

function plan(random: Random, expertId: number, match: SeededMatch, ctx: SeedContext): Insertable<ExpertPlansTable> {
  const { odds } = match;
  const market: OddsMarket = random.weighted([
    ['asia', 5],
    ['over_under', odds.overUnder ? 3 : 0],
    ['europe', 2],
  ] as const);
  let pick: PlanPick;
  let line: number | null = null;
  let price: number;
  if (market === 'asia') {
    // half and whole lines only, so a plan settles won, lost or (on a whole line) settled
    line = Math.round(odds.asia.line * 2) / 2;
    pick = random.chance(line <= 0 ? 0.6 : 0.4) ? 'home' : 'away';
    price = 1 + (pick === 'home' ? odds.asia.home : odds.asia.away);
  } else if (market === 'over_under') {
    line = Math.round(odds.overUnder!.line * 2) / 2;
    pick = random.chance(0.55) ? 'over' : 'under';
    price = 1 + (pick === 'over' ? odds.overUnder!.over : odds.overUnder!.under);
  } else {
    const options: PlanPick[] = odds.europe.draw === null ? ['home', 'away'] : ['home', 'draw', 'away'];
    pick = random.pick(options);
    price = pick === 'home' ? odds.europe.home : pick === 'away' ? odds.europe.away : odds.europe.draw!;
  }
  const fill = (text: string) => text.replaceAll('{home}', match.homeShort).replaceAll('{away}', match.awayShort);
  const lineText = line === null ? '' : ` ${line > 0 ? '+' : ''}${line}`;
  const title =
    `${match.leagueShort} ${match.homeShort}vs${match.awayShort}：${marketLabel[market]}${pickLabel[pick]}${lineText}`.slice(
      0,
      60,
    );
  const analysis = [
    `${match.leagueShort}${match.round ? `${match.round}` : ''}，${match.homeName}主场迎战${match.awayName}。`,
    ...random.sample(reasons, 3).map(fill),
    `综合判断，本场推荐${marketLabel[market]}${pickLabel[pick]}${lineText}，仅供参考，请理性看球。`,
  ].join('\n\n');
  const over = match.status === 'over';
  const publishedAt = new Date(
    Math.min(
      match.start.getTime() - random.int(1, 10) * hourMs,
      match.status === 'not_started' ? ctx.now.getTime() - random.int(5, 300) * minuteMs : Number.POSITIVE_INFINITY,
    ),
  );
  const planOdds = Math.max(1.01, Math.round(price * 100) / 100);
  const published = new Date(Math.floor(Math.min(publishedAt.getTime(), ctx.now.getTime()) / 1000) * 1000);
  const nonce = Array.from({ length: 4 }, () => random.int(0, 0xffff).toString(16).padStart(4, '0')).join('');
  const seal = createHash('sha256')
    .update(planSealText({ expert_id: expertId, match_id: match.id, market, pick, line, odds: planOdds, published_at: published.getTime() / 1000, nonce }))
    .digest('hex');
  return {
    expert_id: expertId,
    match_id: match.id,
    market,
    pick,
    line,
    odds: planOdds,
    seal,
    seal_nonce: nonce,
    settled_home: over ? match.homeScore : null,
    settled_away: over ? match.awayScore : null,
    title,
    analysis,
    price: random.pick([0, 0, 18, 28, 58, 88]),
    status: over ? settle(market, pick, line, match.homeScore, match.awayScore) : 'to_be_settled',
    views: random.int(40, 6000),
    published_at: published,
    settled_at: over ? new Date(Math.min(ctx.now.getTime(), match.end.getTime() + random.int(1, 4) * minuteMs)) : null,
  };
}

/** Experts (each approved on application), one application waiting and one refused, and their plans. */
export async function seedExperts(ctx: SeedContext, accounts: SeededAccounts, scores: SeededScores): Promise<void> {
  const { db } = ctx;
  const random = ctx.random.fork('experts');

  const experts = accounts.experts.map((user, i) => ({ user, def: expertDefs[i]! }));
  await insertRows(
    db,
    'experts',
    experts.map(({ user, def }, i) => ({
      user_id: user.id,
      sport: def.sport,
      title: def.title,
      intro: def.intro,
      tags: JSON.stringify(def.tags),
      is_recommended: i < 3,
      created_at: new Date(user.createdAt.getTime() + 3 * dayMs),
    })),
  );
  const application = (
    userId: number,
    sport: 'football' | 'basketball',
    status: 'under_review' | 'audit_successful' | 'audit_failure',
    created: Date,
    experience: string,
  ) => ({
    user_id: userId,
    sport,
    experience,
    agreed_code: true,
    status,
    reviewer_id: status === 'under_review' ? null : accounts.admin.id,
    review_note: status === 'audit_failure' ? '从业经历描述过于简单，请补充近期的分析记录' : '',
    created_at: created,
    reviewed_at: status === 'under_review' ? null : new Date(created.getTime() + dayMs),
  });
  await insertRows(db, 'expert_applications', [
    ...experts.map(({ user, def }) =>
      application(user.id, def.sport, 'audit_successful', new Date(user.createdAt.getTime() + 2 * dayMs), def.intro),
    ),
    application(
      accounts.regulars[2]!.id,
      'football',
      'under_review',
      at(ctx, -2 * dayMs),
      '关注五大联赛多年，坚持赛前做数据分析，希望和大家分享自己的判断。',
    ),
    application(accounts.regulars[3]!.id, 'basketball', 'audit_failure', at(ctx, -12 * dayMs), '喜欢看NBA。'),
  ]);

  const plans: Array<Insertable<ExpertPlansTable>> = [];
  experts.forEach(({ user, def }, i) => {
    const pool = scores.matches.filter((m) => m.sport === def.sport);
    const settled = random.sample(
      pool.filter((m) => m.status === 'over'),
      i === 0 ? 5 : random.int(2, 4),
    );
    const open = random.sample(
      pool.filter((m) => m.status !== 'over'),
      i === 0 ? 5 : random.int(2, 4),
    );
    for (const match of [...settled, ...open]) plans.push(plan(random, user.id, match, ctx));
  });
  await insertRows(db, 'expert_plans', plans);
}
